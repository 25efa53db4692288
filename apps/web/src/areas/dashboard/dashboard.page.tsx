import { Anchor, Badge, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
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
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Text fw={700}>{title}</Text>
        <ErrorNotice error={error} />
        {loading ? <Loader size="sm" aria-label={`Loading ${title}`} /> : children}
        <Anchor component={Link} to={to} size="sm">
          {link}
        </Anchor>
      </Stack>
    </Paper>
  );
}

const Big = ({ n, label }: { n: number; label: string }) => (
  <Group gap="xs" align="baseline">
    <Text fz={32} fw={700} data-testid={`count-${label}`}>
      {n}
    </Text>
    <Text size="sm" c="dimmed">
      {label}
    </Text>
  </Group>
);

/** A manager's start page: today at a glance, each card only for those who may read it. */
export function DashboardPage() {
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
  const name = (id: string) => people.data?.get(id)?.fullName ?? 'Someone';
  const today = (shifts.data ?? []).filter((s) => s.status !== 'CANCELLED').sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart));
  const taps = (audit.data ?? []).filter((r) => r.eventType !== 'REVOKED');
  const granted = taps.filter((r) => r.eventType === 'GRANTED').length;
  document.title = 'Dashboard · Workforce Platform';
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Dashboard
      </Title>
      <ZoneNote />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <Card title="Today's shifts" to="/schedule/shifts" link="The week's shifts" error={shifts.error} loading={shifts.isPending}>
          <Big n={today.length} label="shifts today" />
          {today.slice(0, 5).map((s) => (
            <Text key={s.id} size="sm">
              {localTime(s.scheduledStart, zoneOf(s.outletId))}–{localTime(s.scheduledEnd, zoneOf(s.outletId))} {name(s.userId)}
            </Text>
          ))}
        </Card>
        <Card title="Clocked in now" to="/schedule/attendance" link="Attendance" error={clockedIn.error} loading={clockedIn.isPending}>
          <Big n={clockedIn.data?.length ?? 0} label="clocked in" />
          {(clockedIn.data ?? []).slice(0, 5).map((a) => (
            <Text key={a.id} size="sm">
              {name(a.userId)} since {localTime(a.clockInAt, zoneOf(a.outletId))}
            </Text>
          ))}
        </Card>
        <Card title="Leave to decide" to="/schedule/leave" link="Leave requests" error={leave.error} loading={leave.isPending}>
          <Big n={leave.data?.length ?? 0} label="pending" />
        </Card>
        {doors ? (
          <Card title="Doors in the last hour" to="/access/audit" link="The live audit log" error={audit.error} loading={audit.isPending}>
            <Big n={taps.length} label="taps" />
            <Group gap="xs">
              <Badge color="green" variant="light">
                {granted} granted
              </Badge>
              <Badge color="red" variant="light">
                {taps.length - granted} denied
              </Badge>
            </Group>
          </Card>
        ) : null}
        {admin ? (
          <Card title="Webhook failures" to="/developers/webhooks" link="Webhooks" error={dead.error} loading={dead.isPending}>
            <Big n={dead.data?.dead ?? 0} label="deliveries gave up" />
          </Card>
        ) : null}
      </SimpleGrid>
    </Stack>
  );
}
