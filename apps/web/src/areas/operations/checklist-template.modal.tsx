import { ActionIcon, Button, Card, Group, NumberInput, SegmentedControl, Select, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { DraftModal } from '../../ui/form-actions';

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
  const { t } = useTranslation('operations');
  const save = useSaveTemplate();
  const assets = useAssets({});
  const assetOptions = (assets.data ?? []).map((a) => ({ value: a.id, label: t('assetWithTag', { name: a.name, tag: a.tag }) }));
  const change = (patch: Partial<TemplateDraft>) => onChange({ ...draft!, ...patch });
  const setTask = (key: number, patch: Partial<TaskDraft>) => change({ tasks: draft!.tasks.map((task) => (task.key === key ? { ...task, ...patch } : task)) });
  const close = () => {
    save.reset();
    onClose();
  };
  const ready = (d: TemplateDraft) => d.name.trim() !== '' && d.tasks.length > 0 && d.tasks.every((task) => task.label.trim());
  return (
    <DraftModal
      draft={draft}
      onClose={close}
      size="xl"
      title={draft?.id ? t('checklists.edit') : t('checklists.new')}
      error={save.error}
      submit={(d) => (
        <Button
          disabled={!ready(d)}
          loading={save.isPending}
          onClick={() =>
            save.mutate(
              { id: d.id, body: { name: d.name.trim(), ...(d.description.trim() ? { description: d.description.trim() } : {}), tasks: d.tasks.map(taskBody) } },
              { onSuccess: () => { notifications.show({ color: 'green', message: t('checklists.saved') }); close(); } },
            )
          }
        >
          {t('checklists.save')}
        </Button>
      )}
    >
      {(d) => (
        <>
          <TextInput label={t('name')} required maxLength={120} value={d.name} onChange={(e) => change({ name: e.currentTarget.value })} />
          <Textarea label={t('descriptionOptional')} maxLength={2000} autosize minRows={1} value={d.description} onChange={(e) => change({ description: e.currentTarget.value })} />
          {d.id ? (
            <Text size="xs" c="dimmed">
              {t('checklists.changesHelp')}
            </Text>
          ) : null}
          {d.tasks.map((task, i) => {
            const n = i + 1;
            return (
              <Card withBorder key={task.key} padding="sm">
                <Group justify="space-between" mb="xs">
                  <Text fw={600}>{t('task.heading', { n })}</Text>
                  {d.tasks.length > 1 ? (
                    <ActionIcon variant="subtle" color="red" aria-label={t('task.remove', { n })} onClick={() => change({ tasks: d.tasks.filter((x) => x.key !== task.key) })}>
                      ✕
                    </ActionIcon>
                  ) : null}
                </Group>
                <Group align="flex-end" gap="sm" wrap="wrap">
                  <Select label={t('task.kind', { n })} allowDeselect={false} w={140} data={KINDS.map((k) => ({ value: k, label: t(`taskKind.${k}`) }))} value={task.kind} onChange={(v) => v && setTask(task.key, { kind: v as TaskDraft['kind'] })} />
                  <TextInput label={t('task.question', { n })} required maxLength={160} style={{ flex: 1, minWidth: 220 }} value={task.label} onChange={(e) => setTask(task.key, { label: e.currentTarget.value })} />
                </Group>
                {task.kind === 'YES_NO' ? (
                  <Group gap="xs" mt="xs">
                    <Text size="sm">{t('task.passesWhen')}</Text>
                    <SegmentedControl aria-label={t('task.passingAnswer', { n })} data={['YES', 'NO'].map((v) => ({ value: v, label: t(`answer.${v}`) }))} value={task.passAnswer} onChange={(v) => setTask(task.key, { passAnswer: v as 'YES' | 'NO' })} />
                  </Group>
                ) : null}
                {task.kind === 'NUMBER' ? (
                  <Group gap="sm" mt="xs" wrap="wrap">
                    <NumberInput label={t('task.min', { n })} w={190} decimalScale={2} value={task.min} onChange={(v) => setTask(task.key, { min: v })} />
                    <NumberInput label={t('task.max', { n })} w={190} decimalScale={2} value={task.max} onChange={(v) => setTask(task.key, { max: v })} />
                    <TextInput label={t('task.unit', { n })} w={100} maxLength={20} placeholder="°C" value={task.unit} onChange={(e) => setTask(task.key, { unit: e.currentTarget.value })} />
                  </Group>
                ) : null}
                <Group gap="md" mt="xs" align="flex-end" wrap="wrap">
                  <Switch label={t('task.requiredLabel')} checked={task.required} onChange={(e) => setTask(task.key, { required: e.currentTarget.checked })} aria-label={t('task.required', { n })} />
                  {task.kind === 'YES_NO' || task.kind === 'NUMBER' ? (
                    <Select label={t('task.priority', { n })} allowDeselect={false} w={240} data={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} value={task.priority} onChange={(v) => v && setTask(task.key, { priority: v as TaskDraft['priority'] })} />
                  ) : null}
                  <Select label={t('task.asset', { n })} placeholder={t('none')} searchable clearable w={240} data={assetOptions} value={task.assetId} onChange={(v) => setTask(task.key, { assetId: v })} />
                </Group>
              </Card>
            );
          })}
          <Button variant="light" w="fit-content" disabled={d.tasks.length >= MAX_TASKS} onClick={() => change({ tasks: [...d.tasks, newTask()] })}>
            {t('task.add')}
          </Button>
        </>
      )}
    </DraftModal>
  );
}
