import type { ComplianceViolationEntity, ViolationStatus } from '@wfm/db/entities/compliance.entity';
import { exec, many, one, type Db } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type ViolationRow = ComplianceViolationEntity;

export interface WorkedShift {
  id: string;
  userId: string;
  outletId: string;
  start: Date;
  end: Date;
}

export interface ClockedTime {
  id: string;
  outletId: string;
  start: Date;
  end: Date;
}

export interface ViolationFilter {
  userId?: string;
  outletId?: string;
  ruleId?: string;
  status?: ViolationStatus;
  phase?: 'SCHEDULE' | 'CLOCK';
  shiftAssignmentId?: string;
  from?: string;
  to?: string;
  /** An outlet scope: violations at these outlets only. */
  outletIds?: string[];
}

const COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", outlet_id AS "outletId", phase, rule_id AS "ruleId", pack_id AS "packId",
  pack_version AS "packVersion", mode, violation_key AS "violationKey", local_date::text AS "localDate", shift_assignment_ids::text[] AS "shiftAssignmentIds",
  attendance_event_ids::text[] AS "attendanceEventIds", sentence, trace, status, override_reason AS "overrideReason",
  overridden_by_user_id AS "overriddenByUserId", overridden_at AS "overriddenAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Rows per INSERT: 20 parameters each stays well under PostgreSQL's 65,535. */
const CHUNK = 1000;

export class ViolationsRepository {
  /** One query for everyone's shifts (not cancelled) overlapping [from, to): what the rules read around new shifts. */
  async workedShifts(db: Db, tenantId: string, userIds: readonly string[], from: Date, to: Date): Promise<WorkedShift[]> {
    // Epoch milliseconds: 17 weeks of 300 people's shifts are tens of thousands of rows, and parsing
    // timestamp text costs more than the rules do.
    const rows = await many<{ id: string; userId: string; outletId: string; s: number; e: number }>(
      db,
      `SELECT id, user_id AS "userId", outlet_id AS "outletId", (extract(epoch FROM scheduled_start) * 1000)::float8 AS s, (extract(epoch FROM scheduled_end) * 1000)::float8 AS e
         FROM shift_assignments
        WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) AND status <> 'CANCELLED' AND scheduled_end > $3 AND scheduled_start < $4`,
      [tenantId, userIds, from, to],
    );
    return rows.map((r) => ({ id: r.id, userId: r.userId, outletId: r.outletId, start: new Date(r.s), end: new Date(r.e) }));
  }

  /** The person's closed clock records (not rejected) overlapping [from, to). */
  clockedTimes(db: Db, tenantId: string, userId: string, from: Date, to: Date): Promise<ClockedTime[]> {
    return many(
      db,
      `SELECT id, outlet_id AS "outletId", clock_in_at AS start, clock_out_at AS "end" FROM attendance_events
        WHERE tenant_id = $1 AND user_id = $2 AND clock_out_at IS NOT NULL AND status <> 'REJECTED' AND clock_out_at > $3 AND clock_in_at < $4`,
      [tenantId, userId, from, to],
    );
  }

  /**
   * Records breaches; one already recorded (same person, phase and key) takes the new trace and
   * keeps its override, unless this write overrides it.
   */
  async record(tx: Tx, rows: readonly ViolationRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const params: unknown[] = [];
      const values = rows.slice(i, i + CHUNK).map((r) => {
        const p = [r.id, r.tenantId, r.userId, r.outletId, r.phase, r.ruleId, r.packId, r.packVersion, r.mode, r.violationKey, r.localDate, r.shiftAssignmentIds, r.attendanceEventIds, r.sentence, JSON.stringify(r.trace), r.status, r.overrideReason, r.overriddenByUserId, r.overriddenAt, r.createdAt];
        const at = params.length;
        params.push(...p);
        return `(${p.map((_, j) => `$${at + j + 1}`).join(', ')}, $${at + 20})`;
      });
      await exec(
        tx,
        `INSERT INTO compliance_violations (id, tenant_id, user_id, outlet_id, phase, rule_id, pack_id, pack_version, mode, violation_key, local_date,
           shift_assignment_ids, attendance_event_ids, sentence, trace, status, override_reason, overridden_by_user_id, overridden_at, created_at, updated_at)
         VALUES ${values.join(', ')}
         ON CONFLICT (tenant_id, user_id, phase, violation_key) DO UPDATE SET
           outlet_id = EXCLUDED.outlet_id, pack_version = EXCLUDED.pack_version, mode = EXCLUDED.mode, local_date = EXCLUDED.local_date,
           shift_assignment_ids = EXCLUDED.shift_assignment_ids, attendance_event_ids = EXCLUDED.attendance_event_ids,
           sentence = EXCLUDED.sentence, trace = EXCLUDED.trace, updated_at = EXCLUDED.updated_at,
           status = CASE WHEN EXCLUDED.status = 'OVERRIDDEN' OR compliance_violations.status = 'WITHDRAWN' THEN EXCLUDED.status ELSE compliance_violations.status END,
           override_reason = CASE WHEN EXCLUDED.status = 'OVERRIDDEN' THEN EXCLUDED.override_reason ELSE compliance_violations.override_reason END,
           overridden_by_user_id = CASE WHEN EXCLUDED.status = 'OVERRIDDEN' THEN EXCLUDED.overridden_by_user_id ELSE compliance_violations.overridden_by_user_id END,
           overridden_at = CASE WHEN EXCLUDED.status = 'OVERRIDDEN' THEN EXCLUDED.overridden_at ELSE compliance_violations.overridden_at END`,
        params,
      );
    }
  }

  /** OPEN schedule breaches involving these shifts, other than the rules in `keep`, become WITHDRAWN. */
  async withdrawForShifts(tx: Tx, tenantId: string, shiftIds: readonly string[], keep: readonly string[], now: Date): Promise<number> {
    const rows = await many<{ id: string }>(
      tx,
      `UPDATE compliance_violations SET status = 'WITHDRAWN', updated_at = $4
        WHERE tenant_id = $1 AND phase = 'SCHEDULE' AND status = 'OPEN' AND shift_assignment_ids && $2::uuid[] AND rule_id <> ALL($3::text[])
        RETURNING id`,
      [tenantId, shiftIds, keep, now],
    );
    return rows.length;
  }

  /** Ordered by day then id, which is unique, so pages neither repeat nor skip rows. */
  list(db: Db, tenantId: string, filter: ViolationFilter, limit: number, offset: number): Promise<ViolationRow[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (filter.userId) where.push(`user_id = $${params.push(filter.userId)}`);
    if (filter.outletId) where.push(`outlet_id = $${params.push(filter.outletId)}`);
    if (filter.ruleId) where.push(`rule_id = $${params.push(filter.ruleId)}`);
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.phase) where.push(`phase = $${params.push(filter.phase)}`);
    if (filter.shiftAssignmentId) where.push(`$${params.push(filter.shiftAssignmentId)}::uuid = ANY(shift_assignment_ids)`);
    if (filter.from) where.push(`local_date >= $${params.push(filter.from)}::date`);
    if (filter.to) where.push(`local_date <= $${params.push(filter.to)}::date`);
    if (filter.outletIds) where.push(`outlet_id = ANY($${params.push(filter.outletIds)}::uuid[])`);
    return many(db, `SELECT ${COLUMNS} FROM compliance_violations WHERE ${where.join(' AND ')} ORDER BY local_date, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`, params);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<ViolationRow | null> {
    return one(tx, `SELECT ${COLUMNS} FROM compliance_violations WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async override(tx: Tx, tenantId: string, id: string, o: { reason: string; by: string; at: Date }): Promise<ViolationRow> {
    const row = await one<ViolationRow>(
      tx,
      `UPDATE compliance_violations SET status = 'OVERRIDDEN', override_reason = $3, overridden_by_user_id = $4, overridden_at = $5, updated_at = $5
        WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [tenantId, id, o.reason, o.by, o.at],
    );
    return row!;
  }
}
