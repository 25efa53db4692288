import { Button, List, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../ui/form-actions';
import { formatSpan } from '../../ui/format';
import type { Shift } from './rota.queries';
import type { PlanShift } from './week-grid.page';
import { usePublishWeek, type WeekPreview } from './week-grid.queries';

/**
 * What publishing the plan changes, person by person, before anything is written; confirming
 * removes, moves and adds the shifts (the new ones as one roster).
 */
export function PublishWeekModal({ onClose, outletId, zone, changes, plan, stored }: { onClose: () => void; outletId: string; zone: string; changes: WeekPreview['changes']; plan: PlanShift[]; stored: Shift[] }) {
  const { t } = useTranslation('rota');
  const publish = usePublishWeek();
  const before = new Map(stored.map((s) => [s.id, s]));
  const kept = new Set(plan.flatMap((s) => (s.id ? [s.id] : [])));
  const added = plan.filter((s) => !s.id).map((s) => ({ userId: s.userId, scheduledStart: s.scheduledStart, scheduledEnd: s.scheduledEnd }));
  const moved = plan.flatMap((s) => {
    const was = s.id ? before.get(s.id) : undefined;
    return was && (was.userId !== s.userId || was.scheduledStart !== s.scheduledStart || was.scheduledEnd !== s.scheduledEnd)
      ? [{ id: was.id, userId: s.userId, scheduledStart: s.scheduledStart, scheduledEnd: s.scheduledEnd }]
      : [];
  });
  const removed = stored.filter((s) => !kept.has(s.id)).map((s) => s.id);
  const span = (c: { start: string; end: string }) => formatSpan(c.start, c.end, zone);
  const submit = () =>
    publish.mutate(
      { outletId, added, moved, removed },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('publish.done') });
          onClose();
        },
      },
    );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('publish.title')}
      size="lg"
      error={publish.error}
      submit={
        <Button onClick={submit} loading={publish.isPending}>
          {t('publish.confirm')}
        </Button>
      }
    >
      <Text size="sm">{t('publish.intro', { zone })}</Text>
      {changes.map((c) => (
        <Stack key={c.userId} gap={2} aria-label={c.fullName} role="group">
          <Title order={3} size="h5">
            {c.fullName}
          </Title>
          <List size="sm">
            {c.added.map((a) => (
              <List.Item key={`a${a.start}`}>{t('publish.added', { span: span(a) })}</List.Item>
            ))}
            {c.moved.map((m) => (
              <List.Item key={`m${m.start}`}>{t('publish.moved', { from: span(m.from), to: span(m) })}</List.Item>
            ))}
            {c.removed.map((r) => (
              <List.Item key={`r${r.start}`}>{t('publish.removed', { span: span(r) })}</List.Item>
            ))}
          </List>
        </Stack>
      ))}
    </FormModal>
  );
}
