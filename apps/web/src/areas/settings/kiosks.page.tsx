import { Badge, Button, Group, Loader, Modal, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { ErrorNotice, Page } from '../../ui/page';
import { SecretOnce } from '../../ui/secret-once';
import { useKiosks, useRegisterKiosk, useRevokeKiosk } from './settings.queries';
import { useOutlets } from '../../api/shared.queries';

/** The kiosk tablets at outlets' entrances: each has a device token, shown once when registered. */
export function KiosksPage() {
  const kiosks = useKiosks();
  const outlets = useOutlets();
  const register = useRegisterKiosk();
  const revoke = useRevokeKiosk();
  const [open, setOpen] = useState(false);
  const [outletId, setOutletId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const close = () => {
    register.reset();
    setName('');
    setOpen(false);
  };
  return (
    <Page title="Kiosks" actions={<Button onClick={() => setOpen(true)}>Register a kiosk</Button>}>
      <Text size="sm" c="dimmed">
        Open <code>{window.location.origin}/kiosk</code> on the tablet and type its token once: staff then tap their name and clock in or out with their PIN.
      </Text>
      <ErrorNotice error={kiosks.error} />
      {kiosks.isPending ? (
        <Loader aria-label="Loading kiosks" />
      ) : kiosks.data && kiosks.data.length === 0 ? (
        <Text c="dimmed">No kiosks yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Outlet</Table.Th>
                <Table.Th>Token</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(kiosks.data ?? []).map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>{outletName.get(k.outletId) ?? '—'}</Table.Td>
                  <Table.Td>
                    <code>…{k.tokenHint}</code>
                  </Table.Td>
                  <Table.Td>{k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never'}</Table.Td>
                  <Table.Td>{k.revokedAt ? <Badge color="red" variant="light">Revoked</Badge> : <Badge color="green" variant="light">Active</Badge>}</Table.Td>
                  <Table.Td>
                    {k.revokedAt ? null : (
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRevoking(k)}>
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={open} onClose={close} title="Register a kiosk">
        {register.data ? (
          <Stack gap="sm">
            <SecretOnce label={`Kiosk token for “${register.data.name}”`} value={register.data.token} />
            <Button onClick={close}>Done</Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Select label="Outlet" required data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} />
            <TextInput label="Name" description="Which tablet, e.g. Front door tablet" required maxLength={80} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <ErrorNotice error={register.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button disabled={!outletId || !name.trim()} loading={register.isPending} onClick={() => register.mutate({ outletId: outletId!, name: name.trim() })}>
                Register
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmModal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        confirmLabel="Revoke"
        pending={revoke.isPending}
        error={revoke.error}
        onConfirm={() => revoke.mutate(revoking!.id, { onSuccess: () => setRevoking(null) })}
      >
        The tablet stops working at once.
      </ConfirmModal>
    </Page>
  );
}
