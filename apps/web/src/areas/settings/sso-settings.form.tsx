import { Button, Select, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ErrorNotice } from '../../ui/page';
import { useUpdateSsoConnection, type SsoConnection } from './settings.queries';
import { ProvisionableRole, roleOptions } from './sso-roles';
import { Section } from './sso-section';
import { useTranslation } from 'react-i18next';

export function SettingsForm({ c }: { c: SsoConnection }) {
  const { t } = useTranslation('settings');
  const update = useUpdateSsoConnection();
  const [name, setName] = useState(c.name);
  const [enabled, setEnabled] = useState(c.enabled);
  const [enforced, setEnforced] = useState(c.enforced);
  const [jit, setJit] = useState(c.jitProvisioning);
  const [role, setRole] = useState<string>(c.defaultRole);
  const changed = name.trim() !== c.name || enabled !== c.enabled || enforced !== c.enforced || jit !== c.jitProvisioning || role !== c.defaultRole;
  return (
    <Section title={t('sso.settings.title')}>
      <TextInput label={t('sso.settings.name')} maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
      <Switch label={t('sso.settings.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
      <Switch label={t('sso.settings.enforced')} checked={enforced} onChange={(e) => setEnforced(e.currentTarget.checked)} />
      <Switch label={t('sso.settings.jit')} checked={jit} onChange={(e) => setJit(e.currentTarget.checked)} />
      <Select label={t('sso.settings.defaultRole')} allowDeselect={false} data={roleOptions} value={role} onChange={(v) => v && setRole(v)} />
      <ErrorNotice error={update.error} />
      <Button
        w="fit-content"
        disabled={!changed || !name.trim()}
        loading={update.isPending}
        onClick={() =>
          update.mutate(
            { id: c.id, body: { name: name.trim(), enabled, enforced, jitProvisioning: jit, defaultRole: role as ProvisionableRole } },
            { onSuccess: () => notifications.show({ color: 'green', message: t('sso.settings.saved') }) },
          )
        }
      >
        {t('sso.settings.save')}
      </Button>
    </Section>
  );
}
