import type { RuleDefinition, RulePack } from './pack.types.js';

/** A tenant's own limits, each off while unset; minutes and days as the checks read them. */
export interface CustomLimits {
  maxShiftMinutes: number | null;
  maxConsecutiveDays: number | null;
  minWeeklyMinutes: number | null;
  maxWeeklyMinutes: number | null;
}

export const NO_CUSTOM_LIMITS: CustomLimits = { maxShiftMinutes: null, maxConsecutiveDays: null, minWeeklyMinutes: null, maxWeeklyMinutes: null };

export const CUSTOM_PACK_ID = 'custom';
export const CUSTOM_PACK_VERSION = 1;
const SOURCE = "The tenant's own working-time policy (compliance settings)";

export const CUSTOM_RULE_IDS = {
  maxShiftMinutes: 'custom.max-shift-length',
  maxConsecutiveDays: 'custom.max-consecutive-days',
  minWeeklyMinutes: 'custom.min-weekly-hours',
  maxWeeklyMinutes: 'custom.max-weekly-hours',
} as const;

/** The tenant's limits as a pack, so they are assigned, traced and switched like any other rule. */
export function customPack(limits: CustomLimits): RulePack {
  const rules: RuleDefinition[] = [];
  const base = { source: SOURCE, subject: 'ALL', phases: ['SCHEDULE', 'CLOCK'] } as const;
  if (limits.maxShiftMinutes !== null) {
    rules.push({ ...base, id: CUSTOM_RULE_IDS.maxShiftMinutes, title: 'Maximum shift length', check: { kind: 'MAX_SHIFT_LENGTH', maxMinutes: limits.maxShiftMinutes } });
  }
  if (limits.maxConsecutiveDays !== null) {
    rules.push({ ...base, id: CUSTOM_RULE_IDS.maxConsecutiveDays, title: 'Maximum consecutive working days', check: { kind: 'MAX_CONSECUTIVE_DAYS', maxDays: limits.maxConsecutiveDays } });
  }
  if (limits.minWeeklyMinutes !== null) {
    rules.push({ ...base, id: CUSTOM_RULE_IDS.minWeeklyMinutes, title: 'Minimum hours in a worked week', check: { kind: 'MIN_WEEKLY_WORK', minMinutes: limits.minWeeklyMinutes } });
  }
  if (limits.maxWeeklyMinutes !== null) {
    rules.push({ ...base, id: CUSTOM_RULE_IDS.maxWeeklyMinutes, title: 'Maximum hours a week', check: { kind: 'MAX_WEEKLY_WORK', maxMinutes: limits.maxWeeklyMinutes } });
  }
  return {
    id: CUSTOM_PACK_ID,
    version: CUSTOM_PACK_VERSION,
    name: 'Tenant limits',
    jurisdiction: 'TENANT',
    effectiveFrom: '2026-11-01',
    description: "The tenant's own limits on shift length, consecutive days and weekly hours.",
    rules,
  };
}
