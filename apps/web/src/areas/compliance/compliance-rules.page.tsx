import { Button, Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { mayCall, useMe } from '../../auth/me';
import { RowsTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { useComplianceSettings, usePacks, useSaveComplianceSettings, type ComplianceSettings, type Pack, type RuleMode } from './compliance.queries';

const MODES: RuleMode[] = ['OFF', 'WARN', 'BLOCK'];

type Limits = ComplianceSettings['customLimits'];
/** The tenant's limits as the page edits them: hours (and days), blank for none. */
interface Draft {
  packs: Set<string>;
  modes: Record<string, RuleMode>;
  maxShiftHours: number | '';
  maxConsecutiveDays: number | '';
  minWeeklyHours: number | '';
  maxWeeklyHours: number | '';
}

const CUSTOM_RULES: Array<{ id: string; title: string; field: keyof Limits }> = [
  { id: 'custom.max-shift-length', title: 'Maximum shift length', field: 'maxShiftMinutes' },
  { id: 'custom.max-consecutive-days', title: 'Maximum consecutive working days', field: 'maxConsecutiveDays' },
  { id: 'custom.min-weekly-hours', title: 'Minimum hours in a worked week', field: 'minWeeklyMinutes' },
  { id: 'custom.max-weekly-hours', title: 'Maximum hours a week', field: 'maxWeeklyMinutes' },
];

const hours = (minutes: number | null): number | '' => (minutes === null ? '' : minutes / 60);
const minutes = (h: number | ''): number | null => (h === '' ? null : Math.round(h * 60));

function draftOf(s: ComplianceSettings): Draft {
  return {
    packs: new Set(s.packs.map((p) => p.packId)),
    modes: { ...s.modes },
    maxShiftHours: hours(s.customLimits.maxShiftMinutes),
    maxConsecutiveDays: s.customLimits.maxConsecutiveDays ?? '',
    minWeeklyHours: hours(s.customLimits.minWeeklyMinutes),
    maxWeeklyHours: hours(s.customLimits.maxWeeklyMinutes),
  };
}

/** The newest version of each pack, the one a tenant is offered. */
function latest(packs: readonly Pack[]): Pack[] {
  const byId = new Map<string, Pack>();
  for (const p of packs) if ((byId.get(p.id)?.version ?? 0) < p.version) byId.set(p.id, p);
  return [...byId.values()];
}

/**
 * Which working-time rule packs the company follows, how strictly each rule applies (off, a warning,
 * or a refusal of the assignment), and the company's own limits. HR roles edit; managers read.
 */
export function ComplianceRulesPage() {
  const me = useMe();
  const admin = mayCall(me.data, 'putComplianceSettings');
  const packs = usePacks();
  const settings = useComplianceSettings();
  const save = useSaveComplianceSettings();
  const [draft, setDraft] = useState<Draft | null>(null);
  useEffect(() => {
    if (settings.data) setDraft(draftOf(settings.data));
  }, [settings.data]);
  const offered = latest(packs.data ?? []);
  if (!draft || !settings.data) {
    return (
      <Page title="Working-time rules">
        <ErrorNotice error={packs.error ?? settings.error} />
      </Page>
    );
  }
  const chosen = offered.filter((p) => draft.packs.has(p.id));
  const limitSet: Record<string, boolean> = {
    'custom.max-shift-length': draft.maxShiftHours !== '',
    'custom.max-consecutive-days': draft.maxConsecutiveDays !== '',
    'custom.min-weekly-hours': draft.minWeeklyHours !== '',
    'custom.max-weekly-hours': draft.maxWeeklyHours !== '',
  };
  const rules = [
    ...chosen.flatMap((p) => p.rules.map((r) => ({ id: r.id, title: r.title, source: r.source, pack: `${p.name} v${p.version}` }))),
    ...CUSTOM_RULES.filter((r) => limitSet[r.id]).map((r) => ({ id: r.id, title: r.title, source: "The company's own limit", pack: 'Company limits' })),
  ];
  const modeOf = (id: string): RuleMode => draft.modes[id] ?? 'WARN';
  const submit = () => {
    const keep = new Set(rules.map((r) => r.id));
    save.mutate(
      {
        packs: chosen.map((p) => ({ packId: p.id, version: p.version })),
        modes: Object.fromEntries(Object.entries(draft.modes).filter(([id, mode]) => keep.has(id) && mode !== 'WARN')),
        customLimits: {
          maxShiftMinutes: minutes(draft.maxShiftHours),
          maxConsecutiveDays: draft.maxConsecutiveDays === '' ? null : draft.maxConsecutiveDays,
          minWeeklyMinutes: minutes(draft.minWeeklyHours),
          maxWeeklyMinutes: minutes(draft.maxWeeklyHours),
        },
      },
      { onSuccess: () => notifications.show({ color: 'green', message: 'Working-time rules saved.' }) },
    );
  };
  const number = (label: string, key: 'maxShiftHours' | 'maxConsecutiveDays' | 'minWeeklyHours' | 'maxWeeklyHours', max: number) => (
    <NumberInput
      label={label}
      value={draft[key]}
      min={1}
      max={max}
      disabled={!admin}
      onChange={(v) => setDraft({ ...draft, [key]: typeof v === 'number' ? v : '' })}
    />
  );
  return (
    <Page title="Working-time rules" actions={admin ? <Button onClick={submit} loading={save.isPending}>Save rules</Button> : null}>
      <ErrorNotice error={save.error} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          Rule packs
        </Title>
        <Text size="sm" c="dimmed">
          Without a pack or a limit, nothing is checked. A new rule warns; set it to block to refuse assignments that break it.
        </Text>
        {offered.map((p) => (
          <Checkbox
            key={p.id}
            label={`${p.name} (v${p.version})`}
            description={p.description}
            checked={draft.packs.has(p.id)}
            disabled={!admin}
            onChange={(e) => {
              const next = new Set(draft.packs);
              if (e.currentTarget.checked) next.add(p.id);
              else next.delete(p.id);
              setDraft({ ...draft, packs: next });
            }}
          />
        ))}
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Company limits
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          {number('Longest shift (hours)', 'maxShiftHours', 24)}
          {number('Most days in a row', 'maxConsecutiveDays', 31)}
          {number('Fewest hours in a worked week', 'minWeeklyHours', 168)}
          {number('Most hours a week', 'maxWeeklyHours', 168)}
        </SimpleGrid>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          Rules and modes
        </Title>
        {rules.length === 0 ? (
          <Text c="dimmed">No rule applies: choose a pack or set a limit.</Text>
        ) : (
          <RowsTable
            rows={rules}
            minWidth={720}
            columns={[
              { header: 'Rule', cell: (r) => <Text size="sm">{r.title}</Text> },
              { header: 'Pack', cell: (r) => r.pack },
              { header: 'Source', cell: (r) => <Text size="xs">{r.source}</Text> },
              {
                header: 'Mode',
                cell: (r) => (
                  <NativeSelect
                    aria-label={`Mode of ${r.id}`}
                    data={MODES}
                    value={modeOf(r.id)}
                    disabled={!admin}
                    onChange={(e) => setDraft({ ...draft, modes: { ...draft.modes, [r.id]: e.currentTarget.value as RuleMode } })}
                  />
                ),
              },
            ]}
          />
        )}
      </Stack>
      {admin ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDraft(draftOf(settings.data))}>
            Undo changes
          </Button>
        </Group>
      ) : null}
    </Page>
  );
}
