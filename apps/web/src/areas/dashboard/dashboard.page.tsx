import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { mayCall, useMe } from '../../auth/me';
import { planAllows, usePlan } from '../../auth/plan';
import { ErrorNotice } from '../../ui/page';
import { useAttendance, useLeave, useShifts } from '../schedule/schedule.queries';
import { addDays, localTime } from '../schedule/week';
import { useToday } from '../../ui/today';
import { useOutletZones, usePeople } from '../../api/shared.queries';
import { ZoneNote } from '../../ui/zone-note';

function Card({ title, to, link, children, error, loading }: { title: string; to: string; link: string; children: ReactNode; error: unknown; loading: boolean }) {
  const { t } = useTranslation('dashboard');
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Text fw={700}>{title}</Text>
        <ErrorNotice error={error} />
        {loading ? <Loader size="sm" aria-label={t('loading', { title })} /> : children}
        <Anchor component={Link} to={to} size="sm">
          {link}
        </Anchor>
      </Stack>
    </Paper>
  );
}

/** A count and what it counts; `id` names it for tests in every language. */
const Big = ({ n, id, label }: { n: number; id: string; label: string }) => (
  <Group gap="xs" align="baseline">
    <Text fz={32} fw={700} data-testid={`count-${id}`}>
      {n}
    </Text>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
  </Group>
);

/** A manager's start page: today at a glance, each card only for those who may read it. */
export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const me = useMe();
  const plan = usePlan();
  const people = usePeople();
  const zoneOf = useOutletZones();
  const dayStart = useToday();
  const shifts = useShifts({ from: dayStart.toISOString(), to: addDays(dayStart, 1).toISOString() });
  const clockedIn = useAttendance({ status: 'OPEN', from: addDays(dayStart, -2).toISOString(), to: addDays(dayStart, 1).toISOString() });
  const leave = useLeave({ status: 'PENDING' });
  // A card for a feature the plan lacks would only be refused (402) or empty: it is left out.
  const doors = mayCall(me.data, 'getAccessAudit') && planAllows(plan.data, 'accessControl');
  const admin = mayCall(me.data, 'getWebhooksDeliveriesDeadCount') && planAllows(plan.data, 'webhooks');
  const audit = useQuery({ queryKey: ['access', 'audit', 'last-hour'], enabled: doors, refetchInterval: 30_000, queryFn: () => ok(api.GET('/access/audit', { params: { query: { from: new Date(Date.now() - 3_600_000).toISOString(), limit: 1000 } } })) });
  const dead = useQuery({ queryKey: ['developers', 'dead-count'], enabled: admin, refetchInterval: 30_000, queryFn: () => ok(api.GET('/webhooks/deliveries/dead-count')) });
  const name = (id: string) => people.data?.get(id)?.fullName ?? t('someone');
  const today = (shifts.data ?? []).filter((s) => s.status !== 'CANCELLED').sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart));
  const taps = (audit.data ?? []).filter((r) => r.eventType !== 'REVOKED');
  const granted = taps.filter((r) => r.eventType === 'GRANTED').length;
  document.title = t('ui:documentTitle', { title: t('title') });
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <ZoneNote />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card title={t('shifts.title')} to="/schedule/shifts" link={t('shifts.link')} error={shifts.error} loading={shifts.isPending}>
          <Big n={today.length} id="shifts today" label={t('shifts.count')} />
          {today.slice(0, 5).map((s) => (
            <Text key={s.id} size="sm">
              {localTime(s.scheduledStart, zoneOf(s.outletId))}–{localTime(s.scheduledEnd, zoneOf(s.outletId))} {name(s.userId)}
            </Text>
          ))}
        </Card>
        <Card title={t('clockedIn.title')} to="/schedule/attendance" link={t('clockedIn.link')} error={clockedIn.error} loading={clockedIn.isPending}>
          <Big n={clockedIn.data?.length ?? 0} id="clocked in" label={t('clockedIn.count')} />
          {(clockedIn.data ?? []).slice(0, 5).map((a) => (
            <Text key={a.id} size="sm">
              {t('clockedIn.since', { name: name(a.userId), time: localTime(a.clockInAt, zoneOf(a.outletId)) })}
            </Text>
          ))}
        </Card>
        <Card title={t('leave.title')} to="/schedule/leave" link={t('leave.link')} error={leave.error} loading={leave.isPending}>
          <Big n={leave.data?.length ?? 0} id="pending" label={t('leave.count')} />
        </Card>
        {doors ? (
          <Card title={t('doors.title')} to="/access/audit" link={t('doors.link')} error={audit.error} loading={audit.isPending}>
            <Big n={taps.length} id="taps" label={t('doors.count')} />
            <Group gap="xs">
              <Badge color="green" variant="light">
                {t('doors.granted', { count: granted })}
              </Badge>
              <Badge color="red" variant="light">
                {t('doors.denied', { count: taps.length - granted })}
              </Badge>
            </Group>
          </Card>
        ) : null}
        {admin ? (
          <Card title={t('webhooks.title')} to="/developers/webhooks" link={t('webhooks.link')} error={dead.error} loading={dead.isPending}>
            <Big n={dead.data?.dead ?? 0} id="deliveries gave up" label={t('webhooks.count')} />
          </Card>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
