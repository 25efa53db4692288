import { Badge, Button, Card, FileButton, Group, Loader, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useOutlets } from '../../api/shared.queries';
import { formatTime, humanize } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useAnswerPhoto, useAnswerTask, useCompleteRun, useTodaysChecklists, type ChecklistRun, type RunTask } from './checklists.queries';

const STATUS_COLOUR: Record<ChecklistRun['status'], string> = { OPEN: 'blue', COMPLETED: 'green', MISSED: 'red' };
const clock = formatTime;

function bounds(t: RunTask): string | null {
  const unit = t.unit ? ` ${t.unit}` : '';
  if (t.min !== null && t.max !== null) return `Allowed ${t.min}–${t.max}${unit}`;
  if (t.min !== null) return `At least ${t.min}${unit}`;
  if (t.max !== null) return `At most ${t.max}${unit}`;
  return null;
}

/**
 * Today's checklists at the outlets the person works at, made for a phone: one card per run, big
 * buttons per task, each answer saved on its own (a retry after a dropped connection only saves it
 * again), and a photo straight from the camera.
 */
export function TodaysChecklistsPage() {
  const runs = useTodaysChecklists();
  const outlets = useOutlets();
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  return (
    <Page title="Today's checklists">
      <ErrorNotice error={runs.error} />
      {runs.isPending ? <Loader aria-label="Loading today's checklists" /> : null}
      {runs.data?.length === 0 ? <Text c="dimmed">No checklists today.</Text> : null}
      <Stack gap="lg" maw={560}>
        {runs.data?.map((run) => <RunCard key={run.id} run={run} outlet={outletName.get(run.outletId) ?? ''} />)}
      </Stack>
    </Page>
  );
}

function RunCard({ run, outlet }: { run: ChecklistRun; outlet: string }) {
  const complete = useCompleteRun();
  const done = run.status === 'COMPLETED';
  return (
    <Card withBorder padding="md" radius="md" component="section" aria-label={`${run.name} at ${outlet}`}>
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h3">
            {run.name}
          </Title>
          <Text size="sm" c="dimmed">
            {outlet} · {clock(run.opensAt)}–{clock(run.closesAt)}
          </Text>
        </div>
        <Badge size="lg" variant="light" color={STATUS_COLOUR[run.status]}>
          {done && run.late ? 'Completed late' : humanize(run.status)}
        </Badge>
      </Group>
      <Stack gap="md">
        {run.tasks.map((t) => (
          <TaskAnswer key={t.id} run={run} task={t} disabled={done} />
        ))}
      </Stack>
      <ErrorNotice error={complete.error} />
      {done ? null : (
        <Button size="xl" fullWidth mt="lg" loading={complete.isPending} onClick={() => complete.mutate(run.id, { onSuccess: () => notifications.show({ color: 'green', message: `${run.name} completed.` }) })}>
          Complete {run.name}
        </Button>
      )}
    </Card>
  );
}

function TaskAnswer({ run, task, disabled }: { run: ChecklistRun; task: RunTask; disabled: boolean }) {
  const answer = useAnswerTask();
  const photo = useAnswerPhoto();
  const [number, setNumber] = useState<number | string>(task.answer?.number ?? '');
  const [note, setNote] = useState(task.answer?.note ?? '');
  const send = (body: { yes?: boolean; number?: number; note?: string }) => answer.mutate({ runId: run.id, taskId: task.id, body });
  const title = `${task.label}${task.required ? '' : ' (optional)'}`;
  return (
    <div role="group" aria-label={task.label}>
      <Group justify="space-between" gap="xs" mb={6}>
        <Text fw={600}>{title}</Text>
        {task.failed ? (
          <Badge color="red" variant="light">
            Failed · issue raised
          </Badge>
        ) : task.answer ? (
          <Badge color="green" variant="light">
            Done
          </Badge>
        ) : null}
      </Group>
      {task.kind === 'YES_NO' ? (
        <Group grow>
          {[true, false].map((yes) => (
            <Button key={String(yes)} size="xl" disabled={disabled} loading={answer.isPending && answer.variables?.body.yes === yes} variant={task.answer?.yes === yes ? 'filled' : 'default'} onClick={() => send({ yes })}>
              {yes ? 'Yes' : 'No'}
            </Button>
          ))}
        </Group>
      ) : null}
      {task.kind === 'NUMBER' ? (
        <Group align="flex-end" wrap="nowrap">
          <NumberInput size="lg" style={{ flex: 1 }} aria-label={`${task.label} reading`} description={bounds(task)} rightSection={task.unit ? <Text size="sm">{task.unit}</Text> : null} inputMode="decimal" disabled={disabled} value={number} onChange={setNumber} />
          <Button size="lg" disabled={disabled || typeof number !== 'number'} loading={answer.isPending} onClick={() => send({ number: number as number })}>
            Save
          </Button>
        </Group>
      ) : null}
      {task.kind === 'NOTE' ? (
        <Stack gap="xs">
          <Textarea size="lg" aria-label={`${task.label} note`} autosize minRows={2} maxLength={2000} disabled={disabled} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
          <Button size="lg" disabled={disabled || !note.trim()} loading={answer.isPending} onClick={() => send({ note: note.trim() })}>
            Save
          </Button>
        </Stack>
      ) : null}
      {task.kind === 'PHOTO' ? (
        <FileButton accept="image/*" capture="environment" disabled={disabled} onChange={(file) => file && photo.mutate({ runId: run.id, taskId: task.id, file })}>
          {(props) => (
            <Button {...props} size="xl" fullWidth variant={task.answer?.photo ? 'light' : 'default'} loading={photo.isPending} disabled={disabled}>
              {task.answer?.photo ? 'Retake the photo' : 'Take a photo'}
            </Button>
          )}
        </FileButton>
      ) : null}
      <ErrorNotice error={answer.error ?? photo.error} />
    </div>
  );
}
