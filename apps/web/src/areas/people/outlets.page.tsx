import { Badge, Button, Group, Select, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { humanize } from '../../ui/format';
import { mayCall, useMe } from '../../auth/me';
import { Link } from 'react-router';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { DraftModal } from '../../ui/form-actions';
import { useCreateOutlet, useUpdateOutlet, type Outlet } from './people.queries';
import { useOutlets } from '../../api/shared.queries';
import { TimezoneInput } from '../../ui/timezone-input';

interface Draft {
  name: string;
  code: string;
  city: string;
  address: string;
  /** Empty: the company's. */
  timezone: string;
  status: Outlet['status'];
}

/** The company's outlets (sites): added and edited by those who run the company. */
export function OutletsPage() {
  const { t } = useTranslation('people');
  const me = useMe();
  const admin = mayCall(me.data, 'postOutlets');
  const outlets = useOutlets();
  const create = useCreateOutlet();
  const update = useUpdateOutlet();
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const save = () => {
    const { id, draft } = editing!;
    const body = { name: draft.name.trim(), code: draft.code.trim(), city: draft.city.trim(), status: draft.status };
    if (id) update.mutate({ id, body: { ...body, address: draft.address.trim() || null, timezone: draft.timezone.trim() || null } }, { onSuccess: close });
    else create.mutate({ ...body, ...(draft.address.trim() ? { address: draft.address.trim() } : {}), ...(draft.timezone.trim() ? { timezone: draft.timezone.trim() } : {}) }, { onSuccess: close });
  };
  return (
    <Page title={t('nav.outlets')} actions={
        admin ? (
          <Group gap="xs">
            <Button variant="light" component={Link} to="/people/outlets/import">
              {t('importCsv')}
            </Button>
            <Button onClick={() => setEditing({ id: null, draft: { name: '', code: '', city: '', address: '', timezone: '', status: 'ACTIVE' } })}>{t('outlets.new')}</Button>
          </Group>
        ) : null
      }
    >
      <DataTable query={outlets} loadingLabel={t('outlets.loading')} minWidth={560} columns={[
        { header: t('outlets.name'), cell: (o) => o.name },
        { header: t('outlets.code'), cell: (o) => o.code },
        { header: t('outlets.city'), cell: (o) => o.city },
        { header: t('outlets.address'), cell: (o) => (o.address ?? '—') },
        { header: t('outlets.timezone'), cell: (o) => (o.timezone ?? t('outlets.companyZone')) },
        {
          header: t('users.status'),
          cell: (o) => (
            <Badge variant="light" color={o.status === 'ACTIVE' ? 'green' : 'gray'}>
              {humanize(o.status)}
            </Badge>
          ),
        },
        admin && {
          cell: (o) => (
            <Button size="compact-sm" variant="subtle" onClick={() => setEditing({ id: o.id, draft: { name: o.name, code: o.code, city: o.city, address: o.address ?? '', timezone: o.timezone ?? '', status: o.status } })}>
              {t('edit')}
            </Button>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} title={editing?.id ? t('outlets.edit') : t('outlets.new')} error={create.error ?? update.error} submit={(editing) => (
        <Button loading={create.isPending || update.isPending} disabled={!editing.draft.name.trim() || !editing.draft.code.trim() || !editing.draft.city.trim()} onClick={save}>
          {t('save')}
        </Button>
      )}>
        {(editing) => (
          <>
            <TextInput label={t('outlets.name')} required value={editing.draft.name} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, name: e.currentTarget.value } })} />
            <TextInput label={t('outlets.code')} description={t('outlets.codeHelp')} required value={editing.draft.code} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, code: e.currentTarget.value } })} />
            <TextInput label={t('outlets.city')} required value={editing.draft.city} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, city: e.currentTarget.value } })} />
            <TextInput label={t('outlets.addressOptional')} value={editing.draft.address} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, address: e.currentTarget.value } })} />
            <TimezoneInput label={t('outlets.timezoneOptional')} description={t('outlets.timezoneHelp')} value={editing.draft.timezone} onChange={(timezone) => setEditing({ ...editing, draft: { ...editing.draft, timezone } })} />
            <Select label={t('users.status')} allowDeselect={false} data={[{ value: 'ACTIVE', label: humanize('ACTIVE') }, { value: 'INACTIVE', label: humanize('INACTIVE') }]} value={editing.draft.status} onChange={(v) => v && setEditing({ ...editing, draft: { ...editing.draft, status: v as Outlet['status'] } })} />
          </>
        )}
      </DraftModal>
    </Page>
  );
}
