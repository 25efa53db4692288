import { Anchor, Badge, Button, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime, roleLabel } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { revocableColumns, RevokeConfirm } from '../../ui/revocable';
import { MintModal, SecretOnce } from '../../ui/secret-once';
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
      <DataTable query={keys} loadingLabel="Loading keys" empty="No API keys yet." columns={[
        { header: 'Name', cell: (k) => k.name },
        { header: 'Key', cell: (k) => <code>{k.prefix}…</code> },
        { header: 'Scopes', cell: (k) => k.scopes.join(', ') },
        { header: 'Made by', cell: (k) => <MadeBy maker={k.madeBy} /> },
        { header: 'Last used', cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : 'Never') },
        { cell: (k) => <RequestsLink to={`/developers/api-keys/${k.id}/requests`} /> },
        ...revocableColumns(setRevoking),
      ]} />
      <MintModal opened={open} onClose={close} title="New API key" error={create.error}
        made={create.data ? <SecretOnce label={`API key “${create.data.name}”`} value={create.data.key} /> : null}
        submit={
          <Button disabled={!name.trim() || scopes.length === 0} loading={create.isPending} onClick={() => create.mutate({ name: name.trim(), scopes })}>
            Create the key
          </Button>
        }
      >
        <TextInput label="Name" description="Who uses it, e.g. Payroll export" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <ScopePicker label="Scopes" value={scopes} onChange={setScopes} />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        Calls with it fail from the next one.
      </RevokeConfirm>
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
      <DataTable query={clients} loadingLabel="Loading clients" empty="No OAuth clients yet." columns={[
        { header: 'Name', cell: (c) => c.name },
        { header: 'Client id', cell: (c) => <code>{c.clientId}</code> },
        { header: 'Scopes', cell: (c) => c.allowedScopes.join(', ') || 'None' },
        { header: 'Made by', cell: (c) => <MadeBy maker={c.madeBy} /> },
        { cell: (c) => <RequestsLink to={`/developers/oauth-clients/${c.id}/requests`} /> },
        ...revocableColumns(setRevoking),
      ]} />
      <MintModal opened={open} onClose={close} title="New OAuth client" error={create.error}
        made={create.data ? (
            <>
              <Text size="sm">
                Client id: <code>{create.data.clientId}</code>
              </Text>
              <SecretOnce label="Client secret" value={create.data.clientSecret} />
            </>
          ) : null}
        submit={
          <Button disabled={!name.trim()} loading={create.isPending} onClick={() => create.mutate({ name: name.trim(), allowedScopes: scopes })}>
            Create the client
          </Button>
        }
      >
        <TextInput label="Name" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <ScopePicker label="Allowed scopes" value={scopes} onChange={setScopes} />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        Its tokens fail on their next use and it can get no new ones.
      </RevokeConfirm>
    </Page>
  );
}

/** One click from a credential to its request log. */
function RequestsLink({ to }: { to: string }) {
  return (
    <Anchor component={Link} to={to} size="sm">
      Requests
    </Anchor>
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
