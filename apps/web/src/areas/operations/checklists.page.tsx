import { Button, Chip, Group, NumberInput, Select, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { mayCall, useMe } from '../../auth/me';
import { useOutlets } from '../../api/shared.queries';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { FormModal } from '../../ui/form-actions';
import { humanize } from '../../ui/format';
import { useLastShown } from '../../ui/last-shown';
import { Page } from '../../ui/page';
import { newTemplateDraft, TemplateModal, templateDraftOf, type TemplateDraft } from './checklist-template.modal';
import { useChecklistSchedules, useChecklistTemplates, useCreateSchedule, useDeleteSchedule, useDeleteTemplate, useSetScheduleActive, type ChecklistSchedule, type ChecklistTemplate } from './checklists.queries';

/** ISO weekdays, as the API numbers them. */
const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const ALL_DAYS = ['1', '2', '3', '4', '5', '6', '7'];

function daysLabel(days: number[]): string {
  return days.length === 7 ? 'Every day' : days.map((d) => WEEKDAYS[d - 1]).join(', ');
}

/**
 * The checklist builder: templates with their tasks (the operations administrators'), and when
 * each is done at which outlet (managers, an outlet manager at their outlets).
 */
export function ChecklistsPage() {
  const me = useMe();
  const admin = mayCall(me.data, 'postChecklistTemplates');
  const templates = useChecklistTemplates();
  const schedules = useChecklistSchedules();
  const outlets = useOutlets();
  const removeTemplate = useDeleteTemplate();
  const removeSchedule = useDeleteSchedule();
  const setActive = useSetScheduleActive();
  const [draft, setDraft] = useState<TemplateDraft | null>(null);
  const [deleting, setDeleting] = useState<ChecklistTemplate | null>(null);
  const shownDeleting = useLastShown(deleting);
  const [scheduling, setScheduling] = useState(false);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const scheduleName = (s: ChecklistSchedule) => `${s.templateName} at ${outletName.get(s.outletId) ?? 'the outlet'} at ${s.time}`;
  return (
    <Page title="Checklists" actions={admin ? <Button onClick={() => setDraft(newTemplateDraft())}>New checklist</Button> : null}>
      <DataTable query={templates} error={templates.error ?? removeTemplate.error} loadingLabel="Loading checklists" empty="No checklists yet." columns={[
        { header: 'Checklist', cell: (t) => (<>{t.name}{t.description ? <Text size="xs" c="dimmed">{t.description}</Text> : null}</>) },
        { header: 'Tasks', cell: (t) => t.tasks.map((x) => x.label).join(' · ') },
        admin && {
          cell: (t) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button size="compact-sm" variant="light" aria-label={`Edit ${t.name}`} onClick={() => setDraft(templateDraftOf(t))}>
                Edit
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${t.name}`} onClick={() => setDeleting(t)}>
                Delete
              </Button>
            </Group>
          ),
        },
      ]} />
      <Group justify="space-between" mt="md">
        <Title order={2} size="h4">
          Schedules
        </Title>
        <Button variant="light" onClick={() => setScheduling(true)} disabled={!templates.data?.length}>
          Schedule a checklist
        </Button>
      </Group>
      <DataTable query={schedules} error={schedules.error ?? removeSchedule.error ?? setActive.error} loadingLabel="Loading schedules" empty="Nothing is scheduled." columns={[
        { header: 'Checklist', cell: (s) => s.templateName },
        { header: 'Outlet', cell: (s) => outletName.get(s.outletId) ?? '—' },
        { header: 'Days', cell: (s) => daysLabel(s.weekdays) },
        { header: 'Time', cell: (s) => s.time },
        { header: 'Window', cell: (s) => `${s.windowMinutes} min` },
        {
          header: 'Active',
          cell: (s) => <Switch aria-label={`${scheduleName(s)} active`} checked={s.active} disabled={setActive.isPending} onChange={(e) => setActive.mutate({ id: s.id, active: e.currentTarget.checked })} />,
        },
        {
          cell: (s: ChecklistSchedule) => (
            <Button size="compact-sm" variant="subtle" color="red" aria-label={`Remove ${scheduleName(s)}`} loading={removeSchedule.isPending && removeSchedule.variables === s.id} onClick={() => removeSchedule.mutate(s.id)}>
              Remove
            </Button>
          ),
        },
      ]} />
      <TemplateModal draft={draft} onChange={setDraft} onClose={() => setDraft(null)} />
      <ScheduleModal opened={scheduling} onClose={() => setScheduling(false)} templates={templates.data ?? []} outlets={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} />
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete “${shownDeleting?.name ?? ''}”?`}
        confirmLabel="Delete"
        pending={removeTemplate.isPending}
        error={removeTemplate.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => removeTemplate.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
      >
        Its schedules stop; runs already done stay in the completion report.
      </ConfirmModal>
    </Page>
  );
}

function ScheduleModal({ opened, onClose, templates, outlets }: { opened: boolean; onClose: () => void; templates: ChecklistTemplate[]; outlets: Array<{ value: string; label: string }> }) {
  const create = useCreateSchedule();
  const [templateId, setTemplateId] = useState<string | null>(null);
  const [outletId, setOutletId] = useState<string | null>(null);
  const [days, setDays] = useState<string[]>(ALL_DAYS);
  const [time, setTime] = useState('07:00');
  const [windowMinutes, setWindowMinutes] = useState<number | string>(60);
  const close = () => {
    create.reset();
    onClose();
  };
  const ready = templateId && outletId && days.length > 0 && /^\d{2}:\d{2}$/.test(time) && typeof windowMinutes === 'number';
  return (
    <FormModal opened={opened} onClose={close} title="Schedule a checklist" error={create.error}
      submit={
        <Button
          disabled={!ready}
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { templateId: templateId!, outletId: outletId!, weekdays: days.map(Number), time, windowMinutes: windowMinutes as number },
              { onSuccess: () => { notifications.show({ color: 'green', message: 'Scheduled.' }); close(); } },
            )
          }
        >
          Schedule
        </Button>
      }
    >
      <Select label="Checklist" required data={templates.map((t) => ({ value: t.id, label: t.name }))} value={templateId} onChange={setTemplateId} />
      <Select label="Outlet" required data={outlets} value={outletId} onChange={setOutletId} />
      <div>
        <Text size="sm" fw={500} mb={4}>
          Days
        </Text>
        <Chip.Group multiple value={days} onChange={setDays}>
          <Group gap={6}>
            {WEEKDAYS.map((d, i) => (
              <Chip key={d} value={String(i + 1)} size="sm">
                {d}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <Group grow>
        <TextInput label="Time (the company's timezone)" type="time" required value={time} onChange={(e) => setTime(e.currentTarget.value)} />
        <NumberInput label="Minutes to complete it" min={5} max={1440} value={windowMinutes} onChange={setWindowMinutes} />
      </Group>
      <Text size="xs" c="dimmed">
        A run not completed {typeof windowMinutes === 'number' ? `${windowMinutes} minutes` : 'in time'} after {time || 'its time'} counts as {humanize('MISSED').toLowerCase()}.
      </Text>
    </FormModal>
  );
}
