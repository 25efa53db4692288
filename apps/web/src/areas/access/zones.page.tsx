import { Anchor, Badge, Button, Group, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { hasRole, ACCESS_ADMIN_ROLES, useMe } from '../../auth/me';
import { ErrorNotice, Page } from '../../ui/page';
import { hoursBody, summary, windowProblem, DAYS, type Hours } from './hours';
import { useCreateZone, useZones } from './access.queries';
import { ZoneFields, type ZoneDraft } from './zone-form';

const EMPTY: ZoneDraft = { name: '', outletId: null, readerIds: [], description: '', hours: null };

export function hoursReady(hours: Hours | null): boolean {
  return hours === null || DAYS.every((d) => (hours[d] ?? []).every((w) => windowProblem(w) === null));
}

/** Door zones: the readers they bind, their outlet and opening hours. */
export function ZonesPage() {
  const me = useMe();
  const admin = hasRole(me.data, ACCESS_ADMIN_ROLES);
  const zones = useZones();
  const create = useCreateZone();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const close = () => {
    create.reset();
    setDraft(null);
  };
  const save = () => {
    const d = draft!;
    create.mutate(
      { name: d.name.trim(), readerIds: d.readerIds, ...(d.outletId ? { outletId: d.outletId } : {}), ...(d.description.trim() ? { description: d.description.trim() } : {}), hoursJson: hoursBody(d.hours) },
      {
        onSuccess: (zone) => {
          close();
          notifications.show({ color: 'green', message: `Zone “${zone.name}” created.` });
          navigate(`/access/zones/${zone.id}`);
        },
      },
    );
  };
  return (
    <Page title="Zones" actions={admin ? <Button onClick={() => setDraft(EMPTY)}>New zone</Button> : null}>
      <ErrorNotice error={zones.error} />
      {zones.isPending ? (
        <Loader aria-label="Loading zones" />
      ) : zones.data && zones.data.length === 0 ? (
        <Text c="dimmed">No zones yet. A zone groups the door readers that open for the same people at the same hours.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Zone</Table.Th>
                <Table.Th>Outlet</Table.Th>
                <Table.Th>Readers</Table.Th>
                <Table.Th>Hours</Table.Th>
                <Table.Th>State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(zones.data ?? []).map((z) => (
                <Table.Tr key={z.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/access/zones/${z.id}`}>
                      {z.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{z.outlet?.name ?? 'Every outlet'}</Table.Td>
                  <Table.Td>{z.readerIds.join(', ')}</Table.Td>
                  <Table.Td>{summary(z.hoursJson as Hours | null)}</Table.Td>
                  <Table.Td>{z.active ? <Badge variant="light" color="green">Active</Badge> : <Badge variant="light" color="gray">Inactive</Badge>}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={draft !== null} onClose={close} title="New zone" size="xl">
        {draft ? (
          <Stack gap="sm">
            <ZoneFields draft={draft} onChange={setDraft} />
            <ErrorNotice error={create.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button onClick={save} loading={create.isPending} disabled={!draft.name.trim() || draft.readerIds.length === 0 || !hoursReady(draft.hours)}>
                Create the zone
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Page>
  );
}
