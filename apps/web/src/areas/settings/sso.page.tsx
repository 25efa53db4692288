import { Anchor, Badge, Button, Card, Code, Group, Loader, Modal, PasswordInput, SegmentedControl, Select, SimpleGrid, Stack, Switch, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { CopyValueButton } from '../../ui/copy-button';
import { notifications } from '@mantine/notifications';
import { useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { downloadFile } from '../../api/download';
import { EVERY_ROLE } from '../../auth/me';
import { ApiError } from '../../api/errors';
import type { Body } from '../../api/types';
import { ConfirmModal } from '../../ui/confirm.modal';
import { formatDateTime, humanize } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { FormActions } from '../../ui/form-actions';
import {
  useAddSsoDomain,
  useCreateSsoConnection,
  useReleaseSsoDomain,
  useRemoveSsoConnection,
  useSsoConnection,
  useSsoConnections,
  useUpdateSsoConnection,
  useVerifySsoDomain,
  type SsoConnection,
  type SsoDomain,
} from './settings.queries';

/** The roles a connection may give the people it creates: never an owner's (the API's PROVISIONABLE_ROLES). */
type ProvisionableRole = NonNullable<Body<'patchSsoConnectionsById'>['defaultRole']>;
const PROVISIONABLE = EVERY_ROLE.filter((r): r is ProvisionableRole => r !== 'TENANT_GROUP_OWNER' && r !== 'TENANT_OWNER');
const roleOptions = PROVISIONABLE.map((r) => ({ value: r, label: humanize(r) }));

/** A 403 here means the plan or the operator's switch, which only the platform operator changes: say so. */
function SsoUnavailable({ error }: { error: unknown }) {
  if (!(error instanceof ApiError && error.status === 403)) return <ErrorNotice error={error} />;
  return (
    <Card withBorder>
      <Text fw={600}>Single sign-on is not available to this company.</Text>
      <Text size="sm">{error.message}</Text>
      <Text size="sm" c="dimmed">
        It needs the Enterprise plan, and the platform operator switches it on for the company.
      </Text>
    </Card>
  );
}

function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
        <CopyValueButton value={value} name={`Copy ${label}`} size="compact-xs" />
      </Group>
    </Stack>
  );
}

/** Identity providers (OIDC or SAML) the company's people sign in through, and the email domains each one proves. */
export function SsoConnectionsPage() {
  const connections = useSsoConnections();
  const [creating, setCreating] = useState(false);
  return (
    <Page title="Single sign-on" actions={connections.isSuccess ? <Button onClick={() => setCreating(true)}>New connection</Button> : null}>
      <SsoUnavailable error={connections.error} />
      {connections.isPending ? (
        <Loader aria-label="Loading connections" />
      ) : connections.data && connections.data.length === 0 ? (
        <Text c="dimmed">No identity provider connected. People sign in with their passwords.</Text>
      ) : connections.data ? (
        <Table.ScrollContainer minWidth={600}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Connection</Table.Th>
                <Table.Th>Protocol</Table.Th>
                <Table.Th>Domains</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {connections.data.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/settings/sso/${c.id}`}>
                      {c.name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{c.protocol}</Table.Td>
                  <Table.Td>{c.domains.length ? c.domains.map((d) => `${d.domain}${d.verified ? '' : ' (unverified)'}`).join(', ') : '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      <Badge variant="light" color={c.enabled ? 'green' : 'gray'}>
                        {c.enabled ? 'Enabled' : 'Disabled'}
                      </Badge>
                      {c.enforced ? (
                        <Badge variant="light" color="orange">
                          Enforced
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <NewConnectionModal opened={creating} onClose={() => setCreating(false)} />
    </Page>
  );
}

type SamlSource = 'url' | 'xml' | 'manual';

function NewConnectionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const create = useCreateSsoConnection();
  const navigate = useNavigate();
  const [protocol, setProtocol] = useState<'OIDC' | 'SAML'>('OIDC');
  const [name, setName] = useState('');
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [source, setSource] = useState<SamlSource>('url');
  const [idp, setIdp] = useState<IdpFields>(EMPTY_IDP);
  const [jit, setJit] = useState(true);
  const [role, setRole] = useState<string>('STAFF');
  const close = () => {
    create.reset();
    setClientSecret('');
    onClose();
  };
  const common = { name: name.trim(), jitProvisioning: jit, defaultRole: role as ProvisionableRole };
  const saml = protocol === 'SAML' ? samlFields(source, idp) : null;
  const body: Body<'postSsoConnections'> | null =
    protocol === 'OIDC'
      ? issuer.trim() && clientId.trim() && clientSecret
        ? { protocol, ...common, issuer: issuer.trim(), clientId: clientId.trim(), clientSecret }
        : null
      : saml
        ? { protocol, ...common, ...saml }
        : null;
  return (
    <Modal opened={opened} onClose={close} title="Connect an identity provider" size="lg">
      <Stack gap="sm">
        <SegmentedControl
          aria-label="Protocol"
          data={[
            { value: 'OIDC', label: 'OpenID Connect' },
            { value: 'SAML', label: 'SAML 2.0' },
          ]}
          value={protocol}
          onChange={(v) => setProtocol(v as 'OIDC' | 'SAML')}
        />
        <TextInput label="Name" required maxLength={120} placeholder="Okta" value={name} onChange={(e) => setName(e.currentTarget.value)} />
        {protocol === 'OIDC' ? (
          <>
            <TextInput label="Issuer URL" required placeholder="https://company.okta.com" value={issuer} onChange={(e) => setIssuer(e.currentTarget.value)} />
            <TextInput label="Client ID" required value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} />
            <PasswordInput label="Client secret" required description="Sealed on the server and never shown again." value={clientSecret} onChange={(e) => setClientSecret(e.currentTarget.value)} />
          </>
        ) : (
          <IdpForm source={source} setSource={setSource} idp={idp} setIdp={setIdp} />
        )}
        <Switch label="Create an account on first sign-in (just in time)" checked={jit} onChange={(e) => setJit(e.currentTarget.checked)} />
        <Select label="Role of the people it creates" allowDeselect={false} data={roleOptions} value={role} onChange={(v) => v && setRole(v)} />
        <FormActions error={create.error} onCancel={close}>
          <Button
            disabled={!name.trim() || !body}
            loading={create.isPending}
            onClick={() =>
              create.mutate(body!, {
                onSuccess: (c) => {
                  close();
                  void navigate(`/settings/sso/${c.id}`);
                },
              })
            }
          >
            Connect
          </Button>
        </FormActions>
      </Stack>
    </Modal>
  );
}

interface IdpFields {
  metadataUrl: string;
  metadataXml: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
}
const EMPTY_IDP: IdpFields = { metadataUrl: '', metadataXml: '', entityId: '', ssoUrl: '', certificate: '' };

/** The SAML IdP's part of a create or update body, from whichever way the admin gave it; null while incomplete. */
function samlFields(source: SamlSource, f: IdpFields): { metadataUrl: string } | { metadataXml: string } | { idpEntityId: string; idpSsoUrl: string; idpCertificates: string[] } | null {
  if (source === 'url') return f.metadataUrl.trim() ? { metadataUrl: f.metadataUrl.trim() } : null;
  if (source === 'xml') return f.metadataXml.trim() ? { metadataXml: f.metadataXml } : null;
  return f.entityId.trim() && f.ssoUrl.trim() && f.certificate.trim() ? { idpEntityId: f.entityId.trim(), idpSsoUrl: f.ssoUrl.trim(), idpCertificates: [f.certificate.trim()] } : null;
}

function IdpForm({ source, setSource, idp, setIdp }: { source: SamlSource; setSource: (s: SamlSource) => void; idp: IdpFields; setIdp: (f: IdpFields) => void }) {
  const field = (key: keyof IdpFields) => ({ value: idp[key], onChange: (e: { currentTarget: { value: string } }) => setIdp({ ...idp, [key]: e.currentTarget.value }) });
  return (
    <>
      <SegmentedControl
        aria-label="Identity provider details"
        data={[
          { value: 'url', label: 'Metadata URL' },
          { value: 'xml', label: 'Metadata XML' },
          { value: 'manual', label: 'By hand' },
        ]}
        value={source}
        onChange={(v) => setSource(v as SamlSource)}
      />
      {source === 'url' ? <TextInput label="IdP metadata URL" required placeholder="https://login.microsoftonline.com/…/federationmetadata.xml" {...field('metadataUrl')} /> : null}
      {source === 'xml' ? <Textarea label="IdP metadata XML" required autosize minRows={4} maxRows={12} {...field('metadataXml')} /> : null}
      {source === 'manual' ? (
        <>
          <TextInput label="IdP entity ID" required {...field('entityId')} />
          <TextInput label="IdP sign-in URL" required placeholder="https://idp.example.com/sso/saml" {...field('ssoUrl')} />
          <Textarea label="IdP signing certificate (PEM)" required autosize minRows={4} maxRows={10} {...field('certificate')} />
        </>
      ) : null}
    </>
  );
}

/** One connection: what to give the IdP, its settings, its domains and their DNS proof. */
export function SsoConnectionPage() {
  const { id = '' } = useParams();
  const connection = useSsoConnection(id);
  const c = connection.data;
  return (
    <Page title={c ? `Single sign-on: ${c.name}` : 'Single sign-on'}>
      <Anchor component={Link} to="/settings/sso" size="sm">
        ← All connections
      </Anchor>
      <SsoUnavailable error={connection.error} />
      {connection.isPending ? <Loader aria-label="Loading the connection" /> : c ? <ConnectionDetail c={c} /> : null}
    </Page>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}

function ConnectionDetail({ c }: { c: SsoConnection }) {
  const remove = useRemoveSsoConnection();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title="Give your identity provider">
          {c.oidc ? <Copyable label="Redirect URI" value={c.oidc.redirectUri} /> : null}
          {c.saml ? (
            <>
              <Copyable label="SP entity ID" value={c.saml.spEntityId} />
              <Copyable label="ACS URL" value={c.saml.acsUrl} />
              <Button variant="light" w="fit-content" onClick={() => downloadFile(`/sso/connections/${c.id}/saml-metadata`, `${c.name.replace(/[^\w-]+/g, '-')}-sp-metadata.xml`).catch(setDownloadError)}>
                Download the SP metadata
              </Button>
              <ErrorNotice error={downloadError} />
            </>
          ) : null}
        </Section>
        <SettingsForm c={c} />
      </SimpleGrid>
      <IdpSection c={c} />
      <Domains c={c} />
      <Button color="red" variant="light" w="fit-content" onClick={() => setRemoving(true)}>
        Remove this connection
      </Button>
      <ConfirmModal
        opened={removing}
        title={`Remove ${c.name}?`}
        confirmLabel="Remove"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setRemoving(false)}
        onConfirm={() => remove.mutate(c.id, { onSuccess: () => void navigate('/settings/sso') })}
      >
        Its domains are released and the identities linked through it forgotten; people sign in with passwords again.
      </ConfirmModal>
    </Stack>
  );
}

function SettingsForm({ c }: { c: SsoConnection }) {
  const update = useUpdateSsoConnection();
  const [name, setName] = useState(c.name);
  const [enabled, setEnabled] = useState(c.enabled);
  const [enforced, setEnforced] = useState(c.enforced);
  const [jit, setJit] = useState(c.jitProvisioning);
  const [role, setRole] = useState<string>(c.defaultRole);
  const changed = name.trim() !== c.name || enabled !== c.enabled || enforced !== c.enforced || jit !== c.jitProvisioning || role !== c.defaultRole;
  return (
    <Section title="Settings">
      <TextInput label="Name" maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Switch label="Enabled" checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
      <Switch label="Enforced: refuse password sign-in (owners excepted)" checked={enforced} onChange={(e) => setEnforced(e.currentTarget.checked)} />
      <Switch label="Create an account on first sign-in (just in time)" checked={jit} onChange={(e) => setJit(e.currentTarget.checked)} />
      <Select label="Role of the people it creates" allowDeselect={false} data={roleOptions} value={role} onChange={(v) => v && setRole(v)} />
      <ErrorNotice error={update.error} />
      <Button
        w="fit-content"
        disabled={!changed || !name.trim()}
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { id: c.id, body: { name: name.trim(), enabled, enforced, jitProvisioning: jit, defaultRole: role as ProvisionableRole } },
            { onSuccess: () => notifications.show({ color: 'green', message: 'Settings saved.' }) },
          )
        }
      >
        Save settings
      </Button>
    </Section>
  );
}

/** The IdP's side: shown as the API holds it, and replaced here (a new client secret, new metadata for a certificate rollover). */
function IdpSection({ c }: { c: SsoConnection }) {
  const update = useUpdateSsoConnection();
  const [secret, setSecret] = useState('');
  const [source, setSource] = useState<SamlSource>('url');
  const [idp, setIdp] = useState<IdpFields>({ ...EMPTY_IDP, metadataUrl: c.saml?.metadataUrl ?? '' });
  const saved = (message: string) => () => notifications.show({ color: 'green', message });
  return (
    <Section title="Identity provider">
      {c.oidc ? (
        <>
          <Text size="sm">
            Issuer <Code>{c.oidc.issuer}</Code>, client ID <Code>{c.oidc.clientId}</Code>, client secret set.
          </Text>
          <Group align="flex-end">
            <PasswordInput label="New client secret" value={secret} onChange={(e) => setSecret(e.currentTarget.value)} w={320} />
            <Button variant="light" disabled={!secret} loading={update.isPending} onClick={() => update.mutate({ id: c.id, body: { clientSecret: secret } }, { onSuccess: () => { setSecret(''); saved('Client secret replaced.')(); } })}>
              Replace the secret
            </Button>
          </Group>
        </>
      ) : null}
      {c.saml ? (
        <>
          <Text size="sm">
            Entity ID <Code>{c.saml.idpEntityId}</Code>, sign-in URL <Code>{c.saml.idpSsoUrl}</Code>
          </Text>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Signing certificate (SHA-256)</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Valid to</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.saml.idpCertificates.map((cert) => (
                <Table.Tr key={cert.sha256Fingerprint}>
                  <Table.Td>
                    <Code style={{ wordBreak: 'break-all' }}>{cert.sha256Fingerprint}</Code>
                  </Table.Td>
                  <Table.Td>{cert.subject}</Table.Td>
                  <Table.Td>{formatDateTime(cert.validTo)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <IdpForm source={source} setSource={setSource} idp={idp} setIdp={setIdp} />
          <Button variant="light" w="fit-content" disabled={!samlFields(source, idp)} loading={update.isPending} onClick={() => update.mutate({ id: c.id, body: samlFields(source, idp)! }, { onSuccess: saved('Identity provider updated.') })}>
            Update the identity provider
          </Button>
        </>
      ) : null}
      <ErrorNotice error={update.error} />
    </Section>
  );
}

function Domains({ c }: { c: SsoConnection }) {
  const add = useAddSsoDomain();
  const verify = useVerifySsoDomain();
  const release = useReleaseSsoDomain();
  const [domain, setDomain] = useState('');
  const [releasing, setReleasing] = useState<SsoDomain | null>(null);
  return (
    <Section title="Email domains">
      <Text size="sm" c="dimmed">
        People whose email is at a verified domain sign in here. Prove each domain with the TXT record shown, then verify.
      </Text>
      <Group align="flex-end">
        <TextInput label="Domain" placeholder="example.com" maxLength={253} value={domain} onChange={(e) => setDomain(e.currentTarget.value)} w={280} />
        <Button disabled={!domain.trim()} loading={add.isPending} onClick={() => add.mutate({ id: c.id, domain: domain.trim() }, { onSuccess: () => setDomain('') })}>
          Add the domain
        </Button>
      </Group>
      <ErrorNotice error={add.error ?? verify.error} />
      {c.domains.map((d) => (
        <Card withBorder key={d.id} padding="sm">
          <Group justify="space-between">
            <Group gap="xs">
              <Text fw={600}>{d.domain}</Text>
              <Badge variant="light" color={d.verified ? 'green' : 'yellow'}>
                {d.verified ? `Verified ${formatDateTime(d.verifiedAt)}` : 'Awaiting its TXT record'}
              </Badge>
            </Group>
            <Group gap="xs">
              {d.verified ? null : (
                <Button
                  size="compact-sm"
                  loading={verify.isPending && verify.variables?.domainId === d.id}
                  aria-label={`Verify ${d.domain}`}
                  onClick={() => verify.mutate({ id: c.id, domainId: d.id }, { onSuccess: () => notifications.show({ color: 'green', message: `${d.domain} verified.` }) })}
                >
                  Verify
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" color="red" aria-label={`Release ${d.domain}`} onClick={() => setReleasing(d)}>
                Release
              </Button>
            </Group>
          </Group>
          {d.verified ? null : (
            <SimpleGrid cols={{ base: 1, md: 2 }} mt="xs">
              <Copyable label={`${d.domain} TXT record name`} value={d.dnsRecord.name} />
              <Copyable label={`${d.domain} TXT record value`} value={d.dnsRecord.value} />
            </SimpleGrid>
          )}
        </Card>
      ))}
      <ConfirmModal
        opened={releasing !== null}
        title={`Release ${releasing?.domain ?? ''}?`}
        confirmLabel="Release"
        pending={release.isPending}
        error={release.error}
        onClose={() => setReleasing(null)}
        onConfirm={() => release.mutate({ id: c.id, domainId: releasing!.id }, { onSuccess: () => setReleasing(null) })}
      >
        People of this domain sign in with passwords again.
      </ConfirmModal>
    </Section>
  );
}
