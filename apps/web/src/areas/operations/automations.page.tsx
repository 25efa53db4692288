import { ActionIcon, Badge, Button, Group, NumberInput, Select, Stack, Switch, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useOutlets, usePeople } from '../../api/shared.queries';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable, RowsTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';
import { formatDateTime } from '../../ui/format';
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

type T = TFunction<'operations'>;

const TRIGGERS: AutomationTrigger[] = ['ISSUE_HIGH_PRIORITY', 'CHECKLIST_TASK_FAILED', 'ASSET_DUE', 'WORK_ORDER_OVERDUE'];
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

function describeAction(t: T, a: AutomationAction, nameOf: (userId: string) => string): string {
  if (a.kind === 'NOTIFY_ROLE') return t('automations.describe.notify', { role: t(`role.${a.role}`).toLowerCase() });
  if (a.kind === 'ASSIGN') return t('automations.describe.assign', { name: nameOf(a.userId) });
  if (a.kind === 'OPEN_WORK_ORDER') {
    const order = { title: a.title, count: a.dueInDays };
    return a.assigneeUserId ? t('automations.describe.workOrderFor', { ...order, name: nameOf(a.assigneeUserId) }) : t('automations.describe.workOrder', order);
  }
  return t('automations.describe.raise', { title: a.title, priority: t(`priority.${a.priority}`) });
}

function complete(a: AutomationAction): boolean {
  if (a.kind === 'ASSIGN') return a.userId !== '';
  return a.kind === 'NOTIFY_ROLE' || a.title.trim().length > 0;
}

const KINDS: Array<AutomationAction['kind']> = ['NOTIFY_ROLE', 'RAISE_ISSUE', 'ASSIGN', 'OPEN_WORK_ORDER'];
/** What an action may be under a trigger: a work order overdue has no issue to give or to open an order from (the API's rule). */
const kindsFor = (trigger: AutomationTrigger) => (trigger === 'WORK_ORDER_OVERDUE' ? KINDS.filter((k) => k === 'NOTIFY_ROLE' || k === 'RAISE_ISSUE') : KINDS);

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
  const { t } = useTranslation('operations');
  const triggerOptions = TRIGGERS.map((value) => ({ value, label: t(`trigger.${value}`) }));
  const kindOptions = (trigger: AutomationTrigger) => kindsFor(trigger).map((value) => ({ value, label: t(`actionKind.${value}`) }));
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
  const outletName = (id: string | null) => (id ? (outlets.data?.find((o) => o.id === id)?.name ?? '…') : t('automations.everyOutlet'));
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
    <Page title={t('automations.title')} actions={<Button onClick={() => setDraft(blank)}>{t('automations.new')}</Button>}>
      <DataTable
        query={automations}
        loadingLabel={t('automations.loading')}
        empty={t('automations.empty')}
        minWidth={760}
        tableProps={{}}
        detail={(a) => (open === a.id ? <Runs automation={a} /> : null)}
        columns={[
          { header: t('name'), cell: (a) => a.name },
          { header: t('automations.when'), cell: (a) => t(`trigger.${a.trigger}`) },
          { header: t('automations.where'), cell: (a) => outletName(a.outletId) },
          { header: t('automations.then'), cell: (a) => <Stack gap={0}>{a.actions.map((x, i) => <Text key={i} size="sm">{describeAction(t, x, nameOf)}</Text>)}</Stack> },
          { header: t('status'), cellProps: { miw: 90 }, cell: (a) => <Badge variant="light" color={a.active ? 'green' : 'gray'}>{a.active ? t('automations.active') : t('automations.paused')}</Badge> },
          {
            cell: (a) => (
              <Group gap={4} wrap="nowrap">
                <Button size="compact-sm" variant="subtle" aria-expanded={open === a.id} onClick={() => setOpen(open === a.id ? null : a.id)} aria-label={t('automations.activityOf', { name: a.name })}>
                  {t('automations.activity')}
                </Button>
                <Button size="compact-sm" variant="subtle" aria-label={t('editOf', { name: a.name })} onClick={() => setDraft({ id: a.id, name: a.name, trigger: a.trigger, outletId: a.outletId ?? '', actions: a.actions, active: a.active })}>
                  {t('edit')}
                </Button>
                <Button size="compact-sm" variant="subtle" color="red" aria-label={t('deleteOf', { name: a.name })} onClick={() => setDeleting(a)}>
                  {t('delete')}
                </Button>
              </Group>
            ),
          },
        ]}
      />
      <DraftModal draft={draft} onClose={close} size="lg" title={draft?.id ? t('automations.edit') : t('automations.new')} error={create.error ?? update.error} submit={(d) => (
        <Button loading={create.isPending || update.isPending} disabled={!d.name.trim() || !d.actions.length || !d.actions.every(complete)} onClick={() => save(d)}>
          {t('save')}
        </Button>
      )}>
        {(d) => (
          <>
            <TextInput label={t('name')} required value={d.name} onChange={(e) => setDraft({ ...d, name: e.currentTarget.value })} />
            <Select label={t('automations.when')} allowDeselect={false} data={triggerOptions} value={d.trigger} onChange={(v) => {
              if (!v) return;
              const trigger = v as AutomationTrigger;
              const allowed = kindsFor(trigger);
              const kept = d.actions.filter((a) => allowed.includes(a.kind));
              setDraft({ ...d, trigger, actions: kept.length ? kept : [newAction('NOTIFY_ROLE')] });
            }} />
            <Select label={t('automations.where')} allowDeselect={false} data={[{ value: '', label: t('automations.everyOutlet') }, ...(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))]} value={d.outletId} onChange={(v) => setDraft({ ...d, outletId: v ?? '' })} />
            <Text fw={500} size="sm">{t('automations.then')}</Text>
            {d.actions.map((a, i) => (
              <Group key={i} align="flex-end" wrap="nowrap" role="group" aria-label={t('automations.actionN', { n: i + 1 })}>
                <Select label={t('automations.action')} w={170} allowDeselect={false} data={kindOptions(d.trigger)} value={a.kind} onChange={(v) => v && setAction(d, i, newAction(v as AutomationAction['kind']))} />
                {a.kind === 'NOTIFY_ROLE' ? (
                  <Select label={t('automations.role')} style={{ flex: 1 }} allowDeselect={false} data={ROLES.map((r) => ({ value: r, label: t(`role.${r}`) }))} value={a.role} onChange={(v) => v && setAction(d, i, { ...a, role: v as typeof a.role })} />
                ) : a.kind === 'OPEN_WORK_ORDER' ? (
                  <>
                    <TextInput label={t('automations.workOrderTitle')} style={{ flex: 1 }} value={a.title} onChange={(e) => setAction(d, i, { ...a, title: e.currentTarget.value })} />
                    <NumberInput label={t('automations.dueInDays')} w={100} min={0} max={365} value={a.dueInDays} onChange={(v) => setAction(d, i, { ...a, dueInDays: typeof v === 'number' ? v : 0 })} />
                    <Select label={t('automations.for')} w={170} clearable placeholder={t('workOrder.unassigned')} searchable data={activePeople} value={a.assigneeUserId ?? null} onChange={(v) => setAction(d, i, { kind: a.kind, title: a.title, priority: a.priority, dueInDays: a.dueInDays, ...(v ? { assigneeUserId: v } : {}) })} />
                  </>
                ) : a.kind === 'ASSIGN' ? (
                  <Select label={t('person')} style={{ flex: 1 }} searchable allowDeselect={false} data={activePeople} value={a.userId || null} onChange={(v) => v && setAction(d, i, { ...a, userId: v })} />
                ) : (
                  <>
                    <TextInput label={t('automations.issueTitle')} style={{ flex: 1 }} value={a.title} onChange={(e) => setAction(d, i, { ...a, title: e.currentTarget.value })} />
                    <Select label={t('issues.priority')} w={120} allowDeselect={false} data={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} value={a.priority} onChange={(v) => v && setAction(d, i, { ...a, priority: v as typeof a.priority })} />
                  </>
                )}
                <ActionIcon variant="subtle" color="red" size="lg" aria-label={t('automations.removeAction', { n: i + 1 })} disabled={d.actions.length === 1} onClick={() => setDraft({ ...d, actions: d.actions.filter((_, j) => j !== i) })}>
                  ×
                </ActionIcon>
              </Group>
            ))}
            <Group>
              <Button variant="light" size="compact-sm" disabled={d.actions.length >= MAX_ACTIONS} onClick={() => setDraft({ ...d, actions: [...d.actions, newAction('NOTIFY_ROLE')] })}>
                {t('automations.addAction')}
              </Button>
            </Group>
            <Switch label={t('automations.active')} checked={d.active} onChange={(e) => setDraft({ ...d, active: e.currentTarget.checked })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal opened={deleting !== null} title={t('deleteQuoted', { name: deleting?.name ?? '' })} confirmLabel={t('delete')} cancelLabel={t('keepIt')} pending={remove.isPending} error={remove.error} onClose={() => setDeleting(null)} onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}>
        {t('automations.deleteText')}
      </ConfirmModal>
    </Page>
  );
}

function describeResult(t: T, x: RunResult): string {
  if (x.kind === 'NOTIFY_ROLE') return t('automations.result.mailed', { n: x.mailed ?? 0 });
  if (x.kind === 'ASSIGN') return x.assigned ? t('automations.result.assigned') : t('automations.result.notAssigned');
  if (x.kind === 'OPEN_WORK_ORDER') return x.assigned === false ? t('automations.result.workOrderUnassigned') : t('automations.result.workOrder');
  return t('automations.result.raised');
}

/** What one automation did, newest first. */
function Runs({ automation }: { automation: Automation }) {
  const { t } = useTranslation('operations');
  const runs = useAutomationRuns(automation.id);
  if (runs.isPending) return <Text size="sm">{t('loading')}</Text>;
  if (!runs.data?.length) return <Text size="sm" c="dimmed">{t('automations.notActed')}</Text>;
  return (
    <RowsTable rows={runs.data} minWidth={560} tableProps={{}} columns={[
      { header: t('automations.when'), cell: (r) => formatDateTime(r.createdAt) },
      { header: t('automations.outcome'), cell: (r) => <Badge variant="light" color={r.outcome === 'DONE' ? 'green' : 'red'}>{r.outcome === 'DONE' ? t('automations.done') : t('automations.failed')}</Badge> },
      { header: t('automations.whatItDid'), cell: (r) => r.error ?? r.results.map((x) => describeResult(t, x)).join(t('listSeparator')) },
    ]} />
  );
}
