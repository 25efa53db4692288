import { CUSTOM_PACK_ID, CUSTOM_PACK_VERSION, customPack, type CustomLimits } from '../packs/custom.pack.js';
import { findPack } from '../packs/catalog.js';
import type { ApplicableRule, RuleMode } from '../packs/pack.types.js';

export interface PackRef {
  packId: string;
  version: number;
}

/** A tenant's compliance settings as the resolver reads them. */
export interface ComplianceConfig {
  packs: readonly PackRef[];
  /** Rule id → mode; a rule not listed is WARN. */
  modes: Readonly<Record<string, RuleMode>>;
  customLimits: CustomLimits;
  /** Outlet id → the packs that replace the tenant's at that outlet. */
  outletPacks: ReadonlyMap<string, readonly PackRef[]>;
}

/** Where a person works and what their contract says, as far as the rules care. */
export interface PersonRuleContext {
  outletId: string | null;
  /** The packs the person's contract names in place of the outlet's and the tenant's; null to inherit. */
  contractPacks: readonly PackRef[] | null;
  youngWorker: boolean;
}

/**
 * The rules that apply to one person at one outlet, with their modes: the contract's packs, else the
 * outlet's, else the tenant's, plus the tenant's own limits; young-worker rules replace the adult ones
 * for a young worker. Rules switched OFF are left out. No packs and no limits: no rules.
 */
export function applicableRules(config: ComplianceConfig, person: PersonRuleContext): ApplicableRule[] {
  const refs = person.contractPacks ?? (person.outletId ? config.outletPacks.get(person.outletId) : undefined) ?? config.packs;
  const packs = refs.map((r) => findPack(r.packId, r.version)).filter((p) => p !== undefined);
  const out: ApplicableRule[] = [];
  for (const pack of [...packs, customPack(config.customLimits)]) {
    for (const rule of pack.rules) {
      if (rule.subject === 'YOUNG_WORKER' && !person.youngWorker) continue;
      if (rule.subject === 'ADULT' && person.youngWorker) continue;
      const mode = config.modes[rule.id] ?? 'WARN';
      if (mode === 'OFF') continue;
      out.push({ packId: pack.id, packVersion: pack.id === CUSTOM_PACK_ID ? CUSTOM_PACK_VERSION : pack.version, mode, rule });
    }
  }
  return out;
}

/** The strictest working-time limits among a person's rules, for planners that must stay inside them; null where no rule limits it. */
export interface SchedulingLimits {
  minRestMinutes: number | null;
  maxShiftMinutes: number | null;
  maxDailyMinutes: number | null;
  maxWeeklyMinutes: number | null;
  maxConsecutiveDays: number | null;
}

export function schedulingLimits(rules: readonly ApplicableRule[]): SchedulingLimits {
  const limits: SchedulingLimits = { minRestMinutes: null, maxShiftMinutes: null, maxDailyMinutes: null, maxWeeklyMinutes: null, maxConsecutiveDays: null };
  const max = (a: number | null, b: number) => (a === null ? b : Math.max(a, b));
  const min = (a: number | null, b: number) => (a === null ? b : Math.min(a, b));
  for (const { rule } of rules) {
    const c = rule.check;
    if (c.kind === 'MIN_DAILY_REST') limits.minRestMinutes = max(limits.minRestMinutes, c.minRestMinutes);
    else if (c.kind === 'MAX_SHIFT_LENGTH') limits.maxShiftMinutes = min(limits.maxShiftMinutes, c.maxMinutes);
    else if (c.kind === 'MAX_DAILY_WORK') limits.maxDailyMinutes = min(limits.maxDailyMinutes, c.maxMinutes);
    else if (c.kind === 'MAX_WEEKLY_WORK') limits.maxWeeklyMinutes = min(limits.maxWeeklyMinutes, c.maxMinutes);
    else if (c.kind === 'MAX_AVERAGE_WEEKLY_WORK') limits.maxWeeklyMinutes = min(limits.maxWeeklyMinutes, c.maxAverageMinutes);
    else if (c.kind === 'MAX_CONSECUTIVE_DAYS') limits.maxConsecutiveDays = min(limits.maxConsecutiveDays, c.maxDays);
  }
  return limits;
}
