import { Badge, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';

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
  const { t } = useTranslation('operations');
  const me = useMe();
  const schedules = useSchedules();
  const remove = useDeleteSchedule();
  const [editing, setEditing] = useState<Schedule | null>(null);
  const [deleting, setDeleting] = useState<Schedule | null>(null);
  const manage = mayCall(me.data, 'patchMaintenanceSchedulesById');
  return (
    <Page title={t('maintenance.schedulesTitle')}>
      <DataTable query={schedules} error={schedules.error} loadingLabel={t('maintenance.loadingSchedules')} empty={t('maintenance.noSchedulesYet')} minWidth={720} columns={[
        { header: t('maintenance.schedule'), cell: (s) => (<>{s.title}{s.instructions ? <Text size="xs" c="dimmed" lineClamp={1}>{s.instructions}</Text> : null}</>) },
        { header: t('maintenance.covers'), cell: (s) => (s.categoryId ? t('maintenance.everyAssetOf', { category: s.targetName }) : s.targetName) },
        { header: t('maintenance.cadence'), cell: (s) => cadence(t, s) },
        { header: t('from'), cell: (s) => (s.intervalUnit === 'USAGE' ? '—' : formatDay(s.startsOn)) },
        { header: t('issues.priority'), cell: (s) => t(`priority.${s.priority}`) },
        { header: t('maintenance.state'), cell: (s) => <Badge variant="light" color={s.active ? 'green' : 'gray'}>{s.active ? t('maintenance.active') : t('maintenance.inactive')}</Badge> },
        manage && {
          cell: (s) => (
            <Group gap={4} justify="flex-end" wrap="nowrap">
              <Button size="compact-sm" variant="light" onClick={() => setEditing(s)} aria-label={t('maintenance.changeOf', { title: s.title, target: s.targetName })}>
                {t('maintenance.change')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(s)} aria-label={t('maintenance.deleteOf', { title: s.title, target: s.targetName })}>
                {t('delete')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <ScheduleModal target={editing ? { schedule: editing } : null} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={deleting !== null}
        title={deleting ? t('deleteQuoted', { name: deleting.title }) : ''}
        confirmLabel={t('delete')}
        cancelLabel={t('keepIt')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        {t('maintenance.deleteText')}
      </ConfirmModal>
    </Page>
  );
}
