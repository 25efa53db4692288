import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { humanize } from '../../ui/format';
import { Page } from '../../ui/page';
import { cadence } from './asset-maintenance.section';
import { formatDay } from './maintenance-dates';
import { ScheduleModal } from './maintenance-forms';
import { useDeleteSchedule, useSchedules, type Schedule } from './maintenance.queries';

/**
 * Every maintenance schedule the caller manages: change or delete one. A schedule is added on its
 * asset (the asset's maintenance section); a category-wide one with the API by tenant-wide roles.
 */
export function MaintenanceSchedulesPage() {
  const me = useMe();
  const schedules = useSchedules();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const manage = mayCall(me.data, 'patchMaintenanceSchedulesById');
  return (
    <Page title="Maintenance schedules">
      <DataTable query={schedules} error={schedules.error} loadingLabel="Loading schedules" empty="No maintenance scheduled yet: add one from an asset." minWidth={720} columns={[
        { header: 'Schedule', cell: (s) => (<>{s.title}{s.instructions ? <Text size="xs" c="dimmed" lineClamp={1}>{s.instructions}</Text> : null}</>) },
        { header: 'Covers', cell: (s) => (s.categoryId ? `Every ${s.targetName} asset` : s.targetName) },
        { header: 'Cadence', cell: cadence },
        { header: 'From', cell: (s) => (s.intervalUnit === 'USAGE' ? '—' : formatDay(s.startsOn)) },
        { header: 'Priority', cell: (s) => humanize(s.priority) },
        { header: 'State', cell: (s) => <Badge variant="light" color={s.active ? 'green' : 'gray'}>{s.active ? 'Active' : 'Inactive'}</Badge> },
        manage && {
          cell: (s) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Button size="compact-sm" variant="light" onClick={() => setEditing(s)} aria-label={`Change ${s.title} (${s.targetName})`}>
                Change
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(s)} aria-label={`Delete ${s.title} (${s.targetName})`}>
                Delete
              </Button>
            </Group>
          ),
        },
      ]} />
      <ScheduleModal target={editing ? { schedule: editing } : null} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={deleting ? `Delete “${deleting.title}”?` : ''}
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        Nothing of it falls due any more. Its service history stays.
      </ConfirmModal>
    </Page>
  );
}
