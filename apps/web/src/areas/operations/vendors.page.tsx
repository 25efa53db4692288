import { Anchor, Button, Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';

import { useLastShown } from '../../ui/last-shown';
import { Page } from '../../ui/page';
import { useCreateVendor, useDeleteVendor, useUpdateVendor, useVendors, type Vendor } from './operations.queries';

const KINDS: Array<Vendor['kind']> = ['MAINTAINER', 'SUPPLIER', 'BOTH'];
const CONTACTS = ['contactName', 'email', 'phone', 'website', 'notes'] as const;
type Draft = { id: string | null; name: string; kind: Vendor['kind'] } & Record<(typeof CONTACTS)[number], string>;


function draftOf(v: Vendor): Draft {
  return { id: v.id, name: v.name, kind: v.kind, contactName: v.contactName ?? '', email: v.email ?? '', phone: v.phone ?? '', website: v.website ?? '', notes: v.notes ?? '' };
}

/** Who supplies and maintains the assets, with their contacts; deleting one leaves its assets without a vendor. */
export function VendorsPage() {
  const { t } = useTranslation('operations');
  const me = useMe();
  const admin = mayCall(me.data, 'postVendors');
  const vendors = useVendors();
  const create = useCreateVendor();
  const update = useUpdateVendor();
  const remove = useDeleteVendor();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Vendor | null>(null);
  const shown = useLastShown(deleting);
  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };
  const save = (d: Draft) => {
    const contacts = Object.fromEntries(CONTACTS.map((k) => [k, d[k].trim() || null])) as Record<(typeof CONTACTS)[number], string | null>;
    if (d.id) update.mutate({ id: d.id, body: { name: d.name.trim(), kind: d.kind, ...contacts } }, { onSuccess: close });
    else create.mutate({ name: d.name.trim(), kind: d.kind, ...Object.fromEntries(Object.entries(contacts).filter(([, v]) => v !== null)) }, { onSuccess: close });
  };
  return (
    <Page title={t('vendors.title')} actions={
      admin ? (
        <Group gap="xs">
          <Button variant="light" component={Link} to="/operations/vendors/import">
            {t('importCsv')}
          </Button>
          <Button onClick={() => setEditing({ id: null, name: '', kind: 'MAINTAINER', contactName: '', email: '', phone: '', website: '', notes: '' })}>{t('vendors.new')}</Button>
        </Group>
      ) : null
    }>
      <DataTable query={vendors} loadingLabel={t('vendors.loading')} empty={t('vendors.empty')} minWidth={640} columns={[
        {
          header: t('vendor'),
          cell: (v) => (
            <>
              {v.name}
              {v.website ? (
                <Text size="xs">
                  <Anchor href={v.website} target="_blank" rel="noreferrer">
                    {v.website}
                  </Anchor>
                </Text>
              ) : null}
            </>
          ),
        },
        { header: t('vendors.kind'), cell: (v) => t(`vendorKind.${v.kind}`) },
        { header: t('vendors.contact'), cell: (v) => [v.contactName, v.email, v.phone].filter(Boolean).join(' · ') || '—' },
        { header: t('assets.title'), cell: (v) => v.assetCount },
        admin && {
          cell: (v) => (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="subtle" aria-label={t('editOf', { name: v.name })} onClick={() => setEditing(draftOf(v))}>
                {t('edit')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={t('deleteOf', { name: v.name })} onClick={() => setDeleting(v)}>
                {t('delete')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} title={editing?.id ? t('vendors.edit') : t('vendors.new')} error={create.error ?? update.error} submit={(d) => (
        <Button loading={create.isPending || update.isPending} disabled={!d.name.trim()} onClick={() => save(d)}>
          {t('save')}
        </Button>
      )}>
        {(d) => (
          <>
            <TextInput label={t('name')} required maxLength={200} value={d.name} onChange={(e) => setEditing({ ...d, name: e.currentTarget.value })} />
            <Select label={t('vendors.kind')} allowDeselect={false} data={KINDS.map((k) => ({ value: k, label: t(`vendorKind.${k}`) }))} value={d.kind} onChange={(k) => k && setEditing({ ...d, kind: k as Vendor['kind'] })} />
            {CONTACTS.map((k) =>
              k === 'notes' ? (
                <Textarea key={k} label={t(`vendors.field.${k}`)} maxLength={2000} autosize minRows={2} value={d[k]} onChange={(e) => setEditing({ ...d, [k]: e.currentTarget.value })} />
              ) : (
                <TextInput key={k} label={t(`vendors.field.${k}`)} maxLength={k === 'website' ? 500 : 254} value={d[k]} onChange={(e) => setEditing({ ...d, [k]: e.currentTarget.value })} />
              ),
            )}
          </>
        )}
      </DraftModal>
      <ConfirmModal opened={deleting !== null} title={t('deleteTitle', { name: shown?.name ?? t('vendors.thisVendor') })} confirmLabel={t('delete')} cancelLabel={t('keepIt')} pending={remove.isPending} error={remove.error} onClose={closeDelete} onConfirm={() => remove.mutate(deleting!.id, { onSuccess: closeDelete })}>
        {t('vendors.deleteText')}
      </ConfirmModal>
    </Page>
  );
}
