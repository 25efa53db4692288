import { Alert, Badge, Button, Group, Loader, List, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { useOutlets } from '../../api/shared.queries';
import { RowsTable } from '../../ui/data-table';
import { formatDateTime, formatDay, formatSpan, humanize } from '../../ui/format';
import { DraftModal } from '../../ui/form-actions';
import { ErrorNotice, Page } from '../../ui/page';
import { localDay, shiftInstants } from '../../ui/shift-time';
import { wallInstant, zoned } from '../../ui/zone';
import { localTime } from '../schedule/week';
import { PROPOSAL_COLOUR } from './auto-schedule.page';
import { useAcceptProposal, useAddProposalShift, useDiscardProposal, useMoveProposalShift, useProposal, useRemoveProposalShift, type Proposal, type ProposalShift } from './auto-schedule.queries';

/** Gaps listed on the page; the coverage figure counts them all. */
const SHOWN_GAPS = 200;

interface Draft {
  shiftId: string | null;
  userId: string | null;
  outletId: string | null;
  role: string;
  day: string;
  start: string;
  end: string;
}


/** What a 422 lists: each rule the edit or acceptance would break, on its shift. */
function Violations({ error }: { error: unknown }) {
  const violations = error instanceof ApiError ? (error.body as { violations?: Array<{ rule: string; message: string }> } | undefined)?.violations : undefined;
  if (!violations) return <ErrorNotice error={error} />;
  return (
    <Alert color="red" title="The schedule would break rules that cannot be bent" role="alert">
      <List size="sm">
        {violations.map((v, i) => (
          <List.Item key={i}>
            {humanize(v.rule)}: {v.message}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** One proposal: its week by day and outlet with cost, coverage gaps and bent rules; a manager edits it, then accepts or discards it. */
export function ProposalPage() {
  const { id = '' } = useParams();
  const proposal = useProposal(id);
  const outlets = useOutlets();
  const accept = useAcceptProposal();
  const discard = useDiscardProposal();
  const remove = useRemoveProposalShift();
  const [draft, setDraft] = useState<Draft | null>(null);
  const p = proposal.data;
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  if (!p) return <Page title="Proposal">{proposal.error ? <ErrorNotice error={proposal.error} /> : <Loader aria-label="Loading proposal" />}</Page>;
  const money = (minor: number) => (p.report?.currency ? new Intl.NumberFormat(undefined, { style: 'currency', currency: p.report.currency }).format(minor / 100) : (minor / 100).toFixed(2));
  const names = new Map((p.report?.people ?? []).map((x) => [x.userId, x.name]));
  const editable = p.status === 'READY';
  const days = [...new Set(p.shifts.map((s) => localDay(s.scheduledStart)))].sort();
  const shiftAt = new Map(p.shifts.map((s) => [s.id, s]));
  const edit = (s: ProposalShift) =>
    setDraft({ shiftId: s.id, userId: s.userId, outletId: s.outletId, role: s.role, day: localDay(s.scheduledStart), start: localTime(s.scheduledStart), end: localTime(s.scheduledEnd) });
  return (
    <Page
      title={`Proposal for the week of ${formatDay(p.weekStart)}`}
      actions={
        editable ? (
          <Group gap="xs">
            <Button variant="light" onClick={() => setDraft({ shiftId: null, userId: null, outletId: p.outletIds[0] ?? null, role: '', day: p.weekStart, start: '09:00', end: '17:00' })}>
              Add a shift
            </Button>
            <Button variant="light" color="red" loading={discard.isPending} onClick={() => discard.mutate(p.id, { onSuccess: () => notifications.show({ message: 'Proposal discarded.' }) })}>
              Discard
            </Button>
            <Button color="green" loading={accept.isPending} onClick={() => accept.mutate(p.id, { onSuccess: (a) => notifications.show({ color: 'green', message: `Proposal accepted: ${a.assignments.length} shift(s) assigned.` }) })}>
              Accept
            </Button>
          </Group>
        ) : null
      }
    >
      <Group gap="sm">
        <Badge color={PROPOSAL_COLOUR[p.status]} variant="light" size="lg">
          {humanize(p.status)}
        </Badge>
        <Text size="sm">{p.outletIds.map((o) => outletName.get(o) ?? '—').join(', ')}</Text>
        {p.status === 'QUEUED' || p.status === 'RUNNING' ? <Loader size="sm" aria-label="Solving" /> : null}
      </Group>
      {p.failure ? <Alert color="red" title="The solve failed">{p.failure}</Alert> : null}
      <Violations error={accept.error ?? remove.error} />
      <ErrorNotice error={discard.error} />
      {p.report ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label="Total cost" value={money(p.report.totalCostMinor)} />
          <Stat label="Coverage" value={`${p.report.coverage.percent}%`} hint={`${p.report.coverage.coveredStaffHours} of ${p.report.coverage.requiredStaffHours} staff-hours`} />
          <Stat label="Shifts" value={String(p.shifts.length)} />
          <Stat label="Below contracted hours" value={`${p.report.fairness.shortfallHours} h`} />
        </SimpleGrid>
      ) : null}
      {days.map((day) => {
        const own = p.shifts.filter((s) => localDay(s.scheduledStart) === day);
        return (
          <Stack key={day} gap={4}>
            <Title order={2} size="h4">
              {zoned({ weekday: 'long', day: 'numeric', month: 'long' }).format(wallInstant(day, '12:00'))} · {money(own.reduce((sum, s) => sum + s.costMinor, 0))}
            </Title>
            <RowsTable rows={own.sort((a, b) => a.outletId.localeCompare(b.outletId) || a.scheduledStart.localeCompare(b.scheduledStart))} minWidth={640} columns={[
              { header: 'Outlet', cell: (s) => outletName.get(s.outletId) ?? '—' },
              { header: 'Person', cell: (s) => names.get(s.userId) ?? '—' },
              { header: 'Role', cell: (s) => s.role },
              { header: 'When', cell: (s) => formatSpan(s.scheduledStart, s.scheduledEnd) },
              { header: 'Cost', cell: (s) => money(s.costMinor) },
              { header: 'By', cell: (s) => (s.origin === 'MANAGER' ? 'Edited' : 'Solver') },
              {
                header: 'Actions',
                cell: (s) =>
                  editable ? (
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" aria-label={`Edit ${names.get(s.userId) ?? ''} ${formatSpan(s.scheduledStart, s.scheduledEnd)}`} onClick={() => edit(s)}>
                        Edit
                      </Button>
                      <Button size="compact-xs" variant="subtle" color="red" aria-label={`Remove ${names.get(s.userId) ?? ''} ${formatSpan(s.scheduledStart, s.scheduledEnd)}`} onClick={() => remove.mutate({ id: p.id, shiftId: s.id })}>
                        Remove
                      </Button>
                    </Group>
                  ) : null,
              },
            ]} />
          </Stack>
        );
      })}
      {p.report ? <Report p={p} money={money} names={names} outletName={outletName} shiftAt={shiftAt} /> : null}
      <ShiftModal proposal={p} draft={draft} setDraft={setDraft} names={names} outletName={outletName} />
    </Page>
  );
}

function Stat({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Stack gap={0} aria-label={label}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Stack>
  );
}

function Report({ p, money, names, outletName, shiftAt }: { p: Proposal; money: (m: number) => string; names: Map<string, string>; outletName: Map<string, string>; shiftAt: Map<string, ProposalShift> }) {
  const report = p.report!;
  return (
    <>
      <Title order={2} size="h4">
        Coverage gaps
      </Title>
      {report.gaps.length === 0 ? (
        <Text size="sm">Every target hour is covered.</Text>
      ) : (
        <RowsTable rows={report.gaps.slice(0, SHOWN_GAPS)} minWidth={520} columns={[
          { header: 'Outlet', cell: (g) => outletName.get(g.outletId) ?? '—' },
          { header: 'Role', cell: (g) => g.role },
          { header: 'Hour', cell: (g) => formatSpan(g.start, g.end) },
          { header: 'Needed', cell: (g) => g.required },
          { header: 'Scheduled', cell: (g) => g.scheduled },
        ]} />
      )}
      <Title order={2} size="h4">
        Rules bent
      </Title>
      {report.bentRules.length === 0 ? (
        <Text size="sm">No rule was bent.</Text>
      ) : (
        <RowsTable rows={report.bentRules} minWidth={720} columns={[
          { header: 'Rule', cell: (b) => humanize(b.rule) },
          { header: 'Person', cell: (b) => names.get(b.userId) ?? '—' },
          { header: 'Shift', cell: (b) => { const s = shiftAt.get(b.shiftId); return s ? formatSpan(s.scheduledStart, s.scheduledEnd) : '—'; } },
          { header: 'Limit', cell: (b) => `${b.limit} (${b.source})` },
          { header: 'Scheduled', cell: (b) => b.actual },
          { header: 'Why', cell: (b) => b.why },
        ]} />
      )}
      <Title order={2} size="h4">
        Hours per person
      </Title>
      <RowsTable rows={report.people} minWidth={560} columns={[
        { header: 'Person', cell: (x) => x.name },
        { header: 'Hours', cell: (x) => x.hours },
        { header: 'Contracted', cell: (x) => x.contractedHours },
        { header: 'Rate', cell: (x) => `${money(x.rateMinor)}/h${x.rateSource === 'MEDIAN' ? ' (estimated)' : ''}` },
        { header: 'Cost', cell: (x) => money(x.costMinor) },
      ]} />
      <Text size="xs" c="dimmed">
        Updated {formatDateTime(p.updatedAt)}
      </Text>
    </>
  );
}

function ShiftModal({ proposal, draft, setDraft, names, outletName }: { proposal: Proposal; draft: Draft | null; setDraft: (d: Draft | null) => void; names: Map<string, string>; outletName: Map<string, string> }) {
  const add = useAddProposalShift();
  const move = useMoveProposalShift();
  const pending = add.isPending || move.isPending;
  const close = () => {
    add.reset();
    move.reset();
    setDraft(null);
  };
  const save = (d: Draft) => {
    const at = shiftInstants(d.day, d.start, d.end);
    if (!at || !d.userId || !d.outletId || !d.role.trim()) return;
    const body = { userId: d.userId, outletId: d.outletId, role: d.role, ...at };
    if (d.shiftId) move.mutate({ id: proposal.id, shiftId: d.shiftId, body }, { onSuccess: close });
    else add.mutate({ id: proposal.id, body }, { onSuccess: close });
  };
  return (
    <DraftModal draft={draft} onClose={close} title={draft?.shiftId ? 'Edit a proposed shift' : 'Add a proposed shift'} error={null}
      submit={(d) => (
        <Button onClick={() => save(d)} loading={pending} disabled={!d.userId || !d.outletId || !d.role.trim()}>
          {d.shiftId ? 'Save shift' : 'Add shift'}
        </Button>
      )}
    >
      {(d) => (
        <>
          <Select label="Person" required searchable data={[...names].map(([value, label]) => ({ value, label }))} value={d.userId} onChange={(userId) => setDraft({ ...d, userId })} />
          <Select label="Outlet" required data={proposal.outletIds.map((o) => ({ value: o, label: outletName.get(o) ?? o }))} value={d.outletId} onChange={(outletId) => setDraft({ ...d, outletId })} allowDeselect={false} />
          <TextInput label="Role" required value={d.role} onChange={(e) => setDraft({ ...d, role: e.currentTarget.value })} />
          <Group gap="xs" grow>
            <TextInput label="Day" type="date" required value={d.day} onChange={(e) => setDraft({ ...d, day: e.currentTarget.value })} />
            <TextInput label="From" type="time" step={3600} required value={d.start} onChange={(e) => setDraft({ ...d, start: e.currentTarget.value })} />
            <TextInput label="To" type="time" step={3600} required value={d.end} onChange={(e) => setDraft({ ...d, end: e.currentTarget.value })} />
          </Group>
          <Violations error={add.error ?? move.error} />
        </>
      )}
    </DraftModal>
  );
}
