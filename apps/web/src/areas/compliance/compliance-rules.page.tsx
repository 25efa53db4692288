import { Button, Checkbox, Group, NativeSelect, NumberInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { RowsTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { useComplianceSettings, usePacks, useSaveComplianceSettings, type ComplianceSettings, type Pack, type RuleMode } from './compliance.queries';
import { ContractSettingsSection } from './contract-settings.section';
import { OutletPacksSection } from './outlet-packs.section';

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

/** `title` is a key of the compliance namespace. */
const CUSTOM_RULES: Array<{ id: string; title: string; field: keyof Limits }> = [
  { id: 'custom.max-shift-length', title: 'rules.custom.maxShiftLength', field: 'maxShiftMinutes' },
  { id: 'custom.max-consecutive-days', title: 'rules.custom.maxConsecutiveDays', field: 'maxConsecutiveDays' },
  { id: 'custom.min-weekly-hours', title: 'rules.custom.minWeeklyHours', field: 'minWeeklyMinutes' },
  { id: 'custom.max-weekly-hours', title: 'rules.custom.maxWeeklyHours', field: 'maxWeeklyMinutes' },
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
  const { t } = useTranslation('compliance');
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
      <Page title={t('rules.title')}>
        <ErrorNotice error={packs.error ?? settings.error} />
      </Page>
    );
  }
  const chosen = offered.filter((p) => draft.packs.has(p.id));
  // Rules of packs that outlets or contracts follow have modes too, set here for the whole company.
  const elsewhere = new Set([...settings.data.outlets.flatMap((o) => o.packs), ...settings.data.contracts.flatMap((c) => c.packs ?? [])].map((r) => `${r.packId}@${r.version}`));
  const shown = [...chosen, ...(packs.data ?? []).filter((p) => elsewhere.has(`${p.id}@${p.version}`) && !chosen.includes(p))];
  const limitSet: Record<string, boolean> = {
    'custom.max-shift-length': draft.maxShiftHours !== '',
    'custom.max-consecutive-days': draft.maxConsecutiveDays !== '',
    'custom.min-weekly-hours': draft.minWeeklyHours !== '',
    'custom.max-weekly-hours': draft.maxWeeklyHours !== '',
  };
  const rules = [
    ...shown.flatMap((p) => p.rules.map((r) => ({ id: r.id, title: r.title, source: r.source, pack: t('rules.packVersion', { name: p.name, version: p.version }) }))),
    ...CUSTOM_RULES.filter((r) => limitSet[r.id]).map((r) => ({ id: r.id, title: t(r.title), source: t('rules.ownLimit'), pack: t('rules.companyLimits') })),
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
      { onSuccess: () => notifications.show({ color: 'green', message: t('rules.saved') }) },
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
    <Page title={t('rules.title')} actions={admin ? <Button onClick={submit} loading={save.isPending}>{t('rules.save')}</Button> : null}>
      <ErrorNotice error={save.error} />
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('rules.packs')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('rules.packsHelp')}
        </Text>
        {offered.map((p) => (
          <Checkbox
            key={p.id}
            label={t('rules.packOption', { name: p.name, version: p.version })}
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
          {t('rules.companyLimits')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 4 }}>
          {number(t('rules.longestShift'), 'maxShiftHours', 24)}
          {number(t('rules.mostDaysInRow'), 'maxConsecutiveDays', 31)}
          {number(t('rules.fewestWeeklyHours'), 'minWeeklyHours', 168)}
          {number(t('rules.mostWeeklyHours'), 'maxWeeklyHours', 168)}
        </SimpleGrid>
      </Stack>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('rules.rulesAndModes')}
        </Title>
        {rules.length === 0 ? (
          <Text c="dimmed">{t('rules.noRule')}</Text>
        ) : (
          <RowsTable
            rows={rules}
            minWidth={720}
            columns={[
              { header: t('rules.rule'), cell: (r) => <Text size="sm">{r.title}</Text> },
              { header: t('rules.pack'), cell: (r) => r.pack },
              { header: t('rules.source'), cell: (r) => <Text size="xs">{r.source}</Text> },
              {
                header: t('rules.mode'),
                cell: (r) => (
                  <NativeSelect
                    aria-label={t('rules.modeOf', { id: r.id })}
                    data={MODES.map((m) => ({ value: m, label: t(`modes.${m}`) }))}
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
      <OutletPacksSection settings={settings.data} offered={offered} admin={admin} />
      {admin ? <ContractSettingsSection settings={settings.data} offered={offered} /> : null}
      {admin ? (
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDraft(draftOf(settings.data))}>
            {t('rules.undo')}
          </Button>
        </Group>
      ) : null}
    </Page>
  );
}
