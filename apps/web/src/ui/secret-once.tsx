import { Alert, Code, Group, Stack, Text } from '@mantine/core';
import { CopyValueButton } from './copy-button';

/** A secret the API shows once (an API key, a client secret, a reader key, a webhook secret). */
export function SecretOnce({ label, value }: { label: string; value: string }) {
  return (
    <Alert color="yellow" title={`${label}: copy it now`}>
      <Stack gap="xs">
        <Text size="sm">It is shown once and cannot be read again; store it where your integration keeps secrets.</Text>
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
