import { weekStart } from '../../compliance/engine/local-time.js';
import { mulDivRound } from '../../payroll/runs/payroll-engine.js';
import { bounded, type ReportCaller, type ReportFilters, type ReportScopes } from '../shared/report-scope.js';
import type { ReportResult } from '../shared/report.routes.js';
import { STANDARD_DAY_MINUTES, workedDays } from '../shared/worked-time.js';
import type { PayRule, ReportsRepository } from '../shared/reports.repository.js';
import type { LabourCostRow } from './labour-cost.schemas.js';

/** Payroll's hourly equivalent of a monthly salary: 52 weeks of 40 hours (`computePayslip`). */
const SALARIED_HOURS_PER_YEAR = 2080;

/**
 * What the minutes cost at the person's pay setting, as payroll pays them: regular minutes at the
 * rate, overtime at the rate times the overtime percentage, each rounded once, half up. A monthly
 * salary is costed at its hourly equivalent (12 months over 2080 hours), so a salaried person's
 * hours at an outlet carry their share of the salary; payroll pays the salary whatever the hours.
 */
export function costOf(pay: PayRule, regular: number, overtime: number): number {
  if (pay.type === 'HOURLY') return mulDivRound([pay.rateMinor, regular], 60) + mulDivRound([pay.rateMinor, overtime, pay.overtimeMultiplierPct], 6000);
  const perYear = SALARIED_HOURS_PER_YEAR * 60;
  return mulDivRound([pay.rateMinor, 12, regular], perYear) + mulDivRound([pay.rateMinor, 12, overtime, pay.overtimeMultiplierPct], perYear * 100);
}

/** Clocked minutes, overtime and their cost per person, outlet and ISO week (Monday of the local day). */
export class LabourCostReport {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly scopes: ReportScopes,
  ) {}

  async run(caller: ReportCaller, filters: ReportFilters): Promise<ReportResult<LabourCostRow>> {
    const w = await this.scopes.window(caller, filters);
    const records = await this.repo.clockRecords(w);
    const pay = await this.repo.payRules(w.tenantId, [...new Set(records.map((r) => r.userId))]);
    const rows = new Map<string, LabourCostRow & { regular: number }>();
    for (const day of workedDays(records, (userId) => pay.get(userId)?.overtimeDailyMinutes ?? STANDARD_DAY_MINUTES)) {
      const week = weekStart(day.day);
      for (const piece of day.pieces) {
        if (!piece.record.inScope) continue;
        const { outletId, outletName } = piece.record;
        const key = `${day.userId}|${outletId}|${week}`;
        let row = rows.get(key);
        if (!row) {
          const rule = pay.get(day.userId);
          row = { weekStart: week, userId: day.userId, userName: day.userName, outletId, outletName, clockedMinutes: 0, overtimeMinutes: 0, payType: rule?.type ?? null, currency: rule?.currency ?? null, costMinor: null, regular: 0 };
          rows.set(key, row);
        }
        row.clockedMinutes += piece.minutes;
        row.overtimeMinutes += piece.overtime;
        row.regular += piece.regular;
      }
    }
    const out = [...rows.values()].map(({ regular, ...row }) => {
      const rule = pay.get(row.userId);
      return { ...row, costMinor: rule ? costOf(rule, regular, row.overtimeMinutes) : null };
    });
    out.sort((a, b) => a.weekStart.localeCompare(b.weekStart) || a.outletName.localeCompare(b.outletName) || a.userName.localeCompare(b.userName) || a.userId.localeCompare(b.userId));
    return { from: w.from, to: w.to, timezone: w.timezone, rows: bounded(out) };
  }
}
