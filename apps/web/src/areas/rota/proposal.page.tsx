import { Alert, Badge, Button, Group, Loader, List, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../api/errors';
import { useOutlets } from '../../api/shared.queries';
import { RowsTable } from '../../ui/data-table';
import { formatDateTime, formatDay, formatMoney, formatNumber, formatSpan, humanize } from '../../ui/format';
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
  const { t } = useTranslation('rota');
  const violations = error instanceof ApiError ? (error.body as { violations?: Array<{ rule: string; message: string }> } | undefined)?.violations : undefined;
  if (!violations) return <ErrorNotice error={error} />;
  return (
    <Alert color="red" title={t('proposal.violations')} role="alert">
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
  const { t } = useTranslation('rota');
  const { id = '' } = useParams();
  const proposal = useProposal(id);
  const outlets = useOutlets();
  const accept = useAcceptProposal();
  const discard = useDiscardProposal();
  const remove = useRemoveProposalShift();
  const [draft, setDraft] = useState<Draft | null>(null);
  const p = proposal.data;
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  if (!p) return <Page title={t('proposal.title')}>{proposal.error ? <ErrorNotice error={proposal.error} /> : <Loader aria-label={t('proposal.loading')} />}</Page>;
  const money = (minor: number) => (p.report?.currency ? formatMoney(minor, p.report.currency) : formatNumber(minor / 100, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const names = new Map((p.report?.people ?? []).map((x) => [x.userId, x.name]));
  const editable = p.status === 'READY';
  const days = [...new Set(p.shifts.map((s) => localDay(s.scheduledStart)))].sort();
  const shiftAt = new Map(p.shifts.map((s) => [s.id, s]));
  const edit = (s: ProposalShift) =>
    setDraft({ shiftId: s.id, userId: s.userId, outletId: s.outletId, role: s.role, day: localDay(s.scheduledStart), start: localTime(s.scheduledStart), end: localTime(s.scheduledEnd) });
  return (
    <Page
      title={t('proposal.titleWeek', { week: formatDay(p.weekStart) })}
      actions={
        editable ? (
          <Group gap="xs">
            <Button variant="light" onClick={() => setDraft({ shiftId: null, userId: null, outletId: p.outletIds[0] ?? null, role: '', day: p.weekStart, start: '09:00', end: '17:00' })}>
              {t('proposal.addShift')}
            </Button>
            <Button variant="light" color="red" loading={discard.isPending} onClick={() => discard.mutate(p.id, { onSuccess: () => notifications.show({ message: t('proposal.discarded') }) })}>
              {t('proposal.discard')}
            </Button>
            <Button color="green" loading={accept.isPending} onClick={() => accept.mutate(p.id, { onSuccess: (a) => notifications.show({ color: 'green', message: t('proposal.accepted', { count: a.assignments.length }) }) })}>
              {t('proposal.accept')}
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
        {p.status === 'QUEUED' || p.status === 'RUNNING' ? <Loader size="sm" aria-label={t('proposal.solving')} /> : null}
      </Group>
      {p.failure ? <Alert color="red" title={t('proposal.failed')}>{p.failure}</Alert> : null}
      <Violations error={accept.error ?? remove.error} />
      <ErrorNotice error={discard.error} />
      {p.report ? (
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Stat label={t('proposal.totalCost')} value={money(p.report.totalCostMinor)} />
          <Stat label={t('proposal.coverage')} value={t('proposal.percent', { value: formatNumber(p.report.coverage.percent) })} hint={t('proposal.coverageHint', { covered: formatNumber(p.report.coverage.coveredStaffHours), required: formatNumber(p.report.coverage.requiredStaffHours) })} />
          <Stat label={t('proposal.shifts')} value={formatNumber(p.shifts.length)} />
          <Stat label={t('proposal.belowContracted')} value={t('proposal.hours', { value: formatNumber(p.report.fairness.shortfallHours) })} />
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
              { header: t('proposal.outlet'), cell: (s) => outletName.get(s.outletId) ?? '—' },
              { header: t('proposal.person'), cell: (s) => names.get(s.userId) ?? '—' },
              { header: t('proposal.role'), cell: (s) => s.role },
              { header: t('proposal.when'), cell: (s) => formatSpan(s.scheduledStart, s.scheduledEnd) },
              { header: t('proposal.cost'), cell: (s) => money(s.costMinor) },
              { header: t('proposal.by'), cell: (s) => (s.origin === 'MANAGER' ? t('proposal.edited') : t('proposal.solver')) },
              {
                header: t('proposal.actions'),
                cell: (s) =>
                  editable ? (
                    <Group gap={4} wrap="nowrap">
                      <Button size="compact-xs" variant="subtle" aria-label={t('proposal.editLabel', { name: names.get(s.userId) ?? '', span: formatSpan(s.scheduledStart, s.scheduledEnd) })} onClick={() => edit(s)}>
                        {t('proposal.edit')}
                      </Button>
                      <Button size="compact-xs" variant="subtle" color="red" aria-label={t('proposal.removeLabel', { name: names.get(s.userId) ?? '', span: formatSpan(s.scheduledStart, s.scheduledEnd) })} onClick={() => remove.mutate({ id: p.id, shiftId: s.id })}>
                        {t('proposal.remove')}
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
  const { t } = useTranslation('rota');
  const report = p.report!;
  return (
    <>
      <Title order={2} size="h4">
        {t('proposal.gaps')}
      </Title>
      {report.gaps.length === 0 ? (
        <Text size="sm">{t('proposal.noGaps')}</Text>
      ) : (
        <RowsTable rows={report.gaps.slice(0, SHOWN_GAPS)} minWidth={520} columns={[
          { header: t('proposal.outlet'), cell: (g) => outletName.get(g.outletId) ?? '—' },
          { header: t('proposal.role'), cell: (g) => g.role },
          { header: t('proposal.hour'), cell: (g) => formatSpan(g.start, g.end) },
          { header: t('proposal.needed'), cell: (g) => g.required },
          { header: t('proposal.scheduled'), cell: (g) => g.scheduled },
        ]} />
      )}
      <Title order={2} size="h4">
        {t('proposal.bentRules')}
      </Title>
      {report.bentRules.length === 0 ? (
        <Text size="sm">{t('proposal.noBentRules')}</Text>
      ) : (
        <RowsTable rows={report.bentRules} minWidth={720} columns={[
          { header: t('proposal.rule'), cell: (b) => humanize(b.rule) },
          { header: t('proposal.person'), cell: (b) => names.get(b.userId) ?? '—' },
          { header: t('proposal.shift'), cell: (b) => { const s = shiftAt.get(b.shiftId); return s ? formatSpan(s.scheduledStart, s.scheduledEnd) : '—'; } },
          { header: t('proposal.limit'), cell: (b) => `${b.limit} (${b.source})` },
          { header: t('proposal.scheduled'), cell: (b) => b.actual },
          { header: t('proposal.why'), cell: (b) => b.why },
        ]} />
      )}
      <Title order={2} size="h4">
        {t('proposal.hoursPerPerson')}
      </Title>
      <RowsTable rows={report.people} minWidth={560} columns={[
        { header: t('proposal.person'), cell: (x) => x.name },
        { header: t('proposal.hoursColumn'), cell: (x) => x.hours },
        { header: t('proposal.contracted'), cell: (x) => x.contractedHours },
        { header: t('proposal.rate'), cell: (x) => t(x.rateSource === 'MEDIAN' ? 'proposal.perHourEstimated' : 'proposal.perHour', { amount: money(x.rateMinor) }) },
        { header: t('proposal.cost'), cell: (x) => money(x.costMinor) },
      ]} />
      <Text size="xs" c="dimmed">
        {t('proposal.updated', { at: formatDateTime(p.updatedAt) })}
      </Text>
    </>
  );
}

function ShiftModal({ proposal, draft, setDraft, names, outletName }: { proposal: Proposal; draft: Draft | null; setDraft: (d: Draft | null) => void; names: Map<string, string>; outletName: Map<string, string> }) {
  const { t } = useTranslation('rota');
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
    <DraftModal draft={draft} onClose={close} title={draft?.shiftId ? t('proposal.editTitle') : t('proposal.addTitle')} error={null}
      submit={(d) => (
        <Button onClick={() => save(d)} loading={pending} disabled={!d.userId || !d.outletId || !d.role.trim()}>
          {d.shiftId ? t('proposal.saveShift') : t('proposal.addShiftButton')}
        </Button>
      )}
    >
      {(d) => (
        <>
          <Select label={t('proposal.person')} required searchable data={[...names].map(([value, label]) => ({ value, label }))} value={d.userId} onChange={(userId) => setDraft({ ...d, userId })} />
          <Select label={t('proposal.outlet')} required data={proposal.outletIds.map((o) => ({ value: o, label: outletName.get(o) ?? o }))} value={d.outletId} onChange={(outletId) => setDraft({ ...d, outletId })} allowDeselect={false} />
          <TextInput label={t('proposal.role')} required value={d.role} onChange={(e) => setDraft({ ...d, role: e.currentTarget.value })} />
          <Group gap="xs" grow>
            <TextInput label={t('proposal.day')} type="date" required value={d.day} onChange={(e) => setDraft({ ...d, day: e.currentTarget.value })} />
            <TextInput label={t('proposal.from')} type="time" step={3600} required value={d.start} onChange={(e) => setDraft({ ...d, start: e.currentTarget.value })} />
            <TextInput label={t('proposal.to')} type="time" step={3600} required value={d.end} onChange={(e) => setDraft({ ...d, end: e.currentTarget.value })} />
          </Group>
          <Violations error={add.error ?? move.error} />
        </>
      )}
    </DraftModal>
  );
}
