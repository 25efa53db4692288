import { Anchor, Badge, Loader, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useReaders } from './access.queries';

/** Every reader that has reported, online when its last heartbeat is within 15 minutes. */
export function ReadersPage() {
  const readers = useReaders();
  const online = (readers.data ?? []).filter((r) => r.online).length;
  return (
    <Page title="Readers">
      <Text size="sm" c="dimmed">
        {readers.data ? `${online} of ${readers.data.length} online. ` : ''}A reader appears once its bridge sends a heartbeat; it is online while heartbeats keep coming (within 15 minutes).
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
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Page>
  );
}
