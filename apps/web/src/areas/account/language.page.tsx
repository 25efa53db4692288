import { Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../i18n/i18n';
import { ErrorNotice, Page } from '../../ui/page';
import { formatDateTime, formatMoney } from '../../ui/format';
import { useMyLocale, useSetMyLanguage, type Language } from '../me/locale.queries';

/** The sample a person sees their company's locale by: an instant and an amount as the console writes them. */
const SAMPLE_INSTANT = '2026-12-02T08:00:00Z';

/** The person's own language, or their company's; dates and amounts keep the company's locale either way. */
export function LanguagePage() {
  const { t } = useTranslation('account');
  const mine = useMyLocale();
  const set = useSetMyLanguage();
  const company = mine.data ? t(`ui:languageNames.${mine.data.tenantLanguage}`) : '';
  const options = [{ value: 'company', label: t('language.company', { language: company }) }, ...LANGUAGES.map((l) => ({ value: l, label: t(`ui:languageNames.${l}`) }))];
  return (
    <Page title={t('language.title')}>
      <Stack gap="sm" maw={420}>
        <Text size="sm" c="dimmed">
          {t('language.help')}
        </Text>
        <Select
          label={t('language.label')}
          allowDeselect={false}
          data={options}
          value={mine.data?.ownLanguage ?? 'company'}
          disabled={!mine.data || set.isPending}
          onChange={(v) => set.mutate(v === 'company' ? null : (v as Language), { onSuccess: (l) => notifications.show({ color: 'green', message: t('language.saved', { lng: l.language }) }) })}
        />
        <ErrorNotice error={mine.error ?? set.error} />
        {mine.data ? (
          <Text size="sm" data-testid="locale-sample">
            {t('language.sample', { locale: mine.data.locale, date: formatDateTime(SAMPLE_INSTANT), amount: formatMoney(123456, 'EUR') })}
          </Text>
        ) : null}
      </Stack>
    </Page>
  );
}
