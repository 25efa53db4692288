import { Button, NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useOutlets, usePeople } from '../../api/shared.queries';
import { mayCall, useMe } from '../../auth/me';
import { DraftModal, FormModal } from '../../ui/form-actions';
import { humanize } from '../../ui/format';
import { today } from './maintenance-dates';
import { useVendors } from './operations.queries';
import { useCompleteWorkOrder, useAssignWorkOrder, useCreateSchedule, useCreateWorkOrder, useLogService, useOpenIssues, useSchedules, useUpdateSchedule, type Schedule, type WorkOrder } from './maintenance.queries';

export const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
type Priority = (typeof PRIORITIES)[number];
const UNITS = ['DAYS', 'WEEKS', 'MONTHS', 'USAGE'] as const;
type Unit = (typeof UNITS)[number];

function PrioritySelect({ value, onChange }: { value: Priority; onChange: (p: Priority) => void }) {
  return <Select label="Priority" allowDeselect={false} data={PRIORITIES.map((p) => ({ value: p, label: humanize(p) }))} value={value} onChange={(v) => v && onChange(v as Priority)} />;
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
      { onSuccess: () => { notifications.show({ color: 'green', message: 'Work order raised.' }); close(); } },
    );
  };
  return (
    <DraftModal draft={preset} onClose={close} title="New work order" error={create.error}
      submit={() => (
        <Button loading={create.isPending} disabled={!(title.trim() || preset?.title) || !(forAsset || outletId || issueId)} onClick={submit}>
          Raise
        </Button>
      )}
    >
      {(p) => (
        <>
          {p.assetId ? null : <Select label="Outlet" data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} />}
          <Select label="From issue (optional)" clearable data={(issues.data ?? []).map((i) => ({ value: i.id, label: i.title }))} value={issueId} onChange={setIssueId} />
          <TextInput label="Title" required maxLength={200} placeholder={p.title} value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
          <PrioritySelect value={priority} onChange={setPriority} />
          <TextInput label="Due (optional)" type="date" value={dueOn} onChange={(e) => setDueOn(e.currentTarget.value)} />
          <PersonSelect label="Assign to (optional)" value={assignee} onChange={setAssignee} />
          <Textarea label="Description (optional)" maxLength={5000} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
        </>
      )}
    </DraftModal>
  );
}

/** A work order goes to a person or to a vendor (the supplier who maintains it): choosing one clears the other. */
export function AssignModal({ order, onClose }: { order: WorkOrder | null; onClose: () => void }) {
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
    <DraftModal draft={order} onClose={close} title={order ? `Assign “${order.title}”` : ''} error={assign.error}
      submit={(o) => (
        <Button loading={assign.isPending} disabled={!to} onClick={() => assign.mutate({ id: o.id, to: to! }, { onSuccess: close })}>
          Assign
        </Button>
      )}
    >
      {() => (
        <>
          <PersonSelect label="Person" value={to && 'assigneeUserId' in to ? to.assigneeUserId : null} onChange={(id) => setTo(id ? { assigneeUserId: id } : null)} />
          <Select
            label="Or a vendor"
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
  const complete = useCompleteWorkOrder();
  const [note, setNote] = useState('');
  const close = () => {
    complete.reset();
    setNote('');
    onClose();
  };
  return (
    <DraftModal draft={order} onClose={close} title={order ? `Complete “${order.title}”` : ''} error={complete.error}
      submit={(o) => (
        <Button loading={complete.isPending} disabled={!note.trim()} onClick={() => complete.mutate({ id: o.id, completionNote: note.trim() }, { onSuccess: close })}>
          Complete
        </Button>
      )}
    >
      {() => <Textarea label="What was done" required maxLength={2000} autosize minRows={2} value={note} onChange={(e) => setNote(e.currentTarget.value)} />}
    </DraftModal>
  );
}

/** Log a service of an asset, by one of the tenant's people; against one of its schedules, and resolving one of its open issues, when chosen. */
export function ServiceLogModal({ target, onClose }: { target: { assetId: string; scheduleId?: string } | null; onClose: () => void }) {
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
    <DraftModal draft={target} onClose={close} title="Log a service" error={log.error}
      submit={(t) => (
        <Button
          loading={log.isPending}
          disabled={!by || !description.trim() || !performedOn}
          onClick={() =>
            log.mutate(
              {
                assetId: t.assetId,
                body: {
                  performedOn,
                  performedByUserId: by!,
                  description: description.trim(),
                  ...(typeof cost === 'number' ? { costMinor: Math.round(cost * 100), currency } : {}),
                  ...(chosenSchedule ? { scheduleId: chosenSchedule } : {}),
                  ...(issueId ? { issueId } : {}),
                },
              },
              { onSuccess: () => { notifications.show({ color: 'green', message: 'Service logged.' }); close(); } },
            )
          }
        >
          Log
        </Button>
      )}
    >
      {() => (
        <>
          <TextInput label="Performed on" type="date" required value={performedOn} onChange={(e) => setPerformedOn(e.currentTarget.value)} />
          <PersonSelect label="Performed by" required value={by} onChange={setBy} />
          <Textarea label="What was done" required maxLength={5000} autosize minRows={2} value={description} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Select label="Maintenance schedule (optional)" clearable data={(schedules.data ?? []).map((s) => ({ value: s.id, label: s.title }))} value={chosenSchedule} onChange={setScheduleId} />
          <Select label="Resolves issue (optional)" clearable data={(issues.data ?? []).map((i) => ({ value: i.id, label: i.title }))} value={issueId} onChange={setIssueId} />
          <NumberInput label="Cost (optional)" min={0} decimalScale={2} value={cost} onChange={setCost} />
          <TextInput label="Currency" maxLength={3} value={currency} onChange={(e) => setCurrency(e.currentTarget.value.toUpperCase())} />
        </>
      )}
    </DraftModal>
  );
}

/** A schedule's fields, for a new one on an asset (`assetId`) or a change to one (`schedule`). */
export function ScheduleModal({ target, onClose }: { target: { assetId: string } | { schedule: Schedule } | null; onClose: () => void }) {
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
    <FormModal opened={target !== null} onClose={close} title={editing ? `Change “${editing.title}”` : 'New maintenance schedule'} error={mutation.error}
      submit={
        <Button loading={mutation.isPending} disabled={!body.title || !(body.intervalValue >= 1) || (fields.unit === 'USAGE' && !body.meter)} onClick={save}>
          Save
        </Button>
      }
    >
      <TextInput label="Title" required maxLength={200} value={fields.title} onChange={(e) => set({ title: e.currentTarget.value })} />
      <PrioritySelect value={fields.priority} onChange={(priority) => set({ priority })} />
      <NumberInput label="Every" required min={1} max={3650} allowDecimal={false} value={fields.every} onChange={(every) => set({ every })} />
      <Select label="Unit" allowDeselect={false} data={UNITS.map((u) => ({ value: u, label: u === 'USAGE' ? 'Units of a meter' : humanize(u) }))} value={fields.unit} onChange={(v) => v && set({ unit: v as Unit })} />
      {fields.unit === 'USAGE' ? (
        <TextInput label="Meter" required placeholder="hours" maxLength={40} value={fields.meter} onChange={(e) => set({ meter: e.currentTarget.value })} />
      ) : (
        <TextInput label="First due" type="date" required value={fields.startsOn} onChange={(e) => set({ startsOn: e.currentTarget.value })} />
      )}
      <Textarea label="Instructions (optional)" maxLength={5000} autosize minRows={2} value={fields.instructions} onChange={(e) => set({ instructions: e.currentTarget.value })} />
      <Switch label="Active" checked={fields.active} onChange={(e) => set({ active: e.currentTarget.checked })} />
    </FormModal>
  );
}
