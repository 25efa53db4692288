import { Badge, Button, Group, Loader, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import i18next from 'i18next';
import { LOCALES, localeOfZone } from '@wfm/core/locale';
import { LANGUAGES } from '../../i18n/i18n';
import { ErrorNotice, Page } from '../../ui/page';
import { useTenant, useUpdateTenant } from './settings.queries';
import { TimezoneInput } from '../../ui/timezone-input';

/** The offline windows offered, in minutes (the API takes any from 5 minutes to 30 days), and the default. */
const OFFLINE_WINDOWS = [15, 60, 480, 1440, 2160, 4320, 10080, 43200];
const DEFAULT_OFFLINE_WINDOW = 4320;

/** "8 hours", "7 days", "72 hours (the default)": whole days from 7 days up, hours from 1 hour up. */
function offlineWindowLabel(minutes: number): string {
  const label = minutes >= 10080 && minutes % 1440 === 0 ? i18next.t('settings:company.days', { count: minutes / 1440 }) : minutes >= 60 && minutes % 60 === 0 ? i18next.t('settings:company.hours', { count: minutes / 60 }) : i18next.t('settings:company.minutes', { count: minutes });
  return minutes === DEFAULT_OFFLINE_WINDOW ? i18next.t('settings:company.theDefault', { label }) : label;
}

function offlineWindowChoices(current: number) {
  return [...(OFFLINE_WINDOWS.includes(current) ? [] : [current]), ...OFFLINE_WINDOWS].map((m) => ({ value: String(m), label: offlineWindowLabel(m) }));
}

/** A locale as people read it in the console's language, with how it writes a date and an amount: "French (Belgium) · 02/12/2026 · 1 234,56 €". */
function localeLabel(locale: string): string {
  const name = new Intl.DisplayNames([i18next.language], { type: 'language' }).of(locale) ?? locale;
  const sample = `${new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2026, 11, 2, 18, 30)))} · ${new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(1234.56)}`;
  return `${name} · ${sample}`;
}

/** The company's name and timezone, its plan, and the switches that change how it works. */
export function CompanyPage() {
  const { t: tr } = useTranslation('settings');
  const tenant = useTenant();
  const update = useUpdateTenant();
  const [name, setName] = useState('');
  const [timezone, setTimezone] = useState('');
  useEffect(() => {
    if (tenant.data) {
      setName(tenant.data.name);
      setTimezone(tenant.data.timezone);
    }
  }, [tenant.data]);
  const t = tenant.data;
  if (!t) return tenant.error ? <ErrorNotice error={tenant.error} /> : <Loader aria-label={tr('ui:loading')} />;
  const toggle = (body: Parameters<typeof update.mutate>[0]) => update.mutate(body, { onSuccess: () => notifications.show({ color: 'green', message: tr('company.saved') }) });
  return (
    <Page title={tr('nav.company')}>
      <Paper withBorder p="md">
        <Stack gap="sm" maw={480}>
          <TextInput label={tr('company.name')} required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TimezoneInput label={tr('company.timezone')} description={tr('company.timezoneHelp')} required value={timezone} onChange={setTimezone} />
          <Text size="sm" c="dimmed">
            {tr('company.slug')} <code>{t.slug}</code>
          </Text>
          <ErrorNotice error={update.error} />
          <Button w="fit-content" loading={update.isPending} disabled={!name.trim() || !timezone.trim() || (name === t.name && timezone === t.timezone)} onClick={() => toggle({ name: name.trim(), timezone: timezone.trim() })}>
            {tr('company.save')}
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm" maw={480}>
          <Select
            label={tr('company.locale')}
            description={tr('company.localeHelp')}
            data={[{ value: 'zone', label: tr('company.localeByZone', { locale: localeLabel(localeOfZone(t.timezone)) }) }, ...LOCALES.map((l) => ({ value: l, label: localeLabel(l) }))]}
            value={t.locale ?? 'zone'}
            allowDeselect={false}
            searchable
            disabled={update.isPending}
            onChange={(v) => v && toggle({ locale: v === 'zone' ? null : (v as (typeof LOCALES)[number]) })}
          />
          <Select
            label={tr('company.language')}
            description={tr('company.languageHelp')}
            data={LANGUAGES.map((l) => ({ value: l, label: tr(`ui:languageNames.${l}`) }))}
            value={t.language}
            allowDeselect={false}
            disabled={update.isPending}
            onChange={(v) => v && toggle({ language: v as (typeof LANGUAGES)[number] })}
          />
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={700}>{tr('nav.plan')}</Text>
            <Badge>{t.plan}</Badge>
          </Group>
          <Group gap="xs">
            {Object.entries(t.features).map(([f, on]) => (
              <Badge key={f} variant="light" color={on ? 'green' : 'gray'}>
                {tr(on ? 'company.included' : 'company.notIncluded', { feature: f })}
              </Badge>
            ))}
          </Group>
          <Switch label={tr('company.developerApi')} checked={t.publicApiEnabled} disabled={update.isPending} onChange={(e) => toggle({ publicApiEnabled: e.currentTarget.checked })} />
          <Switch label={tr('company.rosterApproval')} checked={t.rosterApprovalRequired} disabled={update.isPending} onChange={(e) => toggle({ rosterApprovalRequired: e.currentTarget.checked })} />
          <Switch label={tr('company.fourEyes')} checked={t.payrollFourEyes} disabled={update.isPending} onChange={(e) => toggle({ payrollFourEyes: e.currentTarget.checked })} />
          <Select
            maw={480}
            label={tr('company.availability')}
            description={tr('company.availabilityHelp')}
            data={[
              { value: 'OFF', label: tr('company.availabilityOff') },
              { value: 'WARN', label: tr('company.availabilityWarn') },
              { value: 'BLOCK', label: tr('company.availabilityBlock') },
            ]}
            value={t.availabilityConflictMode}
            allowDeselect={false}
            disabled={update.isPending}
            onChange={(v) => v && toggle({ availabilityConflictMode: v as (typeof t)['availabilityConflictMode'] })}
          />
        </Stack>
      </Paper>
      {t.features.accessControl ? (
        <Paper withBorder p="md">
          <Select
            maw={480}
            label={tr('company.offline')}
            description={tr('company.offlineHelp')}
            data={offlineWindowChoices(t.accessOfflineWindowMinutes)}
            value={String(t.accessOfflineWindowMinutes)}
            allowDeselect={false}
            disabled={update.isPending}
            onChange={(v) => v && toggle({ accessOfflineWindowMinutes: Number(v) })}
          />
        </Paper>
      ) : null}
    </Page>
  );
}
