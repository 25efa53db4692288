import { Button, PasswordInput, SegmentedControl, Select, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Body } from '../../api/types';
import { FormModal } from '../../ui/form-actions';
import { useCreateSsoConnection } from './settings.queries';
import { ProvisionableRole, roleOptions } from './sso-roles';
import { SamlSource, IdpFields, EMPTY_IDP, samlFields, IdpForm } from './sso-idp-form';
import { useTranslation } from 'react-i18next';

export function NewConnectionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('settings');
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
    <FormModal opened={opened} onClose={close} title={t('sso.new.title')} size="lg" error={create.error}
      submit={
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
          {t('sso.new.connect')}
        </Button>
      }
    >
      <SegmentedControl
        aria-label={t('sso.page.protocol')}
        data={[
          { value: 'OIDC', label: t('sso.new.oidc') },
          { value: 'SAML', label: t('sso.new.saml') },
        ]}
        value={protocol}
        onChange={(v) => setProtocol(v as 'OIDC' | 'SAML')}
      />
      <TextInput label={t('sso.settings.name')} required maxLength={120} placeholder={t('sso.new.namePlaceholder')} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      {protocol === 'OIDC' ? (
        <>
          <TextInput label={t('sso.new.issuer')} required placeholder={t('sso.new.issuerPlaceholder')} value={issuer} onChange={(e) => setIssuer(e.currentTarget.value)} />
          <TextInput label={t('sso.new.clientId')} required value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} />
          <PasswordInput label={t('sso.new.clientSecret')} required description={t('sso.new.clientSecretHelp')} value={clientSecret} onChange={(e) => setClientSecret(e.currentTarget.value)} />
        </>
      ) : (
        <IdpForm source={source} setSource={setSource} idp={idp} setIdp={setIdp} />
      )}
      <Switch label={t('sso.settings.jit')} checked={jit} onChange={(e) => setJit(e.currentTarget.checked)} />
      <Select label={t('sso.settings.defaultRole')} allowDeselect={false} data={roleOptions} value={role} onChange={(v) => v && setRole(v)} />
    </FormModal>
  );
}
