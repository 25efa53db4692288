import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { LeaveApproverRole, LeaveRequestApprovalEntity, LeaveRequestEntity, LeaveStatus, LeaveType } from '@wfm/db/entities/leave.entity';
import type { PageRequest } from '@wfm/core/pagination';
import { assignments, exec, keysetPage, live, many, one, onConstraint, type Columns, type Keyed, type KeysetPosition, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { assignedToAnySql } from '../../organization/user-outlets/user-outlets.repository.js';

/** daysDecimal as REQUEST_COLUMNS casts it. */
export type LeaveRequest = Omit<Row<LeaveRequestEntity>, 'daysDecimal'> & { daysDecimal: number };
export type LeaveApproval = Row<LeaveRequestApprovalEntity>;
export type LeaveRequestChanges = Partial<Pick<LeaveRequestEntity, 'status' | 'currentStep' | 'decidedAt'>>;

export interface LeaveListFilter {
  /** Set for callers who may see only one person's requests. */
  onlyUserId?: string;
  /** An outlet scope: requests of the people of these outlets, and this person's own. */
  visible?: { outletIds: string[]; userId: string };
  status?: LeaveStatus;
  type?: LeaveType;
  userId?: string;
  from?: Date;
  to?: Date;
}

export interface ApprovedLeave {
  id: string;
  userId: string;
  leaveType: LeaveType;
  start: Date;
  end: Date;
}

export const LEAVE_OVERLAP = 'The dates overlap another pending or approved leave request of this person';

/** days_decimal is numeric(5,1), which the driver reads as a string; as float8 it arrives as the number the DTO needs. */
const REQUEST_COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", leave_type AS "leaveType", start_date AS "startDate", end_date AS "endDate",
  half_day AS "halfDay", days, days_decimal::float8 AS "daysDecimal", reason, status, current_step AS "currentStep",
  created_by_user_id AS "createdByUserId", created_by_credential_id AS "createdByCredentialId", decided_at AS "decidedAt",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<LeaveRequestChanges & { updatedAt: Date }> = {
  status: 'status',
  currentStep: 'current_step',
  decidedAt: 'decided_at',
  updatedAt: 'updated_at',
};

/** The conditions of a filter, the tenant being $1. */
function filterSql(f: LeaveListFilter, params: unknown[]): string[] {
  const where = ['l.tenant_id = $1'];
  if (f.onlyUserId !== undefined) where.push(`l.user_id = $${params.push(f.onlyUserId)}`);
  if (f.userId !== undefined) where.push(`l.user_id = $${params.push(f.userId)}`);
  if (f.visible !== undefined) {
    where.push(`(l.user_id = $${params.push(f.visible.userId)} OR ${assignedToAnySql('l.user_id', 'l.tenant_id', `$${params.push(f.visible.outletIds)}::uuid[]`)})`);
  }
  if (f.status !== undefined) where.push(`l.status = $${params.push(f.status)}`);
  if (f.type !== undefined) where.push(`l.leave_type = $${params.push(f.type)}`);
  // Overlap with [from, to]: the leave ends at or after `from` and starts at or before `to`.
  if (f.from !== undefined) where.push(`l.end_date >= $${params.push(f.from)}`);
  if (f.to !== undefined) where.push(`l.start_date <= $${params.push(f.to)}`);
  return where;
}

export class LeaveRepository {
  constructor(private readonly ds: DataSource) {}

  async tenantTimezone(tx: Tx, tenantId: string): Promise<string> {
    return (await one<{ timezone: string }>(tx, `SELECT timezone FROM tenants WHERE id = $1`, [tenantId]))!.timezone;
  }

  async liveUserExists(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
    return (await one(tx, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId])) !== null;
  }

  /** The exclusion constraint of the migration, so concurrent overlapping submissions still answer 409. */
  async insert(tx: Tx, row: LeaveRequest): Promise<void> {
    await exec(
      tx,
      `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, half_day, days, days_decimal, reason, status,
         current_step, created_by_user_id, created_by_credential_id, decided_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)`,
      [
        row.id,
        row.tenantId,
        row.userId,
        row.leaveType,
        row.startDate,
        row.endDate,
        row.halfDay,
        row.days,
        row.daysDecimal,
        row.reason,
        row.status,
        row.currentStep,
        row.createdByUserId,
        row.createdByCredentialId,
        row.decidedAt,
        row.createdAt,
        row.updatedAt,
      ],
    ).catch((err) => onConstraint(err, { leave_requests_no_overlap: () => new ConflictError(LEAVE_OVERLAP, 'LEAVE_OVERLAP') }));
  }

  find(tenantId: string, id: string): Promise<LeaveRequest | null> {
    return one(this.ds, `SELECT ${REQUEST_COLUMNS} FROM leave_requests WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** Locks the row so two decisions on one request are applied one after the other. */
  lock(tx: Tx, tenantId: string, id: string): Promise<LeaveRequest | null> {
    return one(tx, `SELECT ${REQUEST_COLUMNS} FROM leave_requests WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async update(tx: Tx, tenantId: string, id: string, changes: LeaveRequestChanges, at: Date): Promise<LeaveRequest> {
    const params: unknown[] = [tenantId, id];
    const row = await one<LeaveRequest>(
      tx,
      `UPDATE leave_requests SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${REQUEST_COLUMNS}`,
      params,
    );
    return row!;
  }

  /** (created_at, id) is unique, so pages neither repeat nor skip rows while offset grows. */
  list(tenantId: string, f: LeaveListFilter, page: PageRequest): Promise<LeaveRequest[]> {
    const params: unknown[] = [tenantId];
    const where = filterSql(f, params);
    return many(
      this.ds,
      `SELECT ${REQUEST_COLUMNS} FROM leave_requests l WHERE ${where.join(' AND ')}
        ORDER BY l.created_at, l.id LIMIT $${params.push(page.limit)} OFFSET $${params.push(page.offset)}`,
      params,
    );
  }

  /** The cursor walk of the same order; a creation time never changes. */
  listAfter(tenantId: string, f: LeaveListFilter, after: KeysetPosition | null, limit: number): Promise<Keyed<LeaveRequest>[]> {
    const params: unknown[] = [tenantId];
    const where = filterSql(f, params);
    const k = keysetPage({ key: 'l.created_at', id: 'l.id' }, after, limit, params);
    return many(this.ds, `SELECT ${REQUEST_COLUMNS}, ${k.select} FROM leave_requests l WHERE ${[...where, ...k.where].join(' AND ')} ${k.tail}`, params);
  }

  /**
   * Approved leave of these people overlapping [from, to), as half-open instants (a request's end is
   * its last instant, so the interval ends 1 ms later): what availability counts as unavailable.
   */
  approvedBetween(tx: Tx | null, tenantId: string, userIds: readonly string[], from: Date, to: Date): Promise<ApprovedLeave[]> {
    if (!userIds.length) return Promise.resolve([]);
    return many(
      tx ?? this.ds,
      `SELECT id, user_id AS "userId", leave_type AS "leaveType", start_date AS "start", end_date + interval '1 millisecond' AS "end"
         FROM leave_requests
        WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) AND status = 'APPROVED' AND end_date >= $3 AND start_date < $4
        ORDER BY start_date, id`,
      [tenantId, userIds, from, to],
    );
  }

  /** Decisions on these requests, oldest step first. */
  async approvalsOf(tx: Tx | null, tenantId: string, requestIds: string[]): Promise<LeaveApproval[]> {
    if (!requestIds.length) return [];
    return many(
      tx ?? this.ds,
      `SELECT id, tenant_id AS "tenantId", leave_request_id AS "leaveRequestId", step, decision, decided_by_user_id AS "decidedByUserId",
              note, decided_at AS "decidedAt"
         FROM leave_request_approvals
        WHERE tenant_id = $1 AND leave_request_id = ANY($2::uuid[])
        ORDER BY leave_request_id, step`,
      [tenantId, requestIds],
    );
  }

  async insertApproval(tx: Tx, row: LeaveApproval): Promise<void> {
    await exec(
      tx,
      `INSERT INTO leave_request_approvals (id, tenant_id, leave_request_id, step, decision, decided_by_user_id, note, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [row.id, row.tenantId, row.leaveRequestId, row.step, row.decision, row.decidedByUserId, row.note, row.decidedAt],
    );
  }

  /** The tenant's configured steps in order; empty when it uses the default chain. */
  async chain(tx: Tx | null, tenantId: string): Promise<LeaveApproverRole[]> {
    const rows = await many<{ role: LeaveApproverRole }>(tx ?? this.ds, `SELECT approver_role AS role FROM leave_approval_steps WHERE tenant_id = $1 ORDER BY step`, [tenantId]);
    return rows.map((r) => r.role);
  }

  /**
   * Replaces the whole chain. Locking the tenant row makes concurrent replacements apply in turn;
   * NO KEY UPDATE, so other writes that reference the tenant are not held up.
   */
  async replaceChain(tx: Tx, tenantId: string, roles: LeaveApproverRole[]): Promise<void> {
    await exec(tx, `SELECT 1 FROM tenants WHERE id = $1 FOR NO KEY UPDATE`, [tenantId]);
    await exec(tx, `DELETE FROM leave_approval_steps WHERE tenant_id = $1`, [tenantId]);
    await exec(
      tx,
      `INSERT INTO leave_approval_steps (tenant_id, step, approver_role) SELECT $1, r.step, r.role FROM unnest($2::text[]) WITH ORDINALITY AS r(role, step)`,
      [tenantId, roles],
    );
  }
}
