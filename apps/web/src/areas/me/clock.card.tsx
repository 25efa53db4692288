import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOutletZones, useOutlets } from '../../api/shared.queries';
import { useMe } from '../../auth/me';
import { formatDateTime, formatShiftSpan } from '../../ui/format';
import { ErrorNotice } from '../../ui/page';
import { useShifts } from '../schedule/schedule.queries';
import { addDays } from '../schedule/week';
import { useToday } from '../../ui/today';
import { policyAckRequired, useClockIn, useClockOut, useOpenClockIn } from './me.queries';

/**
 * Clocking in and out from the browser, as the mobile app does: at an outlet, against one of
 * today's scheduled shifts there when there is one (its clock-out completes the shift).
 */
export function ClockCard() {
  const { t } = useTranslation('me');
  const me = useMe();
  const outlets = useOutlets();
  const zoneOf = useOutletZones();
  const open = useOpenClockIn(me.data?.id);
  const clockIn = useClockIn();
  const clockOut = useClockOut();
  const dayStart = useToday();
  const shifts = useShifts({ userId: me.data?.id ?? '', from: dayStart.toISOString(), to: addDays(dayStart, 1).toISOString() }, me.data !== undefined);
  const today = (shifts.data ?? []).filter((s) => s.status === 'SCHEDULED').sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart));
  const [outletId, setOutletId] = useState<string | null>(null);
  const [shiftId, setShiftId] = useState<string | null>(null);
  const outlet = outletId ?? today[0]?.outletId ?? outlets.data?.[0]?.id ?? null;
  const shiftsHere = today.filter((s) => s.outletId === outlet);
  const shift = shiftId !== null && shiftsHere.some((s) => s.id === shiftId) ? shiftId : shiftId === 'none' ? null : (shiftsHere[0]?.id ?? null);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Paper withBorder p="md">
      <Text fw={700} mb="xs">
        {t('clock.title')}
      </Text>
      <ErrorNotice error={open.error ?? clockOut.error ?? (policyAckRequired(clockIn.error) ? null : clockIn.error)} />
      {policyAckRequired(clockIn.error) ? (
        <Alert color="orange" role="alert" mb="sm">
          {t('clock.policiesFirst')}{' '}
          <Anchor component={Link} to="/me/policies">
            {t('clock.openPolicies')}
          </Anchor>
        </Alert>
      ) : null}
      {open.data ? (
        <Stack gap="xs">
          <Text size="sm">
            {t('clock.clockedInAt', { outlet: outletName.get(open.data.outletId) ?? t('clock.anOutlet'), since: formatDateTime(open.data.clockInAt, zoneOf(open.data.outletId)) })}
          </Text>
          <Button w="fit-content" color="orange" loading={clockOut.isPending} onClick={() => clockOut.mutate(undefined, { onSuccess: () => notifications.show({ color: 'green', message: t('clock.clockedOut') }) })}>
            {t('clock.clockOut')}
          </Button>
        </Stack>
      ) : (
        <Stack gap="xs">
          <Group grow align="flex-end">
            <Select label={t('clock.outlet')} allowDeselect={false} data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outlet} onChange={(v) => { setOutletId(v); setShiftId(null); }} />
            <Select
              label={t('clock.shift')}
              allowDeselect={false}
              data={[...shiftsHere.map((s) => ({ value: s.id, label: formatShiftSpan(s.scheduledStart, s.scheduledEnd, zoneOf(s.outletId)) })), { value: 'none', label: t('clock.noShift') }]}
              value={shift ?? 'none'}
              onChange={setShiftId}
            />
          </Group>
          <Button
            w="fit-content"
            disabled={!outlet || open.isPending}
            loading={clockIn.isPending}
            onClick={() => clockIn.mutate({ outletId: outlet!, ...(shift ? { shiftAssignmentId: shift } : {}) }, { onSuccess: () => notifications.show({ color: 'green', message: t('clock.clockedIn') }) })}
          >
            {t('clock.clockIn')}
          </Button>
        </Stack>
      )}
    </Paper>
  );
}
