import { Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { CopyValueButton } from '../../ui/copy-button';
import type { ReactNode } from 'react';

/** A value the admin pastes into their identity provider or DNS, with a button that copies it. */
export function Copyable({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
        <CopyValueButton value={value} name={`Copy ${label}`} size="compact-xs" />
      </Group>
    </Stack>
  );
}

/** One card of a connection's page, titled so the page's headings stay in order. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Card>
  );
}
