import { Card, Text } from '@mantine/core';
import { ApiError } from '../../api/errors';
import { ErrorNotice } from '../../ui/page';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../api/error-text';

/** A 403 here means the plan or the operator's switch, which only the platform operator changes: say so. */
export function SsoUnavailable({ error }: { error: unknown }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  if (!(error instanceof ApiError && error.status === 403)) return <ErrorNotice error={error} />;
  return (
    <Card withBorder>
      <Text fw={600}>{t('sso.unavailable.title')}</Text>
      <Text size="sm">{errorText(error)}</Text>
      <Text size="sm" c="dimmed">
        {t('sso.unavailable.why')}
      </Text>
    </Card>
  );
}
