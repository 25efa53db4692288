import { Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../ui/page';

export function NotFoundPage() {
  const { t } = useTranslation('layout');
  return (
    <Page title={t('notFound.title')}>
      <Stack align="flex-start">
        <Text>{t('notFound.text')}</Text>
        <Button component={Link} to="/" variant="light">
          {t('notFound.home')}
        </Button>
      </Stack>
    </Page>
  );
}
