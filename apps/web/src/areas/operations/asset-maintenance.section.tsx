import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { mayCall, useMe } from '../../auth/me';
import { DataTable } from '../../ui/data-table';

import { addDays, formatDay, today } from './maintenance-dates';
import { AssignModal, CompleteModal, ScheduleModal, ServiceLogModal, WorkOrderModal, type WorkOrderPreset } from './maintenance-forms';
import { useDue, useSchedules, useServiceLogs, useWorkOrders, type Schedule, type WorkOrder } from './maintenance.queries';
import { WorkOrderCard } from './work-order-card';

/** How often a schedule falls due, for people: "every 3 months", "every 500 hours". */
export function cadence(t: TFunction<'operations'>, s: Pick<Schedule, 'intervalUnit' | 'intervalValue' | 'meter'>): string {
  if (s.intervalUnit !== 'USAGE') return t(`cadence.${s.intervalUnit}`, { count: s.intervalValue });
  // A meter is named by people, in the plural ("hours"); one of it drops the "s".
  const meter = s.meter!;
  return t('cadence.USAGE', { count: s.intervalValue, meter: s.intervalValue === 1 && meter.endsWith('s') ? meter.slice(0, -1) : meter });
}

/**
 * An asset's maintenance, self-contained for its detail page: its schedules with their next due,
 * its work orders and its service history, each with the action that adds to it for those the
 * API lets call it.
 */
export function AssetMaintenanceSection({ assetId }: { assetId: string }) {
  const { t } = useTranslation('operations');
  const me = useMe();
  const may = (op: Parameters<typeof mayCall>[1]) => mayCall(me.data, op);
  const schedules = useSchedules({ assetId }, may('getMaintenanceSchedules'));
  const due = useDue({ from: today(), to: addDays(today(), 92), assetId }, may('getMaintenanceDue'));
  const orders = useWorkOrders({ assetId });
  const logs = useServiceLogs(assetId);
  const [scheduleTarget, setScheduleTarget] = useState<{ assetId: string } | { schedule: Schedule } | null>(null);
  const [logging, setLogging] = useState<{ assetId: string; scheduleId?: string } | null>(null);
  const [raising, setRaising] = useState<WorkOrderPreset | null>(null);
  const [assigning, setAssigning] = useState<WorkOrder | null>(null);
  const [completing, setCompleting] = useState<WorkOrder | null>(null);
  const nextDue = new Map<string, { dueOn: string; overdue: boolean }>();
  for (const d of due.data ?? []) if (!nextDue.has(d.scheduleId)) nextDue.set(d.scheduleId, d);
  return (
    <Stack gap="md">
      {may('getMaintenanceSchedules') ? (
        <Stack gap="xs">
          <Group justify="space-between">
            <Title order={3} size="h4">
              {t('maintenance.schedulesTitle')}
            </Title>
            {may('postAssetsByIdMaintenanceSchedules') ? (
              <Button size="xs" variant="light" onClick={() => setScheduleTarget({ assetId })}>
                {t('maintenance.addSchedule')}
              </Button>
            ) : null}
          </Group>
          <DataTable query={schedules} loadingLabel={t('maintenance.loadingSchedules')} empty={t('maintenance.noSchedules')} minWidth={520} columns={[
            { header: t('maintenance.schedule'), cell: (s) => (<>{s.title}{s.categoryId ? <Text size="xs" c="dimmed">{t('maintenance.forEveryAssetOf', { category: s.targetName })}</Text> : null}</>) },
            { header: t('maintenance.cadence'), cell: (s) => cadence(t, s) },
            {
              header: t('maintenance.nextDue'),
              cell: (s) => {
                const next = nextDue.get(s.id);
                if (!s.active) return t('maintenance.inactive');
                if (!next) return s.intervalUnit === 'USAGE' ? t('maintenance.byMeter') : '—';
                return next.overdue ? <Badge color="red">{t('maintenance.overdueSince', { day: formatDay(next.dueOn) })}</Badge> : formatDay(next.dueOn);
              },
            },
            may('postAssetsByIdServiceLogs') && {
              cell: (s) => (
                <Button size="compact-xs" variant="light" onClick={() => setLogging({ assetId, scheduleId: s.id })}>
                  {t('maintenance.logDone')}
                </Button>
              ),
            },
          ]} />
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('workOrders.title')}
          </Title>
          {may('postWorkOrders') ? (
            <Button size="xs" variant="light" onClick={() => setRaising({ assetId })}>
              {t('maintenance.openWorkOrder')}
            </Button>
          ) : null}
        </Group>
        {orders.isPending ? null : orders.data?.length ? (
          orders.data.map((o) => <WorkOrderCard key={o.id} order={o} forms={{ assign: setAssigning, complete: setCompleting }} />)
        ) : (
          <Text size="sm" c="dimmed">
            {t('maintenance.noWorkOrders')}
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            {t('maintenance.serviceHistory')}
          </Title>
          {may('postAssetsByIdServiceLogs') ? (
            <Button size="xs" variant="light" onClick={() => setLogging({ assetId })}>
              {t('maintenance.logService')}
            </Button>
          ) : null}
        </Group>
        <DataTable query={logs} loadingLabel={t('maintenance.loadingHistory')} empty={t('maintenance.noService')} minWidth={520} columns={[
          { header: t('maintenance.on'), cell: (l) => formatDay(l.performedOn) },
          { header: t('maintenance.work'), cell: (l) => l.description },
          { header: t('maintenance.by'), cell: (l) => l.performedByName ?? '—' },
          { header: t('maintenance.cost'), cell: (l) => (l.cost ? `${(l.cost.amountMinor / 100).toFixed(2)} ${l.cost.currency}` : '—') },
        ]} />
      </Stack>
      <ScheduleModal target={scheduleTarget} onClose={() => setScheduleTarget(null)} />
      <ServiceLogModal target={logging} onClose={() => setLogging(null)} />
      <WorkOrderModal preset={raising} onClose={() => setRaising(null)} />
      <AssignModal order={assigning} onClose={() => setAssigning(null)} />
      <CompleteModal order={completing} onClose={() => setCompleting(null)} />
    </Stack>
  );
}
