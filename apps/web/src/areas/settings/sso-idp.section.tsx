import { Button, Code, Group, PasswordInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { RowsTable } from '../../ui/data-table';
import { useUpdateSsoConnection, type SsoConnection } from './settings.queries';
import { Section } from './sso-section';
import { SamlSource, IdpFields, EMPTY_IDP, samlFields, IdpForm } from './sso-idp-form';

/** The IdP's side: shown as the API holds it, and replaced here (a new client secret, new metadata for a certificate rollover). */
export function IdpSection({ c }: { c: SsoConnection }) {
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
          <RowsTable rows={c.saml.idpCertificates} rowKey={(cert) => cert.sha256Fingerprint} tableProps={{}} columns={[
            { header: 'Signing certificate (SHA-256)', cell: (cert) => <Code style={{ wordBreak: 'break-all' }}>{cert.sha256Fingerprint}</Code> },
            { header: 'Subject', cell: (cert) => cert.subject },
            { header: 'Valid to', cell: (cert) => formatDateTime(cert.validTo) },
          ]} />
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
