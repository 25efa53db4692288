import { Button, PasswordInput, SegmentedControl, Select, Switch, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Body } from '../../api/types';
import { FormModal } from '../../ui/form-actions';
import { useCreateSsoConnection } from './settings.queries';
import { ProvisionableRole, roleOptions } from './sso-roles';
import { SamlSource, IdpFields, EMPTY_IDP, samlFields, IdpForm } from './sso-idp-form';

export function NewConnectionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
    <FormModal opened={opened} onClose={close} title="Connect an identity provider" size="lg" error={create.error}
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
          Connect
        </Button>
      }
    >
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
    </FormModal>
  );
}
