import type { DataSource } from '@wfm/db/data-source';
import type { HalfDay, LeaveType } from '@wfm/db/entities/leave.entity';
import type { LeaveUnit } from '@wfm/db/entities/leave-accrual.entity';
import { many } from '@wfm/db/sql';
import { assignedToAnySql } from '../../organization/user-outlets/user-outlets.repository.js';
import type { ReportWindow } from '../shared/report-scope.js';

export interface ApprovedLeave {
  userId: string;
  userName: string;
  leaveType: LeaveType;
  startDate: Date;
  endDate: Date;
  halfDay: HalfDay | null;
}

export interface LeaveBalance {
  userId: string;
  userName: string;
  unit: LeaveUnit;
  balance: number;
}

/** People filters on `userColumn`: the window's person, and the people assigned to its outlets. */
function peopleFilters(w: ReportWindow, params: unknown[], userColumn: string, tenantColumn: string): string[] {
  const where: string[] = [];
  if (w.outletIds !== null) where.push(assignedToAnySql(userColumn, tenantColumn, `$${params.push(w.outletIds)}::uuid[]`));
  if (w.userId !== null) where.push(`${userColumn} = $${params.push(w.userId)}`);
  return where;
}

export class LeaveReportRepository {
  constructor(private readonly ds: DataSource) {}

  /** APPROVED leave touching a local day of [from, to] in the company's zone ($4). */
  approved(w: ReportWindow): Promise<ApprovedLeave[]> {
    const params: unknown[] = [w.tenantId, w.from, w.to, w.timezone];
    const where = [
      'r.tenant_id = $1',
      `r.status = 'APPROVED'`,
      'r.start_date < (($3::date + 1)::timestamp AT TIME ZONE $4)',
      'r.end_date >= ($2::date::timestamp AT TIME ZONE $4)',
      ...peopleFilters(w, params, 'r.user_id', 'r.tenant_id'),
    ];
    return many(
      this.ds,
      `SELECT r.user_id AS "userId", u.full_name AS "userName", r.leave_type AS "leaveType", r.start_date AS "startDate", r.end_date AS "endDate", r.half_day AS "halfDay"
         FROM leave_requests r JOIN users u ON u.tenant_id = r.tenant_id AND u.id = r.user_id
        WHERE ${where.join(' AND ')}`,
      params,
    );
  }

  /** The ledger balance at the end of `to` of everyone with an accrual policy on an ACTIVE contract. */
  balances(w: ReportWindow): Promise<LeaveBalance[]> {
    const params: unknown[] = [w.tenantId, w.to];
    const where = ['p.tenant_id = $1', ...peopleFilters(w, params, 'p.user_id', 'p.tenant_id')];
    return many(
      this.ds,
      `SELECT p.user_id AS "userId", u.full_name AS "userName", p.unit,
              COALESCE((SELECT sum(e.amount) FROM leave_ledger_entries e
                         WHERE e.tenant_id = p.tenant_id AND e.user_id = p.user_id AND e.unit = p.unit AND e.effective_on <= $2::date), 0)::float8 AS balance
         FROM leave_accrual_policies p
         JOIN hr_contracts c ON c.id = p.contract_id AND c.status = 'ACTIVE'
         JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id
        WHERE ${where.join(' AND ')}`,
      params,
    );
  }
}
