import { Badge, Button, Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { mayCall, useMe } from '../../auth/me';
import { usePeople } from '../../api/shared.queries';
import { DataTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';
import { formatDay } from '../../ui/format';
import { Page } from '../../ui/page';
import { localToday } from '../../ui/shift-time';
import { useOverrideViolation, useViolations, type Violation } from './compliance.queries';

/** The Monday of the week `day` (YYYY-MM-DD) falls in. */
function mondayOf(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The breaches of working-time rules recorded in a week, for everyone or one person: the rule, why it
 * fired (the trace's sentence, with the legal source), and who accepted it and why.
 */
export function ComplianceViolationsPage() {
  const me = useMe();
  const mayOverride = mayCall(me.data, 'postComplianceViolationsByIdOverride');
  const people = usePeople();
  const [week, setWeek] = useState(() => mondayOf(localToday()));
  const [userId, setUserId] = useState<string | null>(null);
  const violations = useViolations({ from: week, to: plusDays(week, 6), ...(userId ? { userId } : {}) });
  const override = useOverrideViolation();
  const [overriding, setOverriding] = useState<{ violation: Violation; reason: string } | null>(null);
  const close = () => {
    override.reset();
    setOverriding(null);
  };
  const nameOf = (id: string) => people.data?.get(id)?.fullName ?? id.slice(0, 8);
  return (
    <Page title="Rule violations">
      <Group align="flex-end" wrap="wrap">
        <TextInput label="Week starting" type="date" value={week} onChange={(e) => e.currentTarget.value && setWeek(mondayOf(e.currentTarget.value))} w={180} />
        <Button variant="default" onClick={() => setWeek(plusDays(week, -7))}>
          Previous week
        </Button>
        <Button variant="default" onClick={() => setWeek(plusDays(week, 7))}>
          Next week
        </Button>
        <Select
          label="Person"
          placeholder="Everyone"
          clearable
          searchable
          data={[...(people.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }))}
          value={userId}
          onChange={setUserId}
          w={220}
        />
      </Group>
      <DataTable
        query={violations}
        loadingLabel="Loading violations"
        empty="No rule was broken this week."
        minWidth={860}
        columns={[
          { header: 'Day', cell: (v) => formatDay(v.date) },
          { header: 'Person', cell: (v) => nameOf(v.userId) },
          {
            header: 'Rule',
            cell: (v) => (
              <>
                <Text size="sm">{v.trace.title}</Text>
                <Text size="xs" c="dimmed">
                  {v.packId} v{v.packVersion} · {v.phase === 'CLOCK' ? 'clock records' : 'schedule'}
                </Text>
              </>
            ),
          },
          {
            header: 'Status',
            cell: (v) => (
              <Group gap={4}>
                <Badge color={v.mode === 'BLOCK' ? 'red' : 'yellow'} variant="light">
                  {v.mode === 'BLOCK' ? 'Blocks' : 'Warns'}
                </Badge>
                {v.status === 'OVERRIDDEN' ? <Badge variant="outline">Overridden</Badge> : null}
                {v.status === 'WITHDRAWN' ? <Badge variant="outline" color="gray">Withdrawn: the shift changed</Badge> : null}
              </Group>
            ),
          },
          {
            header: 'Why',
            cell: (v) => (
              <>
                <Text size="sm">{v.sentence}</Text>
                <Text size="xs" c="dimmed">
                  {v.trace.source}
                </Text>
                {v.overrideReason ? (
                  <Text size="xs">
                    Overridden by {v.overriddenByUserId ? nameOf(v.overriddenByUserId) : 'someone since removed'}: {v.overrideReason}
                  </Text>
                ) : null}
              </>
            ),
          },
          mayOverride && {
            cell: (v) =>
              v.status === 'OPEN' ? (
                <Button size="compact-sm" variant="subtle" aria-label={`Override ${v.trace.title} for ${nameOf(v.userId)} on ${v.date}`} onClick={() => setOverriding({ violation: v, reason: '' })}>
                  Override
                </Button>
              ) : null,
          },
        ]}
      />
      <DraftModal
        draft={overriding}
        onClose={close}
        title="Override a violation"
        error={override.error}
        submit={(d) => (
          <Button loading={override.isPending} disabled={d.reason.trim().length < 3} onClick={() => override.mutate({ id: d.violation.id, reason: d.reason.trim() }, { onSuccess: close })}>
            Override
          </Button>
        )}
      >
        {(d) => (
          <>
            <Text size="sm">{d.violation.sentence}</Text>
            <Textarea label="Reason" description="Recorded with your name and the time, e.g. the worker's written consent" required value={d.reason} onChange={(e) => setOverriding({ ...d, reason: e.currentTarget.value })} />
          </>
        )}
      </DraftModal>
    </Page>
  );
}
