import { Button, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutlets, usePeople } from '../../api/shared.queries';
import { mayCall, useMe } from '../../auth/me';
import { DraftModal, FormModal } from '../../ui/form-actions';

import { today } from './maintenance-dates';
import { useVendors } from './operations.queries';
import { useCompleteWorkOrder, useAssignWorkOrder, useCreateSchedule, useCreateWorkOrder, useLogService, useOpenIssues, useSchedules, useUpdateSchedule, type Schedule, type WorkOrder } from './maintenance.queries';

export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
type Priority = (typeof PRIORITIES)[number];
const UNITS = ['DAYS', 'WEEKS', 'MONTHS', 'USAGE'] as const;
type Unit = (typeof UNITS)[number];

function PrioritySelect({ value, onChange }: { value: Priority; onChange: (p: Priority) => void }) {
  const { t } = useTranslation('operations');
  return <Select label={t('issues.priority')} allowDeselect={false} data={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} value={value} onChange={(v) => v && onChange(v as Priority)} />;
}

/** The tenant's people as choices, for those who may list them; a staff member picks nobody. */
function PersonSelect({ label, value, onChange, required }: { label: string; value: string | null; onChange: (id: string | null) => void; required?: boolean }) {
  const me = useMe();
  const people = usePeople(mayCall(me.data, 'getUsers'));
  const data = [...(people.data?.values() ?? [])].filter((u) => u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }));
  return <Select label={label} searchable clearable={!required} required={required} data={data} value={value} onChange={onChange} />;
}

/** What a new work order starts from: an asset (the calendar, an asset's page), an issue, or nothing. */
export interface WorkOrderPreset {
  assetId?: string;
  title?: string;
}

/** Raise a work order: at an outlet, or for the preset asset; optionally from an open issue there, and assigned to a person. */
export function WorkOrderModal({ preset, onClose }: { preset: WorkOrderPreset | null; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const create = useCreateWorkOrder();
  const outlets = useOutlets();
  const [outletId, setOutletId] = useState<string | null>(null);
  const [issueId, setIssueId] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [priority, setPriority] = useState<Priority>('MEDIUM');
  const [dueOn, setDueOn] = useState('');
  const [assignee, setAssignee] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const forAsset = preset?.assetId;
  const issues = useOpenIssues(forAsset ? { assetId: forAsset } : outletId ? { outletId } : {}, preset !== null);
  const close = () => {
    create.reset();
    setIssueId(null);
    setTitle('');
    setDueOn('');
    setAssignee(null);
    setDescription('');
    onClose();
  };
  const submit = () => {
    const name = title.trim() || preset?.title || '';
    create.mutate(
      {
        title: name,
        priority,
        ...(forAsset ? { assetId: forAsset } : !issueId && outletId ? { outletId } : {}),
        ...(issueId ? { issueId } : {}),
        ...(dueOn ? { dueOn } : {}),
        ...(assignee ? { assigneeUserId: assignee } : {}),
        ...(description.trim() ? { description: description.trim() } : {}),
      },
      { onSuccess: () => { notifications.show({ color: 'green', message: t('workOrders.raised') }); close(); } },
    );
  };
  return (
    <DraftModal draft={preset} onClose={close} title={t('workOrders.new')} error={create.error}
      submit={() => (
        <Button loading={create.isPending} disabled={!(title.trim() || preset?.title) || !(forAsset || outletId || issueId)} onClick={submit}>
          {t('workOrders.raise')}
        </Button>
      )}
    >
      {(p) => (
        <>
          {p.assetId ? null : <Select label={t('outlet')} data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} />}
          <Select label={t('workOrders.fromIssue')} clearable data={(issues.data ?? []).map((i) => ({ value: i.id, label: i.title }))} value={issueId} onChange={setIssueId} />
          <TextInput label={t('title')} required maxLength={200} placeholder={p.title} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <PrioritySelect value={priority} onChange={setPriority} />
          <TextInput label={t('workOrders.dueOn')} type="date" value={dueOn} onChange={(e) => setDueOn(e.currentTarget.value)} />
          <PersonSelect label={t('workOrders.assignTo')} value={assignee} onChange={setAssignee} />
          <Textarea label={t('descriptionOptional')} maxLength={5000} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        </>
      )}
    </DraftModal>
  );
}

/** A work order goes to a person or to a vendor (the supplier who maintains it): choosing one clears the other. */
export function AssignModal({ order, onClose }: { order: WorkOrder | null; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const assign = useAssignWorkOrder();
  const me = useMe();
  const vendors = useVendors(mayCall(me.data, 'getVendors'));
  const [to, setTo] = useState<{ assigneeUserId: string } | { vendorId: string } | null>(null);
  const close = () => {
    assign.reset();
    setTo(null);
    onClose();
  };
  return (
    <DraftModal draft={order} onClose={close} title={order ? t('issues.assignTitle', { title: order.title }) : ''} error={assign.error}
      submit={(o) => (
        <Button loading={assign.isPending} disabled={!to} onClick={() => assign.mutate({ id: o.id, to: to! }, { onSuccess: close })}>
          {t('workOrder.assign')}
        </Button>
      )}
    >
      {() => (
        <>
          <PersonSelect label={t('person')} value={to && 'assigneeUserId' in to ? to.assigneeUserId : null} onChange={(id) => setTo(id ? { assigneeUserId: id } : null)} />
          <Select
            label={t('workOrders.orVendor')}
            searchable
            clearable
            data={(vendors.data ?? []).map((v) => ({ value: v.id, label: v.name }))}
            value={to && 'vendorId' in to ? to.vendorId : null}
            onChange={(id) => setTo(id ? { vendorId: id } : null)}
          />
        </>
      )}
    </DraftModal>
  );
}

export function CompleteModal({ order, onClose }: { order: WorkOrder | null; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const complete = useCompleteWorkOrder();
  const [note, setNote] = useState('');
  const close = () => {
    complete.reset();
    setNote('');
    onClose();
  };
  return (
    <DraftModal draft={order} onClose={close} title={order ? t('workOrders.completeTitle', { title: order.title }) : ''} error={complete.error}
      submit={(o) => (
        <Button loading={complete.isPending} disabled={!note.trim()} onClick={() => complete.mutate({ id: o.id, completionNote: note.trim() }, { onSuccess: close })}>
          {t('workOrder.complete')}
        </Button>
      )}
    >
      {() => <Textarea label={t('workOrders.whatWasDone')} required maxLength={2000} autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />}
    </DraftModal>
  );
}

/** Log a service of an asset, by one of the tenant's people; against one of its schedules, and resolving one of its open issues, when chosen. */
export function ServiceLogModal({ target, onClose }: { target: { assetId: string; scheduleId?: string } | null; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const log = useLogService();
  const me = useMe();
  const [performedOn, setPerformedOn] = useState(today());
  const [by, setBy] = useState<string | null>(null);
  const [description, setDescription] = useState('');
  const [cost, setCost] = useState<number | string>('');
  const [currency, setCurrency] = useState('GBP');
  const [scheduleId, setScheduleId] = useState<string | null>(null);
  const [issueId, setIssueId] = useState<string | null>(null);
  const assetId = target?.assetId ?? '';
  const schedules = useSchedules({ assetId }, Boolean(target) && mayCall(me.data, 'getMaintenanceSchedules'));
  const issues = useOpenIssues({ assetId }, target !== null);
  const chosenSchedule = scheduleId ?? target?.scheduleId ?? null;
  const close = () => {
    log.reset();
    setDescription('');
    setCost('');
    setScheduleId(null);
    setIssueId(null);
    onClose();
  };
  return (
    <DraftModal draft={target} onClose={close} title={t('maintenance.logService')} error={log.error}
      submit={(tg) => (
        <Button
          loading={log.isPending}
          disabled={!by || !description.trim() || !performedOn}
          onClick={() =>
            log.mutate(
              {
                assetId: tg.assetId,
                body: {
                  performedOn,
                  performedByUserId: by!,
                  description: description.trim(),
                  ...(typeof cost === 'number' ? { costMinor: Math.round(cost * 100), currency } : {}),
                  ...(chosenSchedule ? { scheduleId: chosenSchedule } : {}),
                  ...(issueId ? { issueId } : {}),
                },
              },
              { onSuccess: () => { notifications.show({ color: 'green', message: t('maintenance.serviceLogged') }); close(); } },
            )
          }
        >
          {t('maintenance.log')}
        </Button>
      )}
    >
      {() => (
        <>
          <TextInput label={t('maintenance.performedOn')} type="date" required value={performedOn} onChange={(e) => setPerformedOn(e.currentTarget.value)} />
          <PersonSelect label={t('maintenance.performedBy')} required value={by} onChange={setBy} />
          <Textarea label={t('workOrders.whatWasDone')} required maxLength={5000} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Select label={t('maintenance.scheduleOptional')} clearable data={(schedules.data ?? []).map((s) => ({ value: s.id, label: s.title }))} value={chosenSchedule} onChange={setScheduleId} />
          <Select label={t('maintenance.resolvesIssue')} clearable data={(issues.data ?? []).map((i) => ({ value: i.id, label: i.title }))} value={issueId} onChange={setIssueId} />
          <NumberInput label={t('maintenance.costOptional')} min={0} decimalScale={2} value={cost} onChange={setCost} />
          <TextInput label={t('maintenance.currency')} maxLength={3} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />
        </>
      )}
    </DraftModal>
  );
}

/** A schedule's fields, for a new one on an asset (`assetId`) or a change to one (`schedule`). */
export function ScheduleModal({ target, onClose }: { target: { assetId: string } | { schedule: Schedule } | null; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const create = useCreateSchedule();
  const update = useUpdateSchedule();
  const editing = target && 'schedule' in target ? target.schedule : null;
  const [draft, setDraft] = useState<{ title: string; instructions: string; priority: Priority; unit: Unit; every: number | string; meter: string; startsOn: string; active: boolean } | null>(null);
  const fields = draft ?? {
    title: editing?.title ?? '',
    instructions: editing?.instructions ?? '',
    priority: editing?.priority ?? 'MEDIUM',
    unit: editing?.intervalUnit ?? 'MONTHS',
    every: editing?.intervalValue ?? 1,
    meter: editing?.meter ?? '',
    startsOn: editing?.startsOn ?? today(),
    active: editing?.active ?? true,
  };
  const set = (change: Partial<typeof fields>) => setDraft({ ...fields, ...change });
  const mutation = editing ? update : create;
  const close = () => {
    create.reset();
    update.reset();
    setDraft(null);
    onClose();
  };
  const body = {
    title: fields.title.trim(),
    instructions: fields.instructions.trim() || null,
    priority: fields.priority,
    intervalUnit: fields.unit,
    intervalValue: Number(fields.every),
    meter: fields.unit === 'USAGE' ? fields.meter.trim() : null,
    active: fields.active,
    ...(fields.unit === 'USAGE' ? {} : { startsOn: fields.startsOn }),
  };
  const save = () => {
    const done = { onSuccess: close };
    if (editing) update.mutate({ id: editing.id, body }, done);
    else if (target && 'assetId' in target) create.mutate({ assetId: target.assetId, body }, done);
  };
  return (
    <FormModal opened={target !== null} onClose={close} title={editing ? t('maintenance.changeTitle', { title: editing.title }) : t('maintenance.newSchedule')} error={mutation.error}
      submit={
        <Button loading={mutation.isPending} disabled={!body.title || !(body.intervalValue >= 1) || (fields.unit === 'USAGE' && !body.meter)} onClick={save}>
          {t('save')}
        </Button>
      }
    >
      <TextInput label={t('title')} required maxLength={200} value={fields.title} onChange={(e) => set({ title: e.currentTarget.value })} />
      <PrioritySelect value={fields.priority} onChange={(priority) => set({ priority })} />
      <NumberInput label={t('maintenance.every')} required min={1} max={3650} allowDecimal={false} value={fields.every} onChange={(every) => set({ every })} />
      <Select label={t('maintenance.unit')} allowDeselect={false} data={UNITS.map((u) => ({ value: u, label: t(`intervalUnit.${u}`) }))} value={fields.unit} onChange={(v) => v && set({ unit: v as Unit })} />
      {fields.unit === 'USAGE' ? (
        <TextInput label={t('maintenance.meter')} required placeholder={t('maintenance.meterPlaceholder')} maxLength={40} value={fields.meter} onChange={(e) => set({ meter: e.currentTarget.value })} />
      ) : (
        <TextInput label={t('maintenance.firstDue')} type="date" required value={fields.startsOn} onChange={(e) => set({ startsOn: e.currentTarget.value })} />
      )}
      <Textarea label={t('maintenance.instructions')} maxLength={5000} autosize minRows={2} value={fields.instructions} onChange={(e) => set({ instructions: e.currentTarget.value })} />
      <Switch label={t('maintenance.active')} checked={fields.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
    </FormModal>
  );
}
