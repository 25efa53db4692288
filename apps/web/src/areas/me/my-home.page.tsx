import { Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../../auth/me';
import { planAllows, usePlan } from '../../auth/plan';
import { formatShiftSpan } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { useLeave, useShifts } from '../schedule/schedule.queries';
import { addDays } from '../schedule/week';
import { useOutletZones, useOutlets } from '../../api/shared.queries';
import { useToday } from '../../ui/today';
import { ClockCard } from './clock.card';
import { ZoneNote } from '../../ui/zone-note';

/** A STAFF user's home: the door credential a tap away (on a plan with door access), the next shifts, pending leave. */
export function MyHomePage() {
  const { t } = useTranslation('me');
  const me = useMe();
  const plan = usePlan();
  const outlets = useOutlets();
  const zoneOf = useOutletZones();
  const today = useToday();
  const shifts = useShifts({ userId: me.data?.id ?? '', from: today.toISOString(), to: addDays(today, 15).toISOString() }, me.data !== undefined);
  const leave = useLeave(me.data ? { userId: me.data.id, status: 'PENDING' } : {});
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const next = [...(shifts.data ?? [])].filter((s) => (s.status === 'SCHEDULED' || s.status === 'IN_PROGRESS') && Date.parse(s.scheduledEnd) > Date.now()).sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart)).slice(0, 3);
  document.title = t('ui:documentTitle', { title: t('home.title') });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {me.data ? t('home.helloName', { name: me.data.fullName.split(' ')[0] }) : t('home.hello')}
      </Title>
      <ZoneNote />
      {planAllows(plan.data, 'accessControl') ? (
        <Button component={Link} to="/me/door" size="lg" fullWidth maw={420}>
          {t('home.showDoor')}
        </Button>
      ) : null}
      <ErrorNotice error={shifts.error ?? leave.error} />
      <ClockCard />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Paper withBorder p="md">
          <Text fw={700} mb="xs">
            {t('home.nextShifts')}
          </Text>
          {next.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('home.noneSoon')}
            </Text>
          ) : (
            <Stack gap={4}>
              {next.map((s) => (
                <Text key={s.id} size="sm">
                  {formatShiftSpan(s.scheduledStart, s.scheduledEnd, zoneOf(s.outletId))} · {outletName.get(s.outletId) ?? ''}
                </Text>
              ))}
            </Stack>
          )}
          <Anchor component={Link} to="/me/shifts" size="sm">
            {t('home.allShifts')}
          </Anchor>
        </Paper>
        <Paper withBorder p="md">
          <Text fw={700} mb="xs">
            {t('nav.myLeave')}
          </Text>
          <Text size="sm">{leave.data ? t('home.leaveWaiting', { count: leave.data.length }) : ' '}</Text>
          <Group gap="sm">
            <Anchor component={Link} to="/me/leave" size="sm">
              {t('home.requestLeave')}
            </Anchor>
            <Anchor component={Link} to="/rota/open-shifts" size="sm">
              {t('home.openShift')}
            </Anchor>
          </Group>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
