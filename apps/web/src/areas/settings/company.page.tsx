import { Badge, Button, Group, Loader, Paper, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { ErrorNotice, Page } from '../../ui/page';
import { useTenant, useUpdateTenant } from './settings.queries';
import { TimezoneInput } from '../../ui/timezone-input';

/** The offline windows offered, in minutes (the API takes any from 5 minutes to 30 days). */
const OFFLINE_WINDOWS: Array<[number, string]> = [
  [15, '15 minutes'],
  [60, '1 hour'],
  [480, '8 hours'],
  [1440, '24 hours'],
  [2160, '36 hours'],
  [4320, '72 hours (the default)'],
  [10080, '7 days'],
  [43200, '30 days'],
];

const AVAILABILITY_MODES = [
  { value: 'OFF', label: 'Ignore availability' },
  { value: 'WARN', label: 'Warn (the default)' },
  { value: 'BLOCK', label: 'Refuse the shift' },
];

function offlineWindowChoices(current: number) {
  const known = OFFLINE_WINDOWS.some(([m]) => m === current);
  return [...(known ? [] : [[current, `${current} minutes`] as [number, string]]), ...OFFLINE_WINDOWS].map(([m, label]) => ({ value: String(m), label }));
}

/** The company's name and timezone, its plan, and the switches that change how it works. */
export function CompanyPage() {
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
  if (!t) return tenant.error ? <ErrorNotice error={tenant.error} /> : <Loader aria-label="Loading" />;
  const toggle = (body: Parameters<typeof update.mutate>[0]) => update.mutate(body, { onSuccess: () => notifications.show({ color: 'green', message: 'Saved.' }) });
  return (
    <Page title="Company">
      <Paper withBorder p="md">
        <Stack gap="sm" maw={480}>
          <TextInput label="Company name" required maxLength={120} value={name} onChange={(e) => setName(e.currentTarget.value)} />
          <TimezoneInput label="Timezone" description="Every date and time in the console is shown and typed in it, as are opening hours, leave days and rosters (an IANA name such as Europe/London)" required value={timezone} onChange={setTimezone} />
          <Text size="sm" c="dimmed">
            Address of the careers page and the sign-in name: <code>{t.slug}</code>
          </Text>
          <ErrorNotice error={update.error} />
          <Button w="fit-content" loading={update.isPending} disabled={!name.trim() || !timezone.trim() || (name === t.name && timezone === t.timezone)} onClick={() => toggle({ name: name.trim(), timezone: timezone.trim() })}>
            Save
          </Button>
        </Stack>
      </Paper>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={700}>Plan</Text>
            <Badge>{t.plan}</Badge>
          </Group>
          <Group gap="xs">
            {Object.entries(t.features).map(([f, on]) => (
              <Badge key={f} variant="light" color={on ? 'green' : 'gray'}>
                {f}: {on ? 'included' : 'not included'}
              </Badge>
            ))}
          </Group>
          <Switch label="Developer API (API keys and OAuth clients may call /public routes)" checked={t.publicApiEnabled} disabled={update.isPending} onChange={(e) => toggle({ publicApiEnabled: e.currentTarget.checked })} />
          <Switch label="Rosters wait for approval (AREA_MANAGER and above)" checked={t.rosterApprovalRequired} disabled={update.isPending} onChange={(e) => toggle({ rosterApprovalRequired: e.currentTarget.checked })} />
          <Switch label="Pay runs are approved by someone other than who computed them" checked={t.payrollFourEyes} disabled={update.isPending} onChange={(e) => toggle({ payrollFourEyes: e.currentTarget.checked })} />
          <Select
            maw={480}
            label="When a shift falls in someone's unavailability"
            description="Their unavailable hours, time off and approved leave. Warn: the shift is assigned and the schedule shows the conflict beside it. Block: it is refused."
            data={AVAILABILITY_MODES}
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
            label="Doors keep deciding without the platform for"
            description="How long a door daemon cut off from the platform (its internet link down) goes on opening doors from what it last knew. Past it, its doors stay shut until the link returns. Access removed meanwhile takes effect there when the link returns."
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
