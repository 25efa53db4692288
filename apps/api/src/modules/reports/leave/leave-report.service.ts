import { addDays } from '../../compliance/engine/local-time.js';
import { localDate } from '../../payroll/runs/payroll-engine.js';
import { bounded, type ReportCaller, type ReportFilters, type ReportScopes } from '../shared/report-scope.js';
import type { ReportResult } from '../shared/report.routes.js';
import type { ApprovedLeave, LeaveReportRepository } from './leave-report.repository.js';
import type { LeaveReportRow } from './leave-report.schemas.js';

/** Days of an approved leave on the local days [from, to] (the company's zone): 1 a calendar day, 0.5 for a half day. */
export function daysTakenIn(leave: ApprovedLeave, from: string, to: string, timeZone: string): number {
  const first = localDate(leave.startDate, timeZone);
  if (leave.halfDay) return first >= from && first <= to ? 0.5 : 0;
  const last = localDate(leave.endDate, timeZone);
  let n = 0;
  for (let d = first < from ? from : first; d <= last && d <= to; d = addDays(d, 1)) n++;
  return n;
}

/**
 * Approved leave taken per person and leave type in the period, in calendar days as requests count
 * them, and for annual leave the ledger balance at the end of the period (for people whose contract
 * has an accrual policy; a person with a policy and no leave taken still has a row).
 */
export class LeaveReport {
  constructor(
    private readonly repo: LeaveReportRepository,
    private readonly scopes: ReportScopes,
  ) {}

  async run(caller: ReportCaller, filters: ReportFilters): Promise<ReportResult<LeaveReportRow>> {
    const w = await this.scopes.window(caller, filters);
    const [approved, balances] = await Promise.all([this.repo.approved(w), this.repo.balances(w)]);
    const rows = new Map<string, LeaveReportRow>();
    const rowOf = (userId: string, userName: string, leaveType: LeaveReportRow['leaveType']) => {
      const key = `${userId}|${leaveType}`;
      let row = rows.get(key);
      if (!row) {
        row = { userId, userName, leaveType, takenDays: 0, balance: null, balanceUnit: null };
        rows.set(key, row);
      }
      return row;
    };
    for (const leave of approved) rowOf(leave.userId, leave.userName, leave.leaveType).takenDays += daysTakenIn(leave, w.from, w.to, w.timezone);
    for (const b of balances) Object.assign(rowOf(b.userId, b.userName, 'ANNUAL'), { balance: b.balance, balanceUnit: b.unit });
    const sorted = [...rows.values()].filter((r) => r.takenDays > 0 || r.balance !== null);
    sorted.sort((a, b) => a.userName.localeCompare(b.userName) || a.userId.localeCompare(b.userId) || a.leaveType.localeCompare(b.leaveType));
    return { from: w.from, to: w.to, timezone: w.timezone, rows: bounded(sorted) };
  }
}
