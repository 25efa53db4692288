import { Badge, Button, Card, FileButton, Group, Loader, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useOutlets } from '../../api/shared.queries';
import { formatTime } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useAnswerPhoto, useAnswerTask, useCompleteRun, useTodaysChecklists, type ChecklistRun, type RunTask } from './checklists.queries';

const STATUS_COLOUR: Record<ChecklistRun['status'], string> = { OPEN: 'blue', COMPLETED: 'green', MISSED: 'red' };
const clock = formatTime;

function bounds(t: TFunction<'operations'>, task: RunTask): string | null {
  const unit = task.unit ? ` ${task.unit}` : '';
  if (task.min !== null && task.max !== null) return t('run.allowed', { min: task.min, max: task.max, unit });
  if (task.min !== null) return t('run.atLeast', { min: task.min, unit });
  if (task.max !== null) return t('run.atMost', { max: task.max, unit });
  return null;
}

/**
 * Today's checklists at the outlets the person works at, made for a phone: one card per run, big
 * buttons per task, each answer saved on its own (a retry after a dropped connection only saves it
 * again), and a photo straight from the camera.
 */
export function TodaysChecklistsPage() {
  const { t } = useTranslation('operations');
  const runs = useTodaysChecklists();
  const outlets = useOutlets();
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Page title={t('run.title')}>
      <ErrorNotice error={runs.error} />
      {runs.isPending ? <Loader aria-label={t('run.loading')} /> : null}
      {runs.data?.length === 0 ? <Text c="dimmed">{t('run.empty')}</Text> : null}
      <Stack gap="lg" maw={560}>
        {runs.data?.map((run) => <RunCard key={run.id} run={run} outlet={outletName.get(run.outletId) ?? ''} />)}
      </Stack>
    </Page>
  );
}

function RunCard({ run, outlet }: { run: ChecklistRun; outlet: string }) {
  const { t } = useTranslation('operations');
  const complete = useCompleteRun();
  const done = run.status === 'COMPLETED';
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={t('run.cardLabel', { name: run.name, outlet })}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h3">
            {run.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t('run.window', { outlet, opens: clock(run.opensAt), closes: clock(run.closesAt) })}
          </Text>
        </div>
        <Badge size="lg" variant="light" color={STATUS_COLOUR[run.status]}>
          {done && run.late ? t('run.completedLate') : t(`runStatus.${run.status}`)}
        </Badge>
      </Group>
      <Stack gap="md">
        {run.tasks.map((t) => (
          <TaskAnswer key={t.id} run={run} task={t} disabled={done} />
        ))}
      </Stack>
      <ErrorNotice error={complete.error} />
      {done ? null : (
        <Button size="xl" fullWidth mt="lg" loading={complete.isPending} onClick={() => complete.mutate(run.id, { onSuccess: () => notifications.show({ color: 'green', message: t('run.completed', { name: run.name }) }) })}>
          {t('run.complete', { name: run.name })}
        </Button>
      )}
    </Card>
  );
}

function TaskAnswer({ run, task, disabled }: { run: ChecklistRun; task: RunTask; disabled: boolean }) {
  const { t } = useTranslation('operations');
  const answer = useAnswerTask();
  const photo = useAnswerPhoto();
  const [number, setNumber] = useState<number | string>(task.answer?.number ?? '');
  const [note, setNote] = useState(task.answer?.note ?? '');
  const send = (body: { yes?: boolean; number?: number; note?: string }) => answer.mutate({ runId: run.id, taskId: task.id, body });
  const title = task.required ? task.label : t('run.optional', { label: task.label });
  return (
    <div role="group" aria-label={task.label}>
      <Group justify="space-between" gap="xs" mb={6}>
        <Text fw={600}>{title}</Text>
        {task.failed ? (
          <Badge color="red" variant="light">
            {t('run.failed')}
          </Badge>
        ) : task.answer ? (
          <Badge color="green" variant="light">
            {t('run.done')}
          </Badge>
        ) : null}
      </Group>
      {task.kind === 'YES_NO' ? (
        <Group grow>
          {[true, false].map((yes) => (
            <Button key={String(yes)} size="xl" disabled={disabled} loading={answer.isPending && answer.variables?.body.yes === yes} variant={task.answer?.yes === yes ? 'filled' : 'default'} onClick={() => send({ yes })}>
              {t(yes ? 'answer.YES' : 'answer.NO')}
            </Button>
          ))}
        </Group>
      ) : null}
      {task.kind === 'NUMBER' ? (
        <Group align="flex-end" wrap="nowrap">
          <NumberInput size="lg" style={{ flex: 1 }} aria-label={t('run.reading', { label: task.label })} description={bounds(t, task)} rightSection={task.unit ? <Text size="sm">{task.unit}</Text> : null} inputMode="decimal" disabled={disabled} value={number} onChange={setNumber} />
          <Button size="lg" disabled={disabled || typeof number !== 'number'} loading={answer.isPending} onClick={() => send({ number: number as number })}>
            {t('save')}
          </Button>
        </Group>
      ) : null}
      {task.kind === 'NOTE' ? (
        <Stack gap="xs">
          <Textarea size="lg" aria-label={t('run.note', { label: task.label })} autosize minRows={2} maxLength={2000} disabled={disabled} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Button size="lg" disabled={disabled || !note.trim()} loading={answer.isPending} onClick={() => send({ note: note.trim() })}>
            {t('save')}
          </Button>
        </Stack>
      ) : null}
      {task.kind === 'PHOTO' ? (
        <FileButton accept="image/*" capture="environment" disabled={disabled} onChange={(file) => file && photo.mutate({ runId: run.id, taskId: task.id, file })}>
          {(props) => (
            <Button {...props} size="xl" fullWidth variant={task.answer?.photo ? 'light' : 'default'} loading={photo.isPending} disabled={disabled}>
              {task.answer?.photo ? t('run.retakePhoto') : t('run.takePhoto')}
            </Button>
          )}
        </FileButton>
      ) : null}
      <ErrorNotice error={answer.error ?? photo.error} />
    </div>
  );
}
