import { Badge, Button, Group, Modal, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatDateTime, humanize } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { useBulkGrant, useDeleteGrant, useGrant, useGrants, useRevokeGrant, useZones, type Grant, type GrantStatus } from './access.queries';
import { usePeople } from '../../api/shared.queries';
import { localInputInstant } from '../../ui/zone';

const STATUS_COLOUR: Record<GrantStatus, string> = { ACTIVE: 'green', REVOKED: 'red', EXPIRED: 'gray' };

/** Who may open which zone: by person or by zone, granted one at a time or in bulk. */
export function GrantsPage() {
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
    <Page title="Grants" actions={<Button onClick={() => setGranting(true)}>Grant access</Button>}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Person" placeholder="Everyone" searchable clearable data={userOptions} value={userId} onChange={setUserId} />
        <Select label="Zone" placeholder="Every zone" clearable data={zoneOptions} value={zoneId} onChange={setZoneId} />
        <Select label="Status" placeholder="Any status" clearable data={['ACTIVE', 'REVOKED', 'EXPIRED'].map((s) => ({ value: s, label: humanize(s) }))} value={status} onChange={setStatus} />
      </Group>
      <DataTable query={grants} loadingLabel="Loading grants" empty="No grants match." minWidth={720} columns={[
        { header: 'Person', cell: (g) => g.userName },
        { header: 'Zone', cell: (g) => g.zoneName },
        {
          header: 'Status',
          cell: (g) => (
            <Badge variant="light" color={STATUS_COLOUR[g.status]}>
              {humanize(g.status)}
            </Badge>
          ),
        },
        { header: 'Until', cell: (g) => (g.expiresAt ? formatDateTime(g.expiresAt) : 'No end') },
        { header: 'Note', cell: (g) => (g.revokeReason ?? g.note ?? '') },
        {
          cell: (g) => (
            <Group gap="xs" wrap="nowrap">
              {g.status === 'ACTIVE' ? (
                <Button size="compact-sm" variant="light" color="red" onClick={() => setRevoking(g)}>
                  Revoke
                </Button>
              ) : null}
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(g)} aria-label={`Delete the grant of ${g.userName} to ${g.zoneName}`}>
                Delete
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
      one.mutate({ userId: userIds[0]!, zoneId: zoneIds[0]!, ...extra }, { onSuccess: () => { notifications.show({ color: 'green', message: 'Access granted.' }); close(); } });
    else
      bulk.mutate(
        { userIds, zoneIds, ...extra },
        { onSuccess: (r) => { notifications.show({ color: 'green', message: `${r.created} grant(s) made${r.skipped ? `; ${r.skipped} already had access` : ''}.` }); close(); } },
      );
  };
  return (
    <FormModal opened={opened} onClose={close} title="Grant access" error={one.error ?? bulk.error}
      submit={
        <Button onClick={submit} disabled={userIds.length === 0 || zoneIds.length === 0} loading={one.isPending || bulk.isPending}>
          Grant {userIds.length * zoneIds.length > 1 ? `${userIds.length * zoneIds.length} grants` : 'access'}
        </Button>
      }
    >
      <MultiSelect label="People" required searchable data={users} value={userIds} onChange={setUserIds} />
      <MultiSelect label="Zones" required searchable data={zones} value={zoneIds} onChange={setZoneIds} />
      <TextInput label="Until (optional)" type="datetime-local" value={until} onChange={(e) => setUntil(e.currentTarget.value)} />
      <TextInput label="Note (optional)" maxLength={500} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
    </FormModal>
  );
}

function RevokeModal({ grant, onClose }: { grant: Grant | null; onClose: () => void }) {
  const revoke = useRevokeGrant();
  const [reason, setReason] = useState('');
  const close = () => {
    revoke.reset();
    setReason('');
    onClose();
  };
  return (
    <Modal opened={grant !== null} onClose={close} title="Revoke this grant?">
      <Stack gap="sm">
        <Text size="sm">{grant ? `${grant.userName} stops opening ${grant.zoneName} at once.` : ''}</Text>
        <TextInput label="Reason (optional, kept in the audit log)" maxLength={500} value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <ErrorNotice error={revoke.error} />
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Keep it
          </Button>
          <Button color="red" loading={revoke.isPending} onClick={() => revoke.mutate({ id: grant!.id, ...(reason.trim() ? { reason: reason.trim() } : {}) }, { onSuccess: close })}>
            Revoke
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function DeleteModal({ grant, onClose }: { grant: Grant | null; onClose: () => void }) {
  const remove = useDeleteGrant();
  return (
    <ConfirmModal
      opened={grant !== null}
      onClose={onClose}
      title="Delete this grant?"
      confirmLabel="Delete"
      pending={remove.isPending}
      error={remove.error}
      onConfirm={() => remove.mutate(grant!.id, { onSuccess: onClose })}
    >
      It disappears from the list; an active one stops opening doors at once.
    </ConfirmModal>
  );
}
