import { Button, Chip, Group, NumberInput, Select, Switch, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { mayCall, useMe } from '../../auth/me';
import { useOutlets } from '../../api/shared.queries';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { FormModal } from '../../ui/form-actions';

import { useLastShown } from '../../ui/last-shown';
import { Page } from '../../ui/page';
import { weekdayNames } from './maintenance-dates';
import { newTemplateDraft, TemplateModal, templateDraftOf, type TemplateDraft } from './checklist-template.modal';
import { useChecklistSchedules, useChecklistTemplates, useCreateSchedule, useDeleteSchedule, useDeleteTemplate, useSetScheduleActive, type ChecklistSchedule, type ChecklistTemplate } from './checklists.queries';

const ALL_DAYS = ['1', '2', '3', '4', '5', '6', '7'];

function daysLabel(t: TFunction<'operations'>, names: string[], days: number[]): string {
  return days.length === 7 ? t('schedules.everyDay') : days.map((d) => names[d - 1]).join(', ');
}

/**
 * The checklist builder: templates with their tasks (the operations administrators'), and when
 * each is done at which outlet (managers, an outlet manager at their outlets).
 */
export function ChecklistsPage() {
  const { t, i18n } = useTranslation('operations');
  const dayNames = weekdayNames(i18n.language);
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
  const scheduleName = (s: ChecklistSchedule) => t('schedules.name', { checklist: s.templateName, outlet: outletName.get(s.outletId) ?? t('schedules.theOutlet'), time: s.time });
  return (
    <Page title={t('checklists.title')} actions={admin ? <Button onClick={() => setDraft(newTemplateDraft())}>{t('checklists.new')}</Button> : null}>
      <DataTable query={templates} error={templates.error ?? removeTemplate.error} loadingLabel={t('checklists.loading')} empty={t('checklists.empty')} columns={[
        { header: t('checklists.checklist'), cell: (tpl) => (<>{tpl.name}{tpl.description ? <Text size="xs" c="dimmed">{tpl.description}</Text> : null}</>) },
        { header: t('checklists.tasks'), cell: (tpl) => tpl.tasks.map((x) => x.label).join(' · ') },
        admin && {
          cell: (tpl) => (
            <Group gap="xs" justify="flex-end" wrap="nowrap">
              <Button size="compact-sm" variant="light" aria-label={t('editOf', { name: tpl.name })} onClick={() => setDraft(templateDraftOf(tpl))}>
                {t('edit')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={t('deleteOf', { name: tpl.name })} onClick={() => setDeleting(tpl)}>
                {t('delete')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <Group justify="space-between" mt="md">
        <Title order={2} size="h4">
          {t('schedules.title')}
        </Title>
        <Button variant="light" onClick={() => setScheduling(true)} disabled={!templates.data?.length}>
          {t('schedules.new')}
        </Button>
      </Group>
      <DataTable query={schedules} error={schedules.error ?? removeSchedule.error ?? setActive.error} loadingLabel={t('schedules.loading')} empty={t('schedules.empty')} columns={[
        { header: t('checklists.checklist'), cell: (s) => s.templateName },
        { header: t('outlet'), cell: (s) => outletName.get(s.outletId) ?? '—' },
        { header: t('schedules.days'), cell: (s) => daysLabel(t, dayNames, s.weekdays) },
        { header: t('schedules.time'), cell: (s) => s.time },
        { header: t('schedules.window'), cell: (s) => t('minutesShort', { n: s.windowMinutes }) },
        {
          header: t('schedules.active'),
          cell: (s) => <Switch aria-label={t('schedules.activeOf', { name: scheduleName(s) })} checked={s.active} disabled={setActive.isPending} onChange={(e) => setActive.mutate({ id: s.id, active: e.currentTarget.checked })} />,
        },
        {
          cell: (s: ChecklistSchedule) => (
            <Button size="compact-sm" variant="subtle" color="red" aria-label={t('removeOf', { name: scheduleName(s) })} loading={removeSchedule.isPending && removeSchedule.variables === s.id} onClick={() => removeSchedule.mutate(s.id)}>
              {t('remove')}
            </Button>
          ),
        },
      ]} />
      <TemplateModal draft={draft} onChange={setDraft} onClose={() => setDraft(null)} />
      <ScheduleModal dayNames={dayNames} opened={scheduling} onClose={() => setScheduling(false)} templates={templates.data ?? []} outlets={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} />
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteQuoted', { name: shownDeleting?.name ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('keepIt')}
        pending={removeTemplate.isPending}
        error={removeTemplate.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => removeTemplate.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
      >
        {t('checklists.deleteText')}
      </ConfirmModal>
    </Page>
  );
}

function ScheduleModal({ dayNames, opened, onClose, templates, outlets }: { dayNames: string[]; opened: boolean; onClose: () => void; templates: ChecklistTemplate[]; outlets: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation('operations');
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
    <FormModal opened={opened} onClose={close} title={t('schedules.new')} error={create.error}
      submit={
        <Button
          disabled={!ready}
          loading={create.isPending}
          onClick={() =>
            create.mutate(
              { templateId: templateId!, outletId: outletId!, weekdays: days.map(Number), time, windowMinutes: windowMinutes as number },
              { onSuccess: () => { notifications.show({ color: 'green', message: t('schedules.scheduled') }); close(); } },
            )
          }
        >
          {t('schedules.schedule')}
        </Button>
      }
    >
      <Select label={t('checklists.checklist')} required data={templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))} value={templateId} onChange={setTemplateId} />
      <Select label={t('outlet')} required data={outlets} value={outletId} onChange={setOutletId} />
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('schedules.days')}
        </Text>
        <Chip.Group multiple value={days} onChange={setDays}>
          <Group gap={6}>
            {dayNames.map((d, i) => (
              <Chip key={i} value={String(i + 1)} size="sm">
                {d}
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      </div>
      <Group grow>
        <TextInput label={t('schedules.timeInput')} type="time" required value={time} onChange={(e) => setTime(e.currentTarget.value)} />
        <NumberInput label={t('schedules.windowInput')} min={5} max={1440} value={windowMinutes} onChange={setWindowMinutes} />
      </Group>
      <Text size="xs" c="dimmed">
        {t('schedules.missedHelp', {
          window: typeof windowMinutes === 'number' ? t('schedules.minutes', { count: windowMinutes }) : t('schedules.inTime'),
          time: time || t('schedules.itsTime'),
          missed: t('runStatus.MISSED').toLowerCase(),
        })}
      </Text>
    </FormModal>
  );
}
