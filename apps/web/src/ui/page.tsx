import { Alert, Group, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { ComplianceViolationList } from './compliance-violations';

/** A page of the console: its title (the document's too), actions on the right, then the content. */
export function Page({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  document.title = `${title} · Workforce Platform`;
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

/** What went wrong, in the API's words; nothing when there is no error. */
export function ErrorNotice({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <Alert color="red" title="Something went wrong" role="alert">
      {error instanceof Error ? error.message : String(error)}
      <ComplianceViolationList error={error} />
    </Alert>
  );
}
