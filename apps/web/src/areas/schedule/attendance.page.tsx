import { Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, humanize } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useAttendance, useReviewAttendance, type AttendanceStatus } from './schedule.queries';
import { addDays, isoDay } from './week';
import { plain, wallInstant } from '../../ui/zone';
import { useOutlets, usePeople } from '../../api/shared.queries';
import { mayCall, useMe } from '../../auth/me';
import { RuleBreaches } from '../../ui/compliance-violations';
import { useViolations, type Violation } from '../compliance/compliance.queries';

const COLOUR: Record<AttendanceStatus, string> = { OPEN: 'blue', VERIFIED: 'green', PENDING_REVIEW: 'yellow', APPROVED: 'green', REJECTED: 'red' };

/** Clock-ins and outs of a period: those waiting for review (a missed clock-out, no shift) approved or rejected. */
export function AttendancePage() {
  const { t } = useTranslation('schedule');
  const outlets = useOutlets();
  const people = usePeople();
  const [outletId, setOutletId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [from, setFrom] = useState(() => isoDay(addDays(new Date(), -7)));
  const [to, setTo] = useState(() => isoDay(new Date()));
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to);
  const attendance = useAttendance({
    ...(outletId ? { outletId } : {}),
    ...(status ? { status: status as AttendanceStatus } : {}),
    from: plain(wallInstant(valid ? from : isoDay(new Date()), '00:00')).toISOString(),
    to: addDays(wallInstant(valid ? to : isoDay(new Date()), '00:00'), 1).toISOString(),
  });
  const review = useReviewAttendance();
  const me = useMe();
  // Clock records' working-time breaches are dated by their local day or their week's Monday: six days before the period catch a week that starts before it.
  const violations = useViolations({ phase: 'CLOCK', from: isoDay(addDays(wallInstant(valid ? from : isoDay(new Date()), '00:00'), -6)), to: valid ? to : isoDay(new Date()), ...(outletId ? { outletId } : {}) }, mayCall(me.data, 'getComplianceViolations'));
  const breachesOf = new Map<string, Violation[]>();
  for (const v of violations.data ?? []) for (const id of v.attendanceEventIds) breachesOf.set(id, [...(breachesOf.get(id) ?? []), v]);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Page title={t('attendance.title')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('attendance.outlet')} placeholder={t('attendance.everyOutlet')} clearable data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} />
        <Select label={t('attendance.status')} placeholder={t('attendance.anyStatus')} clearable data={(['OPEN', 'VERIFIED', 'PENDING_REVIEW', 'APPROVED', 'REJECTED'] as const).map((s) => ({ value: s, label: humanize(s) }))} value={status} onChange={setStatus} />
        <TextInput label={t('attendance.from')} type="date" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
        <TextInput label={t('attendance.to')} type="date" value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      <DataTable query={attendance} error={attendance.error ?? review.error} loadingLabel={t('attendance.loading')} empty={t('attendance.empty')} minWidth={720} columns={[
        { header: t('attendance.person'), cell: (a) => (people.data?.get(a.userId)?.fullName ?? t('attendance.someone')) },
        { header: t('attendance.outlet'), cell: (a) => (outletName.get(a.outletId) ?? '—') },
        { header: t('attendance.in'), cell: (a) => formatDateTime(a.clockInAt) },
        { header: t('attendance.out'), cell: (a) => (a.clockOutAt ? formatDateTime(a.clockOutAt) : t('attendance.stillIn')) },
        {
          header: t('attendance.status'),
          cell: (a) => (
            <>
              <Badge variant="light" color={COLOUR[a.status]}>
                {humanize(a.status)}
              </Badge>
              {a.shiftAssignmentId ? null : (
                <Text size="xs" c="dimmed">
                  {t('attendance.noShift')}
                </Text>
              )}
            </>
          ),
        },
        { header: t('attendance.workingTime'), cell: (a) => <RuleBreaches breaches={breachesOf.get(a.id)} /> },
        {
          cell: (a) => (
            a.clockOutAt && a.status !== 'APPROVED' && a.status !== 'REJECTED' ? (
              <Group gap="xs" wrap="nowrap">
                <Button size="compact-sm" variant="light" color="green" onClick={() => review.mutate({ id: a.id, status: 'APPROVED' }, { onSuccess: () => notifications.show({ message: t('attendance.approved') }) })}>
                  {t('attendance.approve')}
                </Button>
                <Button size="compact-sm" variant="light" color="red" onClick={() => review.mutate({ id: a.id, status: 'REJECTED' }, { onSuccess: () => notifications.show({ message: t('attendance.rejected') }) })}>
                  {t('attendance.reject')}
                </Button>
              </Group>
            ) : null
          ),
        },
      ]} />
    </Page>
  );
}
