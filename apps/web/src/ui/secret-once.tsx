import { Alert, Code, CopyButton, Button, Group, Stack, Text } from '@mantine/core';

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
          <CopyButton value={value}>{({ copied, copy }) => <Button size="xs" onClick={copy} variant="light">{copied ? 'Copied' : 'Copy'}</Button>}</CopyButton>
        </Group>
      </Stack>
    </Alert>
  );
}
