import { SegmentedControl, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export type SamlSource = 'url' | 'xml' | 'manual';

export interface IdpFields {
  metadataUrl: string;
  metadataXml: string;
  entityId: string;
  ssoUrl: string;
  certificate: string;
}
export const EMPTY_IDP: IdpFields = { metadataUrl: '', metadataXml: '', entityId: '', ssoUrl: '', certificate: '' };

/** The SAML IdP's part of a create or update body, from whichever way the admin gave it; null while incomplete. */
export function samlFields(source: SamlSource, f: IdpFields): { metadataUrl: string } | { metadataXml: string } | { idpEntityId: string; idpSsoUrl: string; idpCertificates: string[] } | null {
  if (source === 'url') return f.metadataUrl.trim() ? { metadataUrl: f.metadataUrl.trim() } : null;
  if (source === 'xml') return f.metadataXml.trim() ? { metadataXml: f.metadataXml } : null;
  return f.entityId.trim() && f.ssoUrl.trim() && f.certificate.trim() ? { idpEntityId: f.entityId.trim(), idpSsoUrl: f.ssoUrl.trim(), idpCertificates: [f.certificate.trim()] } : null;
}

export function IdpForm({ source, setSource, idp, setIdp }: { source: SamlSource; setSource: (s: SamlSource) => void; idp: IdpFields; setIdp: (f: IdpFields) => void }) {
  const { t } = useTranslation('settings');
  const field = (key: keyof IdpFields) => ({ value: idp[key], onChange: (e: { currentTarget: { value: string } }) => setIdp({ ...idp, [key]: e.currentTarget.value }) });
  return (
    <>
      <SegmentedControl
        aria-label={t('sso.idpForm.details')}
        data={[
          { value: 'url', label: t('sso.idpForm.metadataUrl') },
          { value: 'xml', label: t('sso.idpForm.metadataXml') },
          { value: 'manual', label: t('sso.idpForm.byHand') },
        ]}
        value={source}
        onChange={(v) => setSource(v as SamlSource)}
      />
      {source === 'url' ? <TextInput label={t('sso.idpForm.idpMetadataUrl')} required placeholder={t('sso.idpForm.metadataUrlPlaceholder')} {...field('metadataUrl')} /> : null}
      {source === 'xml' ? <Textarea label={t('sso.idpForm.idpMetadataXml')} required autosize minRows={4} maxRows={12} {...field('metadataXml')} /> : null}
      {source === 'manual' ? (
        <>
          <TextInput label={t('sso.idpForm.idpEntityId')} required {...field('entityId')} />
          <TextInput label={t('sso.idpForm.idpSsoUrl')} required placeholder={t('sso.idpForm.ssoUrlPlaceholder')} {...field('ssoUrl')} />
          <Textarea label={t('sso.idpForm.idpCertificate')} required autosize minRows={4} maxRows={10} {...field('certificate')} />
        </>
      ) : null}
    </>
  );
}
