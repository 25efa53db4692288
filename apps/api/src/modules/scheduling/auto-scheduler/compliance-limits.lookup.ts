import type { ComplianceService } from '../../compliance/rules/compliance.service.js';
import type { ApplicableRule } from '../../compliance/packs/pack.types.js';
import type { PersonLimits, RuleLimitsLookup } from './scheduler.ports.js';
import type { Limit } from './solver.js';

type Tightened = 'minRestHours' | 'maxWeeklyHours' | 'maxConsecutiveDays';

/** What a rule says about the solver's limits: which one, its value in the solver's unit, and whether a larger value is the stricter. */
function limitOf(rule: ApplicableRule['rule']): { field: Tightened; value: number; larger: boolean } | null {
  const c = rule.check;
  if (c.kind === 'MIN_DAILY_REST') return { field: 'minRestHours', value: c.minRestMinutes / 60, larger: true };
  if (c.kind === 'MAX_WEEKLY_WORK') return { field: 'maxWeeklyHours', value: c.maxMinutes / 60, larger: false };
  if (c.kind === 'MAX_AVERAGE_WEEKLY_WORK') return { field: 'maxWeeklyHours', value: c.maxAverageMinutes / 60, larger: false };
  if (c.kind === 'MAX_CONSECUTIVE_DAYS') return { field: 'maxConsecutiveDays', value: c.maxDays, larger: false };
  return null;
}

/**
 * The solver's limits from the working-time rules each person follows (their contract's packs, else
 * the tenant's, and the tenant's own limits: `ComplianceService.rulesForPeople`), over the contract's
 * hours and documented defaults (`ContractLimitsLookup`). A rule replaces a default; among rules the
 * stricter value wins, and at the same value BLOCK wins. A rule on shift length is left to the check
 * every assigning path runs, which acceptance asks too: the solver's shift lengths bound the
 * shifts it builds and every edit alike, with no mode to warn by, so a WARN rule there would
 * refuse what the tenant only wants flagged. A proposal never writes what a BLOCK rule refuses.
 */
export class ComplianceLimitsLookup implements RuleLimitsLookup {
  constructor(
    private readonly compliance: ComplianceService,
    private readonly contracts: RuleLimitsLookup,
  ) {}

  async forPeople(tenantId: string, userIds: readonly string[], weekStart: Date): Promise<Map<string, PersonLimits>> {
    const limits = await this.contracts.forPeople(tenantId, userIds, weekStart);
    const rulesOf = await this.compliance.rulesForPeople(tenantId, userIds);
    if (!rulesOf) return limits;
    for (const userId of userIds) {
      const person = limits.get(userId)!;
      const fromRule = new Set<Tightened>();
      // The person's own packs and the tenant's: an outlet's own packs are the assignment check's, at the outlet a shift is at.
      for (const { rule, mode, packId, packVersion } of rulesOf(userId, null)) {
        const limit = limitOf(rule);
        if (!limit) continue;
        const next: Limit = { value: limit.value, mode, source: `${rule.title} (${packId} v${packVersion}; ${rule.source})` };
        const current = person[limit.field];
        const stricter = limit.larger ? next.value > current.value : next.value < current.value;
        if (!fromRule.has(limit.field) || stricter) person[limit.field] = next;
        else if (next.value === current.value && mode === 'BLOCK') person[limit.field] = { ...current, mode: 'BLOCK' };
        fromRule.add(limit.field);
      }
    }
    return limits;
  }
}
