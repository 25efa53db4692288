import { Button, SimpleGrid, Stack } from '@mantine/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { downloadFile } from '../../api/download';
import { ConfirmModal } from '../../ui/confirm.modal';
import { ErrorNotice } from '../../ui/page';
import { useRemoveSsoConnection, type SsoConnection } from './settings.queries';
import { Copyable, Section } from './sso-section';
import { SettingsForm } from './sso-settings.form';
import { IdpSection } from './sso-idp.section';
import { Domains } from './sso-domains';
import { useTranslation } from 'react-i18next';

export function ConnectionDetail({ c }: { c: SsoConnection }) {
  const { t } = useTranslation('settings');
  const remove = useRemoveSsoConnection();
  const navigate = useNavigate();
  const [removing, setRemoving] = useState(false);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title={t('sso.connection.giveIdp')}>
          {c.oidc ? <Copyable label={t('sso.connection.redirectUri')} value={c.oidc.redirectUri} /> : null}
          {c.saml ? (
            <>
              <Copyable label={t('sso.connection.spEntityId')} value={c.saml.spEntityId} />
              <Copyable label={t('sso.connection.acsUrl')} value={c.saml.acsUrl} />
              <Button variant="light" w="fit-content" onClick={() => downloadFile(`/sso/connections/${c.id}/saml-metadata`, `${c.name.replace(/[^\w-]+/g, '-')}-sp-metadata.xml`).catch(setDownloadError)}>
                {t('sso.connection.downloadMetadata')}
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
        {t('sso.connection.remove')}
      </Button>
      <ConfirmModal
        opened={removing}
        title={t('sso.connection.removeTitle', { name: c.name })}
        confirmLabel={t('sso.connection.removeConfirm')}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setRemoving(false)}
        onConfirm={() => remove.mutate(c.id, { onSuccess: () => void navigate('/settings/sso') })}
      >
        {t('sso.connection.removeBody')}
      </ConfirmModal>
    </Stack>
  );
}
