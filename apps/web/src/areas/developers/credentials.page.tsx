import { Anchor, Badge, Button, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../ui/format';
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
  const { t } = useTranslation('developers');
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
    <Page title={t('apiKeys.title')} actions={<Button onClick={() => setOpen(true)}>{t('apiKeys.new')}</Button>}>
      <Text size="sm" c="dimmed">
        <Trans t={t} i18nKey="apiKeys.intro" components={{ code: <code /> }} />
      </Text>
      <DataTable query={keys} loadingLabel={t('apiKeys.loading')} empty={t('apiKeys.empty')} columns={[
        { header: t('common.name'), cell: (k) => k.name },
        { header: t('apiKeys.key'), cell: (k) => <code>{k.prefix}…</code> },
        { header: t('common.scopes'), cell: (k) => k.scopes.join(', ') },
        { header: t('common.madeBy'), cell: (k) => <MadeBy maker={k.madeBy} /> },
        { header: t('apiKeys.lastUsed'), cell: (k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t('apiKeys.never')) },
        { cell: (k) => <RequestsLink to={`/developers/api-keys/${k.id}/requests`} /> },
        ...revocableColumns(setRevoking),
      ]} />
      <MintModal opened={open} onClose={close} title={t('apiKeys.new')} error={create.error}
        made={create.data ? <SecretOnce label={t('apiKeys.secretLabel', { name: create.data.name })} value={create.data.key} /> : null}
        submit={
          <Button disabled={!name.trim() || scopes.length === 0} loading={create.isPending} onClick={() => create.mutate({ name: name.trim(), scopes })}>
            {t('apiKeys.create')}
          </Button>
        }
      >
        <TextInput label={t('common.name')} description={t('apiKeys.nameHelp')} required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <ScopePicker label={t('common.scopes')} value={scopes} onChange={setScopes} />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        {t('apiKeys.revokeBody')}
      </RevokeConfirm>
    </Page>
  );
}

/** OAuth 2.0 client-credentials clients: the secret shown once; tokens carry the allowed scopes. */
export function OAuthClientsPage() {
  const { t } = useTranslation('developers');
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
    <Page title={t('oauth.title')} actions={<Button onClick={() => setOpen(true)}>{t('oauth.new')}</Button>}>
      <Text size="sm" c="dimmed">
        <Trans t={t} i18nKey="oauth.intro" components={{ code: <code /> }} />
      </Text>
      <DataTable query={clients} loadingLabel={t('oauth.loading')} empty={t('oauth.empty')} columns={[
        { header: t('common.name'), cell: (c) => c.name },
        { header: t('oauth.clientId'), cell: (c) => <code>{c.clientId}</code> },
        { header: t('common.scopes'), cell: (c) => c.allowedScopes.join(', ') || t('oauth.noScopes') },
        { header: t('common.madeBy'), cell: (c) => <MadeBy maker={c.madeBy} /> },
        { cell: (c) => <RequestsLink to={`/developers/oauth-clients/${c.id}/requests`} /> },
        ...revocableColumns(setRevoking),
      ]} />
      <MintModal opened={open} onClose={close} title={t('oauth.new')} error={create.error}
        made={create.data ? (
            <>
              <Text size="sm">
                {t('oauth.madeId')} <code>{create.data.clientId}</code>
              </Text>
              <SecretOnce label={t('oauth.secret')} value={create.data.clientSecret} />
            </>
          ) : null}
        submit={
          <Button disabled={!name.trim()} loading={create.isPending} onClick={() => create.mutate({ name: name.trim(), allowedScopes: scopes })}>
            {t('oauth.create')}
          </Button>
        }
      >
        <TextInput label={t('common.name')} required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
        <ScopePicker label={t('oauth.allowedScopes')} value={scopes} onChange={setScopes} />
      </MintModal>
      <RevokeConfirm revoking={revoking} onClose={() => setRevoking(null)} revoke={revoke}>
        {t('oauth.revokeBody')}
      </RevokeConfirm>
    </Page>
  );
}

/** One click from a credential to its request log. */
function RequestsLink({ to }: { to: string }) {
  const { t } = useTranslation('developers');
  return (
    <Anchor component={Link} to={to} size="sm">
      {t('common.requests')}
    </Anchor>
  );
}

/**
 * A credential acts with its maker's role, and changes nobody once they are inactive: shown so an
 * admin replaces those keys before (or after) someone leaves.
 */
function MadeBy({ maker }: { maker: { fullName: string; role: string; active: boolean } | null }) {
  const { t } = useTranslation('developers');
  if (!maker) return <Text c="dimmed">{t('madeBy.erased')}</Text>;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {maker.fullName} · {t(`madeBy.roles.${maker.role}`)}
      </Text>
      {maker.active ? null : (
        <Badge color="yellow" variant="light" title={t('madeBy.inactiveHelp')}>
          {t('madeBy.inactive')}
        </Badge>
      )}
    </Stack>
  );
}
