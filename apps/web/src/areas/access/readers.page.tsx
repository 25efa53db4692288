import { Anchor, Badge, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useReaders, useRemoveReader, type Reader } from './access.queries';

/**
 * Every reader that has reported, online when its last heartbeat is within 15 minutes. Admins
 * remove retired ones (outside any zone) to free their place under the tenant's cap.
 */
export function ReadersPage() {
  const readers = useReaders();
  const admin = mayCall(useMe().data, 'deleteAccessReadersByReaderId');
  const remove = useRemoveReader();
  const [removing, setRemoving] = useState<Reader | null>(null);
  const online = (readers.data ?? []).filter((r) => r.online).length;
  return (
    <Page title="Readers">
      <Text size="sm" c="dimmed">
        {readers.data ? `${online} of ${readers.data.length} online. ` : ''}A reader appears once its bridge sends a heartbeat; it is online while heartbeats keep coming (within 15 minutes).
        An offline reader whose door daemon has lost its link to the platform still decides taps, for the company’s offline window; its taps reach the audit log when the link returns.
      </Text>
      <DataTable query={readers} loadingLabel="Loading readers" columns={[
        { header: 'Reader', cell: (r) => r.readerId },
        {
          header: 'State',
          cell: (r) => (
            <>
              <Badge variant="light" color={r.online ? 'green' : 'gray'}>
                {r.online ? 'Online' : 'Offline'}
              </Badge>
              {r.online ? null : (
                <Text size="xs" c="dimmed">
                  since {formatDateTime(r.lastSeenAt)}
                </Text>
              )}
            </>
          ),
        },
        {
          header: 'Zone',
          cell: (r) => (
            r.zone ? (
              <Anchor component={Link} to={`/access/zones/${r.zone.id}`}>
                {r.zone.name}
              </Anchor>
            ) : (
              'Not in a zone'
            )
          ),
        },
        { header: 'Last heartbeat', cell: (r) => formatDateTime(r.lastSeenAt) },
        { header: 'Firmware', cell: (r) => (r.firmwareVersion ?? '—') },
        { header: 'Address', cell: (r) => (r.ipAddress ?? '—') },
        admin && {
          cell: (r) => (
            r.zone ? null : (
              <Button size="compact-sm" variant="subtle" color="red" aria-label={`Remove reader ${r.readerId}`} onClick={() => setRemoving(r)}>
                Remove
              </Button>
            )
          ),
        },
      ]} />
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title={`Remove reader ${removing?.readerId ?? ''}?`}
        confirmLabel="Remove the reader"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => removing && remove.mutate(removing, { onSuccess: () => setRemoving(null) })}
      >
        It leaves this list and frees its place; the audit log keeps its taps. If it is still in service, its next heartbeat registers it again.
      </ConfirmModal>
    </Page>
  );
}
