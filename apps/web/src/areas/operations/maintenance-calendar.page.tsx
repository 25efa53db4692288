import { Button, Group, Loader, Modal, Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice, Page } from '../../ui/page';
import { AssetMaintenanceSection } from './asset-maintenance.section';
import { isoDay, today, weekdayNames } from './maintenance-dates';
import { ServiceLogModal, WorkOrderModal, type WorkOrderPreset } from './maintenance-forms';
import { useDue, type Due } from './maintenance.queries';


/** The six Monday-to-Sunday weeks that show the month of `first` (its first day). */
function gridOf(first: Date): string[] {
  const start = new Date(first.getFullYear(), first.getMonth(), 1 - ((first.getDay() + 6) % 7));
  return Array.from({ length: 42 }, (_, i) => isoDay(new Date(start.getFullYear(), start.getMonth(), start.getDate() + i)));
}

/** An item on a day: red when overdue, blue when due, grey and dashed for a projected recurrence. */
function DueChip({ item, onOpen }: { item: Due; onOpen: (d: Due) => void }) {
  const { t } = useTranslation('operations');
  const colour = item.overdue ? 'red' : item.projected ? 'gray' : 'blue';
  return (
    <UnstyledButton w="100%" onClick={() => onOpen(item)} aria-label={t(item.overdue ? 'calendar.itemOverdue' : 'calendar.item', { title: item.title, asset: item.assetName })}>
      <Paper px={4} py={2} radius="sm" bg={`var(--mantine-color-${colour}-light)`} style={{ borderLeft: `3px ${item.projected ? 'dashed' : 'solid'} var(--mantine-color-${colour}-filled)` }}>
        <Text size="xs" lh={1.25}>
          {t('calendar.item', { title: item.title, asset: item.assetName })}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

/**
 * What falls due, month by month: each asset's next maintenance (red when overdue) and the later
 * recurrences (outlined). An item opens its asset's maintenance, to log the service or raise a work order.
 */
export function MaintenanceCalendarPage() {
  const { t, i18n } = useTranslation('operations');
  const monthTitle = new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric' });
  const [month, setMonth] = useState(() => {
    const [y, m] = today().split('-').map(Number) as [number, number];
    return new Date(y, m - 1, 1);
  });
  const days = gridOf(month);
  const due = useDue({ from: days[0]!, to: days[41]! });
  const [open, setOpen] = useState<Due | null>(null);
  const [logging, setLogging] = useState<{ assetId: string; scheduleId?: string } | null>(null);
  const [raising, setRaising] = useState<WorkOrderPreset | null>(null);
  const byDay = new Map<string, Due[]>();
  for (const d of due.data ?? []) byDay.set(d.dueOn, [...(byDay.get(d.dueOn) ?? []), d]);
  const earlier = (due.data ?? []).filter((d) => d.dueOn < days[0]!);
  const shift = (n: number) => setMonth(new Date(month.getFullYear(), month.getMonth() + n, 1));
  const thisMonth = isoDay(month).slice(0, 7);
  return (
    <Page
      title={t('calendar.title')}
      actions={
        <Group gap="xs">
          <Button variant="default" onClick={() => shift(-1)}>
            {t('calendar.previous')}
          </Button>
          <Text fw={600} miw={140} ta="center" aria-live="polite">
            {monthTitle.format(month)}
          </Text>
          <Button variant="default" onClick={() => shift(1)}>
            {t('calendar.next')}
          </Button>
        </Group>
      }
    >
      <ErrorNotice error={due.error} />
      {earlier.length ? (
        <Paper withBorder p="xs" role="region" aria-label={t('calendar.earlier')}>
          <Text size="sm" fw={600} mb={4}>
            {t('calendar.earlier')}
          </Text>
          <Group gap="xs">{earlier.map((d) => <DueChip key={`${d.scheduleId}-${d.assetId}`} item={d} onOpen={setOpen} />)}</Group>
        </Paper>
      ) : null}
      {due.isPending ? (
        <Loader aria-label={t('calendar.loading')} />
      ) : (
        <SimpleGrid cols={7} spacing={4}>
          {weekdayNames(i18n.language).map((w) => (
            <Text key={w} size="xs" fw={600} ta="center">
              {w}
            </Text>
          ))}
          {days.map((day) => (
            <Paper key={day} withBorder p={4} mih={88} role="group" aria-label={day} bg={day === today() ? 'var(--mantine-color-blue-light)' : undefined} opacity={day.startsWith(thisMonth) ? 1 : 0.6}>
              <Text size="xs" c="dimmed">
                {Number(day.slice(8))}
              </Text>
              <Stack gap={2}>{(byDay.get(day) ?? []).filter((d) => d.dueOn >= days[0]!).map((d) => <DueChip key={`${d.scheduleId}-${d.assetId}-${d.dueOn}`} item={d} onOpen={setOpen} />)}</Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} size="xl" title={open ? t('calendar.openTitle', { asset: open.assetName, title: open.title }) : ''}>
        {open ? (
          <Stack gap="md">
            <Group>
              <Button onClick={() => setLogging({ assetId: open.assetId, scheduleId: open.scheduleId })}>{t('calendar.logService')}</Button>
              <Button variant="light" onClick={() => setRaising({ assetId: open.assetId, title: t('calendar.item', { title: open.title, asset: open.assetName }) })}>
                {t('maintenance.openWorkOrder')}
              </Button>
            </Group>
            <AssetMaintenanceSection assetId={open.assetId} />
          </Stack>
        ) : null}
      </Modal>
      <ServiceLogModal target={logging} onClose={() => setLogging(null)} />
      <WorkOrderModal preset={raising} onClose={() => setRaising(null)} />
    </Page>
  );
}
