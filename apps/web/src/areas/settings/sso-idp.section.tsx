import { Button, Code, Group, PasswordInput, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { RowsTable } from '../../ui/data-table';
import { useUpdateSsoConnection, type SsoConnection } from './settings.queries';
import { Section } from './sso-section';
import { SamlSource, IdpFields, EMPTY_IDP, samlFields, IdpForm } from './sso-idp-form';
import { Trans, useTranslation } from 'react-i18next';

/** The IdP's side: shown as the API holds it, and replaced here (a new client secret, new metadata for a certificate rollover). */
export function IdpSection({ c }: { c: SsoConnection }) {
  const { t } = useTranslation('settings');
  const update = useUpdateSsoConnection();
  const [secret, setSecret] = useState('');
  const [source, setSource] = useState<SamlSource>('url');
  const [idp, setIdp] = useState<IdpFields>({ ...EMPTY_IDP, metadataUrl: c.saml?.metadataUrl ?? '' });
  const saved = (message: string) => () => notifications.show({ color: 'green', message });
  return (
    <Section title={t('sso.idp.title')}>
      {c.oidc ? (
        <>
          <Text size="sm">
            <Trans t={t} i18nKey="sso.idp.oidcSummary" values={{ issuer: c.oidc.issuer, clientId: c.oidc.clientId }} components={{ code: <Code /> }} />
          </Text>
          <Group align="flex-end">
            <PasswordInput label={t('sso.idp.newSecret')} value={secret} onChange={(e) => setSecret(e.currentTarget.value)} w={320} />
            <Button variant="light" disabled={!secret} loading={update.isPending} onClick={() => update.mutate({ id: c.id, body: { clientSecret: secret } }, { onSuccess: () => { setSecret(''); saved(t('sso.idp.secretReplaced'))(); } })}>
              {t('sso.idp.replaceSecret')}
            </Button>
          </Group>
        </>
      ) : null}
      {c.saml ? (
        <>
          <Text size="sm">
            <Trans t={t} i18nKey="sso.idp.samlSummary" values={{ entityId: c.saml.idpEntityId, ssoUrl: c.saml.idpSsoUrl }} components={{ code: <Code /> }} />
          </Text>
          <RowsTable rows={c.saml.idpCertificates} rowKey={(cert) => cert.sha256Fingerprint} tableProps={{}} columns={[
            { header: t('sso.idp.certificate'), cell: (cert) => <Code style={{ wordBreak: 'break-all' }}>{cert.sha256Fingerprint}</Code> },
            { header: t('sso.idp.subject'), cell: (cert) => cert.subject },
            { header: t('sso.idp.validTo'), cell: (cert) => formatDateTime(cert.validTo) },
          ]} />
          <IdpForm source={source} setSource={setSource} idp={idp} setIdp={setIdp} />
          <Button variant="light" w="fit-content" disabled={!samlFields(source, idp)} loading={update.isPending} onClick={() => update.mutate({ id: c.id, body: samlFields(source, idp)! }, { onSuccess: saved(t('sso.idp.updated')) })}>
            {t('sso.idp.update')}
          </Button>
        </>
      ) : null}
      <ErrorNotice error={update.error} />
    </Section>
  );
}
