import { ActionIcon, Button, Card, Group, NumberInput, SegmentedControl, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { DraftModal } from '../../ui/form-actions';
import { humanize } from '../../ui/format';
import { useSaveTemplate, type ChecklistTemplate, type TaskBody } from './checklists.queries';
import { useAssets } from './operations.queries';

const KINDS = ['YES_NO', 'NUMBER', 'PHOTO', 'NOTE'] as const;
const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
/** The API's bound on a template's tasks. */
const MAX_TASKS = 50;

interface TaskDraft {
  key: number;
  kind: TaskBody['kind'];
  label: string;
  required: boolean;
  passAnswer: 'YES' | 'NO';
  min: number | string;
  max: number | string;
  unit: string;
  priority: NonNullable<TaskBody['priority']>;
  /** The asset the task checks: a run at the asset's outlet links the issue a failure raises to it. */
  assetId: string | null;
}

export interface TemplateDraft {
  id: string | null;
  name: string;
  description: string;
  tasks: TaskDraft[];
}

let nextKey = 1;
const newTask = (): TaskDraft => ({ key: nextKey++, kind: 'YES_NO', label: '', required: true, passAnswer: 'YES', min: '', max: '', unit: '', priority: 'MEDIUM', assetId: null });

export const newTemplateDraft = (): TemplateDraft => ({ id: null, name: '', description: '', tasks: [newTask()] });
export const templateDraftOf = (t: ChecklistTemplate): TemplateDraft => ({
  id: t.id,
  name: t.name,
  description: t.description ?? '',
  tasks: t.tasks.map((x) => ({
    key: nextKey++,
    kind: x.kind,
    label: x.label,
    required: x.required,
    passAnswer: x.passAnswer === false ? 'NO' : 'YES',
    min: x.min ?? '',
    max: x.max ?? '',
    unit: x.unit ?? '',
    priority: x.priority,
    assetId: x.assetId,
  })),
});

function taskBody(t: TaskDraft): TaskBody {
  return {
    kind: t.kind,
    label: t.label.trim(),
    required: t.required,
    priority: t.priority,
    ...(t.assetId ? { assetId: t.assetId } : {}),
    ...(t.kind === 'YES_NO' ? { passAnswer: t.passAnswer === 'YES' } : {}),
    ...(t.kind === 'NUMBER' && typeof t.min === 'number' ? { min: t.min } : {}),
    ...(t.kind === 'NUMBER' && typeof t.max === 'number' ? { max: t.max } : {}),
    ...(t.kind === 'NUMBER' && t.unit.trim() ? { unit: t.unit.trim() } : {}),
  };
}

/** A template's name and its ordered tasks: each kind with what it needs to pass, and the priority of the issue a failure raises. */
export function TemplateModal({ draft, onChange, onClose }: { draft: TemplateDraft | null; onChange: (draft: TemplateDraft) => void; onClose: () => void }) {
  const save = useSaveTemplate();
  const assets = useAssets({});
  const assetOptions = (assets.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.tag})` }));
  const change = (patch: Partial<TemplateDraft>) => onChange({ ...draft!, ...patch });
  const setTask = (key: number, patch: Partial<TaskDraft>) => change({ tasks: draft!.tasks.map((t) => (t.key === key ? { ...t, ...patch } : t)) });
  const close = () => {
    save.reset();
    onClose();
  };
  const ready = (d: TemplateDraft) => d.name.trim() !== '' && d.tasks.length > 0 && d.tasks.every((t) => t.label.trim());
  return (
    <DraftModal
      draft={draft}
      onClose={close}
      size="xl"
      title={draft?.id ? 'Edit checklist' : 'New checklist'}
      error={save.error}
      submit={(d) => (
        <Button
          disabled={!ready(d)}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: d.id, body: { name: d.name.trim(), ...(d.description.trim() ? { description: d.description.trim() } : {}), tasks: d.tasks.map(taskBody) } },
              { onSuccess: () => { notifications.show({ color: 'green', message: 'Checklist saved.' }); close(); } },
            )
          }
        >
          Save the checklist
        </Button>
      )}
    >
      {(d) => (
        <>
          <TextInput label="Name" required maxLength={120} value={d.name} onChange={(e) => change({ name: e.currentTarget.value })} />
          <Textarea label="Description (optional)" maxLength={2000} autosize minRows={1} value={d.description} onChange={(e) => change({ description: e.currentTarget.value })} />
          {d.id ? (
            <Text size="xs" c="dimmed">
              Changes apply to runs made from now on; runs already made keep the tasks they asked.
            </Text>
          ) : null}
          {d.tasks.map((t, i) => {
            const n = i + 1;
            return (
              <Card withBorder key={t.key} padding="sm">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>Task {n}</Text>
                  {d.tasks.length > 1 ? (
                    <ActionIcon variant="subtle" color="red" aria-label={`Remove task ${n}`} onClick={() => change({ tasks: d.tasks.filter((x) => x.key !== t.key) })}>
                      ✕
                    </ActionIcon>
                  ) : null}
                </Group>
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <Select label={`Task ${n} kind`} allowDeselect={false} w={140} data={KINDS.map((k) => ({ value: k, label: humanize(k) }))} value={t.kind} onChange={(v) => v && setTask(t.key, { kind: v as TaskDraft['kind'] })} />
                  <TextInput label={`Task ${n} question`} required maxLength={160} style={{ flex: 1, minWidth: 220 }} value={t.label} onChange={(e) => setTask(t.key, { label: e.currentTarget.value })} />
                </Group>
                {t.kind === 'YES_NO' ? (
                  <Group gap="xs" mt="xs">
                    <Text size="sm">Passes when the answer is</Text>
                    <SegmentedControl aria-label={`Task ${n} passing answer`} data={['YES', 'NO'].map((v) => ({ value: v, label: humanize(v) }))} value={t.passAnswer} onChange={(v) => setTask(t.key, { passAnswer: v as 'YES' | 'NO' })} />
                  </Group>
                ) : null}
                {t.kind === 'NUMBER' ? (
                  <Group gap="sm" mt="xs" wrap="wrap">
                    <NumberInput label={`Task ${n} lowest passing value`} w={190} decimalScale={2} value={t.min} onChange={(v) => setTask(t.key, { min: v })} />
                    <NumberInput label={`Task ${n} highest passing value`} w={190} decimalScale={2} value={t.max} onChange={(v) => setTask(t.key, { max: v })} />
                    <TextInput label={`Task ${n} unit`} w={100} maxLength={20} placeholder="°C" value={t.unit} onChange={(e) => setTask(t.key, { unit: e.currentTarget.value })} />
                  </Group>
                ) : null}
                <Group gap="md" mt="xs" align="flex-end" wrap="wrap">
                  <Switch label="Required" checked={t.required} onChange={(e) => setTask(t.key, { required: e.currentTarget.checked })} aria-label={`Task ${n} required`} />
                  {t.kind === 'YES_NO' || t.kind === 'NUMBER' ? (
                    <Select label={`Task ${n} issue priority when it fails`} allowDeselect={false} w={240} data={PRIORITIES.map((p) => ({ value: p, label: humanize(p) }))} value={t.priority} onChange={(v) => v && setTask(t.key, { priority: v as TaskDraft['priority'] })} />
                  ) : null}
                  <Select label={`Task ${n} asset (optional)`} placeholder="None" searchable clearable w={240} data={assetOptions} value={t.assetId} onChange={(v) => setTask(t.key, { assetId: v })} />
                </Group>
              </Card>
            );
          })}
          <Button variant="light" w="fit-content" disabled={d.tasks.length >= MAX_TASKS} onClick={() => change({ tasks: [...d.tasks, newTask()] })}>
            Add a task
          </Button>
        </>
      )}
    </DraftModal>
  );
}
