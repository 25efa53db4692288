import type { Tx } from '@wfm/db/transaction';
import { addDays, startOfLocalDay, weekStart } from '../../compliance/engine/local-time.js';
import { ADVANCE_NOTICE_RULE_IDS } from '../../compliance/packs/catalog.js';
import type { ApplicableRule } from '../../compliance/packs/pack.types.js';
import type { ComplianceService } from '../../compliance/rules/compliance.service.js';
import type { PaySetting, PremiumPay } from '../runs/payroll-engine.js';
import { hasPremiumRules, premiumPay, type ClockedRecord, type RecordedNotice } from './premium-pay.js';
import type { PremiumsRepository } from './premiums.repository.js';

/** Every released rule that pays for a late schedule change: payroll pays what compliance recorded under any of them. */

function groupBy<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r]);
  return out;
}

/**
 * The premium pay of a month's run, per person, from the rules compliance says apply to them. A
 * person's rules are those of each outlet they clocked at in the period (the union, each rule
 * once); with no clock record, the tenant's. A tenant with no rule and no recorded schedule
 * change gets no entry for anyone, so its payslips are computed as before.
 */
export class PremiumsService {
  constructor(
    private readonly repo: PremiumsRepository,
    private readonly compliance: ComplianceService,
  ) {}

  async forRun(tx: Tx, tenantId: string, timeZone: string, yearMonth: string, people: ReadonlyArray<PaySetting & { userId: string }>): Promise<Map<string, PremiumPay>> {
    const firstDay = `${yearMonth}-01`;
    const nextMonth = addDays(`${yearMonth}-28`, 7).slice(0, 7) + '-01';
    const out = new Map<string, PremiumPay>();
    const noticeRows = await this.repo.notices(tx, tenantId, ADVANCE_NOTICE_RULE_IDS, firstDay, nextMonth);
    const resolve = await this.compliance.rulesForPeople(tenantId, people.map((p) => p.userId), tx);
    if (!resolve && noticeRows.length === 0) return out;
    // Bands count from the workweek's Monday, which may be in the month before.
    const from = new Date(startOfLocalDay(weekStart(firstDay), timeZone));
    const to = new Date(startOfLocalDay(nextMonth, timeZone));
    const clocked = resolve ? groupBy(await this.repo.clocked(tx, tenantId, from, to)) : new Map<string, Array<ClockedRecord & { outletId: string | null }>>();
    const recordedIds = new Map<string, Map<string, string>>();
    for (const r of await this.repo.clockViolationIds(tx, tenantId, addDays(weekStart(firstDay), -1), nextMonth)) {
      recordedIds.set(r.userId, (recordedIds.get(r.userId) ?? new Map<string, string>()).set(r.violationKey, r.id));
    }
    const notices = groupBy(noticeRows);
    for (const person of people) {
      const records = clocked.get(person.userId) ?? [];
      const rules = resolve ? this.rulesOf(resolve, person.userId, records) : [];
      // A recorded reduction (a shift cancelled, given away or cut inside the notice period) names its change and pays the tier's reduced-hours premium.
      const theirNotices: RecordedNotice[] = (notices.get(person.userId) ?? []).map(({ terms, ...n }) => ({ ...n, premiumMinor: Number(terms['change'] === undefined ? terms['addedOrMovedMinor'] : terms['reducedMinor']), currency: String(terms['currency']) }));
      if (!hasPremiumRules(rules) && theirNotices.length === 0) continue;
      out.set(person.userId, premiumPay({ setting: person, yearMonth, timeZone, rules, records, notices: theirNotices, recordedIds: recordedIds.get(person.userId) }));
    }
    return out;
  }

  private rulesOf(resolve: (userId: string, outletId: string | null) => ApplicableRule[], userId: string, records: ReadonlyArray<{ outletId: string | null }>): ApplicableRule[] {
    const outlets = records.length === 0 ? [null] : [...new Set(records.map((r) => r.outletId))];
    const byId = new Map<string, ApplicableRule>();
    for (const o of outlets) for (const r of resolve(userId, o)) if (!byId.has(r.rule.id)) byId.set(r.rule.id, r);
    return [...byId.values()];
  }
}
