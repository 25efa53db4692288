import { Anchor, Badge, Button, Loader, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { ACCESS_ADMIN_ROLES, hasRole, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useReaders, useRemoveReader, type Reader } from './access.queries';

/**
 * Every reader that has reported, online when its last heartbeat is within 15 minutes. Admins
 * remove retired ones (outside any zone) to free their place under the tenant's cap.
 */
export function ReadersPage() {
  const readers = useReaders();
  const admin = hasRole(useMe().data, ACCESS_ADMIN_ROLES);
  const remove = useRemoveReader();
  const [removing, setRemoving] = useState<Reader | null>(null);
  const online = (readers.data ?? []).filter((r) => r.online).length;
  return (
    <Page title="Readers">
      <Text size="sm" c="dimmed">
        {readers.data ? `${online} of ${readers.data.length} online. ` : ''}A reader appears once its bridge sends a heartbeat; it is online while heartbeats keep coming (within 15 minutes).
        An offline reader whose door daemon has lost its link to the platform still decides taps, for the company’s offline window; its taps reach the audit log when the link returns.
      </Text>
      <ErrorNotice error={readers.error} />
      {readers.isPending ? (
        <Loader aria-label="Loading readers" />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reader</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th>Zone</Table.Th>
                <Table.Th>Last heartbeat</Table.Th>
                <Table.Th>Firmware</Table.Th>
                <Table.Th>Address</Table.Th>
                {admin ? <Table.Th /> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(readers.data ?? []).map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{r.readerId}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={r.online ? 'green' : 'gray'}>
                      {r.online ? 'Online' : 'Offline'}
                    </Badge>
                    {r.online ? null : (
                      <Text size="xs" c="dimmed">
                        since {formatDateTime(r.lastSeenAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {r.zone ? (
                      <Anchor component={Link} to={`/access/zones/${r.zone.id}`}>
                        {r.zone.name}
                      </Anchor>
                    ) : (
                      'Not in a zone'
                    )}
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.lastSeenAt)}</Table.Td>
                  <Table.Td>{r.firmwareVersion ?? '—'}</Table.Td>
                  <Table.Td>{r.ipAddress ?? '—'}</Table.Td>
                  {admin ? (
                    <Table.Td>
                      {r.zone ? null : (
                        <Button size="compact-sm" variant="subtle" color="red" aria-label={`Remove reader ${r.readerId}`} onClick={() => setRemoving(r)}>
                          Remove
                        </Button>
                      )}
                    </Table.Td>
                  ) : null}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
