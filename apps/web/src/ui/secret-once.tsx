import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValueButton } from './copy-button';
import { FormActions } from './form-actions';

/** A secret the API shows once (an API key, a client secret, a reader key, a webhook secret). */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('ui');
  return (
    <Alert color="yellow" title={t('secret.copyNow', { label })}>
      <Stack gap="xs">
        <Text size="sm">{t('secret.shownOnce')}</Text>
        <Group gap="xs" wrap="nowrap">
          <Code data-testid="secret-value" style={{ wordBreak: 'break-all' }}>
            {value}
          </Code>
          <CopyValueButton value={value} />
        </Group>
      </Stack>
    </Alert>
  );
}

/**
 * The modal that makes a secret (a key, a client, a kiosk token): its form (the children, then `submit`)
 * until the API answers, then what it made (`made`, shown once) and Done.
 */
export function MintModal({
  opened,
  onClose,
  title,
  error,
  made,
  submit,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  error: unknown;
  made: ReactNode;
  submit: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('ui');
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="sm">
        {made ? (
          <>
            {made}
            <Button onClick={onClose}>{t('done')}</Button>
          </>
        ) : (
          <>
            {children}
            <FormActions error={error} onCancel={onClose}>
              {submit}
            </FormActions>
          </>
        )}
      </Stack>
    </Modal>
  );
}
