import { bounded, type ReportCaller, type ReportFilters, type ReportScopes } from '../shared/report-scope.js';
import type { ReportResult } from '../shared/report.routes.js';
import { minutesOf, STANDARD_DAY_MINUTES, workedDays } from '../shared/worked-time.js';
import type { ReportsRepository } from '../shared/reports.repository.js';
import type { TimesheetRow } from './timesheets.schemas.js';

/**
 * A person's local day: minutes scheduled (shifts on the roster, by the local day of their start),
 * minutes clocked (closed clock records not rejected), breaks and overtime as `workedDays` counts
 * them, and the clock records still open.
 */
export class TimesheetsReport {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly scopes: ReportScopes,
  ) {}

  async run(caller: ReportCaller, filters: ReportFilters): Promise<ReportResult<TimesheetRow>> {
    const w = await this.scopes.window(caller, filters);
    const [records, shifts] = await Promise.all([this.repo.clockRecords(w), this.repo.shifts(w)]);
    const pay = await this.repo.payRules(w.tenantId, [...new Set(records.map((r) => r.userId))]);
    const rows = new Map<string, TimesheetRow>();
    const rowOf = (userId: string, userName: string, date: string) => {
      const key = `${userId}|${date}`;
      let row = rows.get(key);
      if (!row) {
        row = { date, userId, userName, scheduledMinutes: 0, clockedMinutes: 0, breakMinutes: 0, overtimeMinutes: 0, openClockIns: 0 };
        rows.set(key, row);
      }
      return row;
    };
    for (const s of shifts) rowOf(s.userId, s.userName, s.day).scheduledMinutes += minutesOf(s.scheduledStart, s.scheduledEnd);
    for (const r of records) if (r.inScope && r.clockOutAt === null) rowOf(r.userId, r.userName, r.day).openClockIns += 1;
    for (const d of workedDays(records, (userId) => pay.get(userId)?.overtimeDailyMinutes ?? STANDARD_DAY_MINUTES)) {
      const shown = d.pieces.filter((p) => p.record.inScope);
      if (!shown.length) continue;
      const row = rowOf(d.userId, d.userName, d.day);
      row.clockedMinutes = shown.reduce((sum, p) => sum + p.minutes, 0);
      row.overtimeMinutes = shown.reduce((sum, p) => sum + p.overtime, 0);
      row.breakMinutes = d.breakMinutes;
    }
    const sorted = [...rows.values()].sort((a, b) => a.date.localeCompare(b.date) || a.userName.localeCompare(b.userName) || a.userId.localeCompare(b.userId));
    return { from: w.from, to: w.to, timezone: w.timezone, rows: bounded(sorted) };
  }
}
