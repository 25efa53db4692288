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

export function ConnectionDetail({ c }: { c: SsoConnection }) {
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
