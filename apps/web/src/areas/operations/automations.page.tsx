import { ActionIcon, Badge, Button, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useOutlets, usePeople } from '../../api/shared.queries';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable, RowsTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';
import { formatDateTime, humanize, roleLabel } from '../../ui/format';
import { Page } from '../../ui/page';
import {
  useAutomationRuns,
  useAutomations,
  useCreateAutomation,
  useDeleteAutomation,
  useUpdateAutomation,
  type Automation,
  type AutomationAction,
  type AutomationTrigger,
  type RunResult,
} from './automations.queries';

const TRIGGERS: Array<{ value: AutomationTrigger; label: string }> = [
  { value: 'ISSUE_HIGH_PRIORITY', label: 'An issue is raised with HIGH or URGENT priority' },
  { value: 'CHECKLIST_TASK_FAILED', label: 'A checklist task fails' },
  { value: 'ASSET_DUE', label: 'An asset falls due for maintenance' },
  { value: 'WORK_ORDER_OVERDUE', label: 'A work order is overdue' },
];
const ROLES = ['TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const;
const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
const MAX_ACTIONS = 5;

interface Draft {
  id: string | null;
  name: string;
  trigger: AutomationTrigger;
  outletId: string;
  actions: AutomationAction[];
  active: boolean;
}

const blank: Draft = { id: null, name: '', trigger: 'ISSUE_HIGH_PRIORITY', outletId: '', actions: [{ kind: 'NOTIFY_ROLE', role: 'OUTLET_MANAGER' }], active: true };

function describeAction(a: AutomationAction, nameOf: (userId: string) => string): string {
  if (a.kind === 'NOTIFY_ROLE') return `Mail every ${roleLabel(a.role)}`;
  if (a.kind === 'ASSIGN') return `Give it to ${nameOf(a.userId)}`;
  if (a.kind === 'OPEN_WORK_ORDER') return `Open a work order “${a.title}”, due in ${a.dueInDays} days${a.assigneeUserId ? ` for ${nameOf(a.assigneeUserId)}` : ''}`;
  return `Raise “${a.title}” (${humanize(a.priority)})`;
}

function complete(a: AutomationAction): boolean {
  if (a.kind === 'ASSIGN') return a.userId !== '';
  return a.kind === 'NOTIFY_ROLE' || a.title.trim().length > 0;
}

const KINDS: Array<{ value: AutomationAction['kind']; label: string }> = [
  { value: 'NOTIFY_ROLE', label: 'Mail a role' },
  { value: 'RAISE_ISSUE', label: 'Raise an issue' },
  { value: 'ASSIGN', label: 'Give it to' },
  { value: 'OPEN_WORK_ORDER', label: 'Open a work order' },
];
/** What an action may be under a trigger: a work order overdue has no issue to give or to open an order from (the API's rule). */
const kindsFor = (trigger: AutomationTrigger) => (trigger === 'WORK_ORDER_OVERDUE' ? KINDS.filter((k) => k.value === 'NOTIFY_ROLE' || k.value === 'RAISE_ISSUE') : KINDS);

function newAction(kind: AutomationAction['kind']): AutomationAction {
  if (kind === 'NOTIFY_ROLE') return { kind, role: 'OUTLET_MANAGER' };
  if (kind === 'ASSIGN') return { kind, userId: '' };
  if (kind === 'OPEN_WORK_ORDER') return { kind, title: '', priority: 'MEDIUM', dueInDays: 3 };
  return { kind, title: '', priority: 'MEDIUM' };
}

/**
 * Rules the outlet administrators keep: when something happens at an outlet, a worker does what
 * the rule says, once per issue. What a rule raises is silent (no issue.created webhook).
 */
export function AutomationsPage() {
  const automations = useAutomations();
  const outlets = useOutlets();
  const people = usePeople();
  const nameOf = (userId: string) => people.data?.get(userId)?.fullName ?? '…';
  const activePeople = [...(people.data?.values() ?? [])].filter((u) => u.status === 'ACTIVE').map((u) => ({ value: u.id, label: u.fullName }));
  const create = useCreateAutomation();
  const update = useUpdateAutomation();
  const remove = useDeleteAutomation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Automation | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const outletName = (id: string | null) => (id ? (outlets.data?.find((o) => o.id === id)?.name ?? '…') : 'Every outlet');
  const close = () => {
    create.reset();
    update.reset();
    setDraft(null);
  };
  const save = (d: Draft) => {
    const body = { name: d.name.trim(), trigger: d.trigger, outletId: d.outletId || null, actions: d.actions.map((a) => (a.kind === 'RAISE_ISSUE' ? { ...a, title: a.title.trim() } : a)), active: d.active };
    if (d.id) update.mutate({ id: d.id, body }, { onSuccess: close });
    else create.mutate(body, { onSuccess: close });
  };
  const setAction = (d: Draft, i: number, a: AutomationAction) => setDraft({ ...d, actions: d.actions.map((x, j) => (j === i ? a : x)) });
  return (
    <Page title="Automations" actions={<Button onClick={() => setDraft(blank)}>New automation</Button>}>
      <DataTable
        query={automations}
        loadingLabel="Loading automations"
        empty="No automations yet: a rule such as “when a HIGH issue is raised, mail the outlet manager” takes a minute to set up."
        minWidth={760}
        tableProps={{}}
        detail={(a) => (open === a.id ? <Runs automation={a} /> : null)}
        columns={[
          { header: 'Name', cell: (a) => a.name },
          { header: 'When', cell: (a) => TRIGGERS.find((t) => t.value === a.trigger)?.label },
          { header: 'Where', cell: (a) => outletName(a.outletId) },
          { header: 'Then', cell: (a) => <Stack gap={0}>{a.actions.map((x, i) => <Text key={i} size="sm">{describeAction(x, nameOf)}</Text>)}</Stack> },
          { header: 'Status', cellProps: { miw: 90 }, cell: (a) => <Badge variant="light" color={a.active ? 'green' : 'gray'}>{a.active ? 'Active' : 'Paused'}</Badge> },
          {
            cell: (a) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-sm" variant="subtle" aria-expanded={open === a.id} onClick={() => setOpen(open === a.id ? null : a.id)} aria-label={`Activity of ${a.name}`}>
                  Activity
                </Button>
                <Button size="compact-sm" variant="subtle" aria-label={`Edit ${a.name}`} onClick={() => setDraft({ id: a.id, name: a.name, trigger: a.trigger, outletId: a.outletId ?? '', actions: a.actions, active: a.active })}>
                  Edit
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${a.name}`} onClick={() => setDeleting(a)}>
                  Delete
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <DraftModal draft={draft} onClose={close} size="lg" title={draft?.id ? 'Edit automation' : 'New automation'} error={create.error ?? update.error} submit={(d) => (
        <Button loading={create.isPending || update.isPending} disabled={!d.name.trim() || !d.actions.length || !d.actions.every(complete)} onClick={() => save(d)}>
          Save
        </Button>
      )}>
        {(d) => (
          <>
            <TextInput label="Name" required value={d.name} onChange={(e) => setDraft({ ...d, name: e.currentTarget.value })} />
            <Select label="When" allowDeselect={false} data={TRIGGERS} value={d.trigger} onChange={(v) => {
              if (!v) return;
              const trigger = v as AutomationTrigger;
              const allowed = kindsFor(trigger).map((k) => k.value);
              const kept = d.actions.filter((a) => allowed.includes(a.kind));
              setDraft({ ...d, trigger, actions: kept.length ? kept : [newAction('NOTIFY_ROLE')] });
            }} />
            <Select label="Where" allowDeselect={false} data={[{ value: '', label: 'Every outlet' }, ...(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))]} value={d.outletId} onChange={(v) => setDraft({ ...d, outletId: v ?? '' })} />
            <Text fw={500} size="sm">Then</Text>
            {d.actions.map((a, i) => (
              <Group key={i} align="flex-end" wrap="nowrap" role="group" aria-label={`Action ${i + 1}`}>
                <Select label="Action" w={170} allowDeselect={false} data={kindsFor(d.trigger)} value={a.kind} onChange={(v) => v && setAction(d, i, newAction(v as AutomationAction['kind']))} />
                {a.kind === 'NOTIFY_ROLE' ? (
                  <Select label="Role" style={{ flex: 1 }} allowDeselect={false} data={ROLES.map((r) => ({ value: r, label: humanize(r) }))} value={a.role} onChange={(v) => v && setAction(d, i, { ...a, role: v as typeof a.role })} />
                ) : a.kind === 'OPEN_WORK_ORDER' ? (
                  <>
                    <TextInput label="Work order title" style={{ flex: 1 }} value={a.title} onChange={(e) => setAction(d, i, { ...a, title: e.currentTarget.value })} />
                    <NumberInput label="Due in days" w={100} min={0} max={365} value={a.dueInDays} onChange={(v) => setAction(d, i, { ...a, dueInDays: typeof v === 'number' ? v : 0 })} />
                    <Select label="For" w={170} clearable placeholder="Unassigned" searchable data={activePeople} value={a.assigneeUserId ?? null} onChange={(v) => setAction(d, i, { kind: a.kind, title: a.title, priority: a.priority, dueInDays: a.dueInDays, ...(v ? { assigneeUserId: v } : {}) })} />
                  </>
                ) : a.kind === 'ASSIGN' ? (
                  <Select label="Person" style={{ flex: 1 }} searchable allowDeselect={false} data={activePeople} value={a.userId || null} onChange={(v) => v && setAction(d, i, { ...a, userId: v })} />
                ) : (
                  <>
                    <TextInput label="Issue title" style={{ flex: 1 }} value={a.title} onChange={(e) => setAction(d, i, { ...a, title: e.currentTarget.value })} />
                    <Select label="Priority" w={120} allowDeselect={false} data={PRIORITIES.map((p) => ({ value: p, label: humanize(p) }))} value={a.priority} onChange={(v) => v && setAction(d, i, { ...a, priority: v as typeof a.priority })} />
                  </>
                )}
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove action ${i + 1}`} disabled={d.actions.length === 1} onClick={() => setDraft({ ...d, actions: d.actions.filter((_, j) => j !== i) })}>
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="light" size="compact-sm" disabled={d.actions.length >= MAX_ACTIONS} onClick={() => setDraft({ ...d, actions: [...d.actions, newAction('NOTIFY_ROLE')] })}>
                Add an action
              </Button>
            </Group>
            <Switch label="Active" checked={d.active} onChange={(e) => setDraft({ ...d, active: e.currentTarget.checked })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal opened={deleting !== null} title={`Delete “${deleting?.name ?? ''}”?`} confirmLabel="Delete" pending={remove.isPending} error={remove.error} onClose={() => setDeleting(null)} onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}>
        It stops acting on new issues. What it already did stays done.
      </ConfirmModal>
    </Page>
  );
}

function describeResult(x: RunResult): string {
  if (x.kind === 'NOTIFY_ROLE') return `mailed ${x.mailed ?? 0}`;
  if (x.kind === 'ASSIGN') return x.assigned ? 'gave it to the person' : 'could not give it (left, or not at that outlet)';
  if (x.kind === 'OPEN_WORK_ORDER') return x.assigned === false ? 'opened a work order, unassigned (the one named was gone)' : 'opened a work order';
  return 'raised an issue';
}

/** What one automation did, newest first. */
function Runs({ automation }: { automation: Automation }) {
  const runs = useAutomationRuns(automation.id);
  if (runs.isPending) return <Text size="sm">Loading…</Text>;
  if (!runs.data?.length) return <Text size="sm" c="dimmed">It has not acted yet.</Text>;
  return (
    <RowsTable rows={runs.data} minWidth={560} tableProps={{}} columns={[
      { header: 'When', cell: (r) => formatDateTime(r.createdAt) },
      { header: 'Outcome', cell: (r) => <Badge variant="light" color={r.outcome === 'DONE' ? 'green' : 'red'}>{r.outcome === 'DONE' ? 'Done' : 'Failed'}</Badge> },
      { header: 'What it did', cell: (r) => r.error ?? r.results.map(describeResult).join(', ') },
    ]} />
  );
}
