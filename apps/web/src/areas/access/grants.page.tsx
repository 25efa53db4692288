import { Badge, Button, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { PersonSelect } from '../../ui/person-select';
import { FormModal } from '../../ui/form-actions';
import { useBulkGrant, useDeleteGrant, useGrant, useGrants, useRevokeGrant, useZones, type Grant, type GrantStatus } from './access.queries';
import { usePeople } from '../../api/shared.queries';
import { localInputInstant } from '../../ui/zone';

const STATUS_COLOUR: Record<GrantStatus, string> = { ACTIVE: 'green', REVOKED: 'red', EXPIRED: 'gray' };

/** Who may open which zone: by person or by zone, granted one at a time or in bulk. */
export function GrantsPage() {
  const { t } = useTranslation('access');
  const users = usePeople();
  const zones = useZones();
  const [userId, setUserId] = useState<string | null>(null);
  const [zoneId, setZoneId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>('ACTIVE');
  const grants = useGrants({ ...(userId ? { userId } : {}), ...(zoneId ? { zoneId } : {}), ...(status ? { status: status as GrantStatus } : {}) });
  const [granting, setGranting] = useState(false);
  const [revoking, setRevoking] = useState<Grant | null>(null);
  const [deleting, setDeleting] = useState<Grant | null>(null);
  const userOptions = [...(users.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }));
  const zoneOptions = (zones.data ?? []).map((z) => ({ value: z.id, label: z.name }));
  return (
    <Page title={t('grants.title')} actions={<Button onClick={() => setGranting(true)}>{t('grants.grantAccess')}</Button>}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PersonSelect value={userId} onChange={setUserId} />
        <Select label={t('common.zone')} placeholder={t('common.everyZone')} clearable data={zoneOptions} value={zoneId} onChange={setZoneId} />
        <Select label={t('grants.status')} placeholder={t('grants.anyStatus')} clearable data={['ACTIVE', 'REVOKED', 'EXPIRED'].map((s) => ({ value: s, label: t(`grants.statuses.${s}`) }))} value={status} onChange={setStatus} />
      </Group>
      <DataTable query={grants} loadingLabel={t('grants.loading')} empty={t('grants.empty')} minWidth={720} columns={[
        { header: t('common.person'), cell: (g) => g.userName },
        { header: t('common.zone'), cell: (g) => g.zoneName },
        {
          header: t('grants.status'),
          cell: (g) => (
            <Badge variant="light" color={STATUS_COLOUR[g.status]}>
              {t(`grants.statuses.${g.status}`)}
            </Badge>
          ),
        },
        { header: t('grants.until'), cell: (g) => (g.expiresAt ? formatDateTime(g.expiresAt) : t('grants.noEnd')) },
        { header: t('grants.note'), cell: (g) => (g.revokeReason ?? g.note ?? '') },
        {
          cell: (g) => (
            <Group gap="xs" wrap="nowrap">
              {g.status === 'ACTIVE' ? (
                <Button size="compact-sm" variant="light" color="red" onClick={() => setRevoking(g)}>
                  {t('common.revoke')}
                </Button>
              ) : null}
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(g)} aria-label={t('grants.deleteLabel', { person: g.userName, zone: g.zoneName })}>
                {t('common.delete')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <GrantModal opened={granting} onClose={() => setGranting(false)} users={userOptions} zones={zoneOptions} />
      <RevokeModal grant={revoking} onClose={() => setRevoking(null)} />
      <DeleteModal grant={deleting} onClose={() => setDeleting(null)} />
    </Page>
  );
}

type Option = { value: string; label: string };

/** One person to one zone, or several people to several zones at once (the bulk route). */
function GrantModal({ opened, onClose, users, zones }: { opened: boolean; onClose: () => void; users: Option[]; zones: Option[] }) {
  const { t } = useTranslation('access');
  const one = useGrant();
  const bulk = useBulkGrant();
  const [userIds, setUserIds] = useState<string[]>([]);
  const [zoneIds, setZoneIds] = useState<string[]>([]);
  const [until, setUntil] = useState('');
  const [note, setNote] = useState('');
  const close = () => {
    one.reset();
    bulk.reset();
    setUserIds([]);
    setZoneIds([]);
    setUntil('');
    setNote('');
    onClose();
  };
  const extra = { ...(until ? { expiresAt: localInputInstant(until).toISOString() } : {}), ...(note.trim() ? { note: note.trim() } : {}) };
  const submit = () => {
    if (userIds.length === 1 && zoneIds.length === 1)
      one.mutate({ userId: userIds[0]!, zoneId: zoneIds[0]!, ...extra }, { onSuccess: () => { notifications.show({ color: 'green', message: t('grants.granted') }); close(); } });
    else
      bulk.mutate(
        { userIds, zoneIds, ...extra },
        { onSuccess: (r) => { notifications.show({ color: 'green', message: r.skipped ? t('grants.madeSkipped', { count: r.created, skipped: r.skipped }) : t('grants.made', { count: r.created }) }); close(); } },
      );
  };
  return (
    <FormModal opened={opened} onClose={close} title={t('grants.grantAccess')} error={one.error ?? bulk.error}
      submit={
        <Button onClick={submit} disabled={userIds.length === 0 || zoneIds.length === 0} loading={one.isPending || bulk.isPending}>
          {userIds.length * zoneIds.length > 1 ? t('grants.grantMany', { count: userIds.length * zoneIds.length }) : t('grants.grantAccess')}
        </Button>
      }
    >
      <MultiSelect label={t('grants.people')} required searchable data={users} value={userIds} onChange={setUserIds} />
      <MultiSelect label={t('grants.zones')} required searchable data={zones} value={zoneIds} onChange={setZoneIds} />
      <TextInput label={t('grants.untilOptional')} type="datetime-local" value={until} onChange={(e) => setUntil(e.currentTarget.value)} />
      <TextInput label={t('grants.noteOptional')} maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
    </FormModal>
  );
}

function RevokeModal({ grant, onClose }: { grant: Grant | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const revoke = useRevokeGrant();
  const [reason, setReason] = useState('');
  const close = () => {
    revoke.reset();
    setReason('');
    onClose();
  };
  return (
    <Modal opened={grant !== null} onClose={close} title={t('grants.revokeTitle')}>
      <Stack gap="sm">
        <Text size="sm">{grant ? t('grants.revokeBody', { person: grant.userName, zone: grant.zoneName }) : ''}</Text>
        <TextInput label={t('grants.reason')} maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <ErrorNotice error={revoke.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('grants.keep')}
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate({ id: grant!.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }, { onSuccess: close })}>
            {t('common.revoke')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeleteModal({ grant, onClose }: { grant: Grant | null; onClose: () => void }) {
  const { t } = useTranslation('access');
  const remove = useDeleteGrant();
  return (
    <ConfirmModal
      opened={grant !== null}
      onClose={onClose}
      title={t('grants.deleteTitle')}
      confirmLabel={t('common.delete')}
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(grant!.id, { onSuccess: onClose })}
    >
      {t('grants.deleteBody')}
    </ConfirmModal>
  );
}
