import { Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { mayCall, useMe } from '../../auth/me';
import { DataTable } from '../../ui/data-table';
import { humanize } from '../../ui/format';
import { addDays, formatDay, today } from './maintenance-dates';
import { AssignModal, CompleteModal, ScheduleModal, ServiceLogModal, WorkOrderModal, type WorkOrderPreset } from './maintenance-forms';
import { useDue, useSchedules, useServiceLogs, useWorkOrders, type Schedule, type WorkOrder } from './maintenance.queries';
import { WorkOrderCard } from './work-order-card';

/** How often a schedule falls due, for people: "every 3 months", "every 500 hours". */
export function cadence(s: Pick<Schedule, 'intervalUnit' | 'intervalValue' | 'meter'>): string {
  const unit = s.intervalUnit === 'USAGE' ? s.meter! : humanize(s.intervalUnit).toLowerCase();
  return `every ${s.intervalValue} ${s.intervalValue === 1 && unit.endsWith('s') ? unit.slice(0, -1) : unit}`;
}

/**
 * An asset's maintenance, self-contained for its detail page: its schedules with their next due,
 * its work orders and its service history, each with the action that adds to it for those the
 * API lets call it.
 */
export function AssetMaintenanceSection({ assetId }: { assetId: string }) {
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
              Maintenance schedules
            </Title>
            {may('postAssetsByIdMaintenanceSchedules') ? (
              <Button size="xs" variant="light" onClick={() => setScheduleTarget({ assetId })}>
                Add schedule
              </Button>
            ) : null}
          </Group>
          <DataTable query={schedules} loadingLabel="Loading schedules" empty="No maintenance scheduled." minWidth={520} columns={[
            { header: 'Schedule', cell: (s) => (<>{s.title}{s.categoryId ? <Text size="xs" c="dimmed">For every {s.targetName} asset</Text> : null}</>) },
            { header: 'Cadence', cell: cadence },
            {
              header: 'Next due',
              cell: (s) => {
                const next = nextDue.get(s.id);
                if (!s.active) return 'Inactive';
                if (!next) return s.intervalUnit === 'USAGE' ? 'By meter' : '—';
                return next.overdue ? <Badge color="red">Overdue since {formatDay(next.dueOn)}</Badge> : formatDay(next.dueOn);
              },
            },
            may('postAssetsByIdServiceLogs') && {
              cell: (s) => (
                <Button size="compact-xs" variant="light" onClick={() => setLogging({ assetId, scheduleId: s.id })}>
                  Log done
                </Button>
              ),
            },
          ]} />
        </Stack>
      ) : null}
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Work orders
          </Title>
          {may('postWorkOrders') ? (
            <Button size="xs" variant="light" onClick={() => setRaising({ assetId })}>
              Open a work order
            </Button>
          ) : null}
        </Group>
        {orders.isPending ? null : orders.data?.length ? (
          orders.data.map((o) => <WorkOrderCard key={o.id} order={o} forms={{ assign: setAssigning, complete: setCompleting }} />)
        ) : (
          <Text size="sm" c="dimmed">
            No work orders.
          </Text>
        )}
      </Stack>
      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h4">
            Service history
          </Title>
          {may('postAssetsByIdServiceLogs') ? (
            <Button size="xs" variant="light" onClick={() => setLogging({ assetId })}>
              Log a service
            </Button>
          ) : null}
        </Group>
        <DataTable query={logs} loadingLabel="Loading service history" empty="No service logged." minWidth={520} columns={[
          { header: 'On', cell: (l) => formatDay(l.performedOn) },
          { header: 'Work', cell: (l) => l.description },
          { header: 'By', cell: (l) => l.performedByName ?? '—' },
          { header: 'Cost', cell: (l) => (l.cost ? `${(l.cost.amountMinor / 100).toFixed(2)} ${l.cost.currency}` : '—') },
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
