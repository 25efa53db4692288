import { Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The frame of the pages seen before sign-in: a centred card, narrow enough for a phone. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation('ui');
  document.title = t('documentTitle', { title });
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={420} component="main">
        <Stack gap="md">
          <Text fw={700} c="blue.8">
            Workforce Platform
          </Text>
          <Title order={1} size="h3">
            {title}
          </Title>
          {subtitle ? <Text c="dimmed" size="sm">{subtitle}</Text> : null}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
