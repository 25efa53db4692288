import { Card, Text } from '@mantine/core';
import { ApiError } from '../../api/errors';
import { ErrorNotice } from '../../ui/page';

/** A 403 here means the plan or the operator's switch, which only the platform operator changes: say so. */
export function SsoUnavailable({ error }: { error: unknown }) {
  if (!(error instanceof ApiError && error.status === 403)) return <ErrorNotice error={error} />;
  return (
    <Card withBorder>
      <Text fw={600}>Single sign-on is not available to this company.</Text>
      <Text size="sm">{error.message}</Text>
      <Text size="sm" c="dimmed">
        It needs the Enterprise plan, and the platform operator switches it on for the company.
      </Text>
    </Card>
  );
}
