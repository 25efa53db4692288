import { Badge, Button, Checkbox, Group, Loader, Modal, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime, roleLabel } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { ErrorNotice, Page } from '../../ui/page';
import { SecretOnce } from '../../ui/secret-once';
import { SCOPES, useApiKeys, useCreateApiKey, useCreateOAuthClient, useOAuthClients, useRevokeApiKey, useRevokeOAuthClient, type Scope } from './developers.queries';

function ScopePicker({ value, onChange, label }: { value: Scope[]; onChange: (s: Scope[]) => void; label: string }) {
  return (
    <Checkbox.Group label={label} value={value} onChange={(v) => onChange(v as Scope[])}>
      <SimpleGrid cols={{ base: 1, xs: 2 }} mt={4} spacing={4}>
        {SCOPES.map((s) => (
          <Checkbox key={s} value={s} label={s} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

/** Developer API keys: a secret shown once, its prefix after; scopes chosen at creation. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['outlets:read', 'employees:read']);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const close = () => {
    create.reset();
    setName('');
    setOpen(false);
  };
  return (
    <Page title="API keys" actions={<Button onClick={() => setOpen(true)}>New API key</Button>}>
      <Text size="sm" c="dimmed">
        Keys call the developer API (/api/v1/public/…) as <code>Authorization: Bearer svc_live_…</code>, limited to their scopes.
      </Text>
      <ErrorNotice error={keys.error} />
      {keys.isPending ? (
        <Loader aria-label="Loading keys" />
      ) : keys.data && keys.data.length === 0 ? (
        <Text c="dimmed">No API keys yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Key</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Made by</Table.Th>
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
                  <Table.Td>{k.scopes.join(', ')}</Table.Td>
                  <Table.Td>
                    <MadeBy maker={k.madeBy} />
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
      <Modal opened={open} onClose={close} title="New API key">
        {create.data ? (
          <Stack gap="sm">
            <SecretOnce label={`API key “${create.data.name}”`} value={create.data.key} />
            <Button onClick={close}>Done</Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <TextInput label="Name" description="Who uses it, e.g. Payroll export" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <ScopePicker label="Scopes" value={scopes} onChange={setScopes} />
            <ErrorNotice error={create.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button disabled={!name.trim() || scopes.length === 0} loading={create.isPending} onClick={() => create.mutate({ name: name.trim(), scopes })}>
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
        Calls with it fail from the next one.
      </ConfirmModal>
    </Page>
  );
}

/** OAuth 2.0 client-credentials clients: the secret shown once; tokens carry the allowed scopes. */
export function OAuthClientsPage() {
  const clients = useOAuthClients();
  const create = useCreateOAuthClient();
  const revoke = useRevokeOAuthClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>([]);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const close = () => {
    create.reset();
    setName('');
    setScopes([]);
    setOpen(false);
  };
  return (
    <Page title="OAuth clients" actions={<Button onClick={() => setOpen(true)}>New OAuth client</Button>}>
      <Text size="sm" c="dimmed">
        A client exchanges its id and secret at <code>POST /api/v1/oauth/token</code> (client credentials) for short-lived tokens with its allowed scopes.
      </Text>
      <ErrorNotice error={clients.error} />
      {clients.isPending ? (
        <Loader aria-label="Loading clients" />
      ) : clients.data && clients.data.length === 0 ? (
        <Text c="dimmed">No OAuth clients yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Client id</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Made by</Table.Th>
                <Table.Th>State</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(clients.data ?? []).map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.name}</Table.Td>
                  <Table.Td>
                    <code>{c.clientId}</code>
                  </Table.Td>
                  <Table.Td>{c.allowedScopes.join(', ') || 'None'}</Table.Td>
                  <Table.Td>
                    <MadeBy maker={c.madeBy} />
                  </Table.Td>
                  <Table.Td>{c.revokedAt ? <Badge color="red" variant="light">Revoked</Badge> : <Badge color="green" variant="light">Active</Badge>}</Table.Td>
                  <Table.Td>
                    {c.revokedAt ? null : (
                      <Button size="compact-sm" variant="subtle" color="red" onClick={() => setRevoking(c)}>
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
      <Modal opened={open} onClose={close} title="New OAuth client">
        {create.data ? (
          <Stack gap="sm">
            <Text size="sm">
              Client id: <code>{create.data.clientId}</code>
            </Text>
            <SecretOnce label="Client secret" value={create.data.clientSecret} />
            <Button onClick={close}>Done</Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <TextInput label="Name" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <ScopePicker label="Allowed scopes" value={scopes} onChange={setScopes} />
            <ErrorNotice error={create.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button disabled={!name.trim()} loading={create.isPending} onClick={() => create.mutate({ name: name.trim(), allowedScopes: scopes })}>
                Create the client
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
        Its tokens fail on their next use and it can get no new ones.
      </ConfirmModal>
    </Page>
  );
}

/**
 * A credential acts with its maker's role, and changes nobody once they are inactive: shown so an
 * admin replaces those keys before (or after) someone leaves.
 */
function MadeBy({ maker }: { maker: { fullName: string; role: string; active: boolean } | null }) {
  if (!maker) return <Text c="dimmed">Someone since erased</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {maker.fullName} · {roleLabel(maker.role)}
      </Text>
      {maker.active ? null : (
        <Badge color="yellow" variant="light" title="Its maker is no longer active: it still reads, but changes no one">
          Maker inactive
        </Badge>
      )}
    </Stack>
  );
}
