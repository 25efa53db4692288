import { Badge, Button, Group, Loader, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { ErrorNotice, Page } from '../../ui/page';
import { SecretOnce } from '../../ui/secret-once';
import { useMintReaderKey, useReaderKeys, useRevokeReaderKey, type ReaderKey } from './access.queries';

/** The keys door-reader bridges call the door routes with: shown once when minted, hashed after. */
export function ReaderKeysPage() {
  const keys = useReaderKeys();
  const mint = useMintReaderKey();
  const revoke = useRevokeReaderKey();
  const [name, setName] = useState('');
  const [minting, setMinting] = useState(false);
  const [revoking, setRevoking] = useState<ReaderKey | null>(null);
  const close = () => {
    mint.reset();
    setName('');
    setMinting(false);
  };
  return (
    <Page title="Reader keys" actions={<Button onClick={() => setMinting(true)}>New reader key</Button>}>
      <Text size="sm" c="dimmed">
        A bridge at a door sends its key with every heartbeat and tap. Give each bridge its own key, so one can be revoked alone.
      </Text>
      <ErrorNotice error={keys.error} />
      {keys.isPending ? (
        <Loader aria-label="Loading reader keys" />
      ) : keys.data && keys.data.length === 0 ? (
        <Text c="dimmed">No reader keys yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(keys.data ?? []).map((k) => (
                <Table.Tr key={k.id}>
                  <Table.Td>{k.name}</Table.Td>
                  <Table.Td>
                    <code>{k.prefix}…</code>
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
      <Modal opened={minting} onClose={close} title="New reader key">
        {mint.data ? (
          <Stack gap="sm">
            <SecretOnce label={`Reader key “${mint.data.name}”`} value={mint.data.key} />
            <Button onClick={close}>Done</Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <TextInput label="Name" description="Which bridge it is for, e.g. Kitchen back door" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <ErrorNotice error={mint.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button disabled={!name.trim()} loading={mint.isPending} onClick={() => mint.mutate(name.trim())}>
                Create the key
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
        The bridge using it is refused from its next request; doors it serves stop opening until it has a new key.
      </ConfirmModal>
    </Page>
  );
}
