import { Alert, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../api/error-text';
import { ComplianceViolationList } from './compliance-violations';

/** A page of the console: its title (the document's too), actions on the right, then the content. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('ui');
  document.title = t('documentTitle', { title });
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={1} size="h2">
          {title}
        </Title>
        {actions}
      </Group>
      {children}
    </Stack>
  );
}

/** What went wrong, in the person's language (errorText); nothing when there is no error. */
export function ErrorNotice({ error }: { error: unknown }) {
  const { t } = useTranslation('ui');
  const errorText = useErrorText();
  if (!error) return null;
  return (
    <Alert color="red" title={t('somethingWentWrong')} role="alert">
      {errorText(error)}
      <ComplianceViolationList error={error} />
    </Alert>
  );
}
