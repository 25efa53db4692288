import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { AttendanceEventEntity, AttendanceStatus } from '@wfm/db/entities/attendance-event.entity';
import { assignments, exec, keysetPage, many, one, onConstraint, type Columns, type Keyed, type KeysetPosition } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type AttendanceEvent = AttendanceEventEntity;
export type AttendanceChanges = Partial<Pick<AttendanceEventEntity, 'clockOutAt' | 'status' | 'reviewNote' | 'reviewedByUserId' | 'reviewedAt'>>;

export interface AttendanceFilter {
  userId?: string;
  outletId?: string;
  status?: AttendanceStatus;
  from?: Date;
  to?: Date;
  /** An outlet scope: events at these outlets, and the events of this person wherever they are. */
  visible?: { outletIds: string[]; userId: string };
}

export function alreadyClockedIn(): ConflictError {
  return new ConflictError('You are already clocked in');
}

const EVENT_COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", outlet_id AS "outletId", shift_assignment_id AS "shiftAssignmentId",
  clock_in_at AS "clockInAt", clock_out_at AS "clockOutAt", status, review_note AS "reviewNote", reviewed_by_user_id AS "reviewedByUserId",
  reviewed_at AS "reviewedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<AttendanceChanges & { updatedAt: Date }> = {
  clockOutAt: 'clock_out_at',
  status: 'status',
  reviewNote: 'review_note',
  reviewedByUserId: 'reviewed_by_user_id',
  reviewedAt: 'reviewed_at',
  updatedAt: 'updated_at',
};

/** The conditions of a filter, the tenant being $1. */
function filterSql(filter: AttendanceFilter, params: unknown[]): string[] {
  const where = ['tenant_id = $1'];
  if (filter.userId) where.push(`user_id = $${params.push(filter.userId)}`);
  if (filter.outletId) where.push(`outlet_id = $${params.push(filter.outletId)}`);
  if (filter.status) where.push(`status = $${params.push(filter.status)}`);
  if (filter.from) where.push(`clock_in_at >= $${params.push(filter.from)}`);
  if (filter.to) where.push(`clock_in_at < $${params.push(filter.to)}`);
  if (filter.visible) where.push(`(outlet_id = ANY($${params.push(filter.visible.outletIds)}::uuid[]) OR user_id = $${params.push(filter.visible.userId)})`);
  return where;
}

export class AttendanceRepository {
  constructor(private readonly ds: DataSource) {}

  /** Ordered by clock-in then id, which is unique, so pages neither repeat nor skip rows. */
  list(tenantId: string, filter: AttendanceFilter, limit: number, offset: number): Promise<AttendanceEvent[]> {
    const params: unknown[] = [tenantId];
    const where = filterSql(filter, params);
    return many(
      this.ds,
      `SELECT ${EVENT_COLUMNS} FROM attendance_events WHERE ${where.join(' AND ')}
        ORDER BY clock_in_at, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }

  /** The cursor walk of the same order: a clock-in time is never edited (reviews and clock-outs leave it). */
  listAfter(tenantId: string, filter: AttendanceFilter, after: KeysetPosition | null, limit: number): Promise<Keyed<AttendanceEvent>[]> {
    const params: unknown[] = [tenantId];
    const where = filterSql(filter, params);
    const k = keysetPage({ key: 'clock_in_at', id: 'id' }, after, limit, params);
    return many(this.ds, `SELECT ${EVENT_COLUMNS}, ${k.select} FROM attendance_events WHERE ${[...where, ...k.where].join(' AND ')} ${k.tail}`, params);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<AttendanceEvent | null> {
    return one(tx, `SELECT ${EVENT_COLUMNS} FROM attendance_events WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  lockOpen(tx: Tx, tenantId: string, userId: string): Promise<AttendanceEvent | null> {
    return one(tx, `SELECT ${EVENT_COLUMNS} FROM attendance_events WHERE tenant_id = $1 AND user_id = $2 AND status = 'OPEN' LIMIT 1 FOR UPDATE`, [tenantId, userId]);
  }

  /** The open event clocked into a shift, if any. */
  lockOpenForShift(tx: Tx, tenantId: string, shiftId: string): Promise<AttendanceEvent | null> {
    return one(tx, `SELECT ${EVENT_COLUMNS} FROM attendance_events WHERE tenant_id = $1 AND shift_assignment_id = $2 AND status = 'OPEN' LIMIT 1 FOR UPDATE`, [tenantId, shiftId]);
  }

  /** The partial unique index on open events decides a race between two clock-ins. */
  async insert(tx: Tx, row: AttendanceEvent): Promise<void> {
    await exec(
      tx,
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, shift_assignment_id, clock_in_at, clock_out_at, status, review_note,
         reviewed_by_user_id, reviewed_at, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        row.id,
        row.tenantId,
        row.userId,
        row.outletId,
        row.shiftAssignmentId,
        row.clockInAt,
        row.clockOutAt,
        row.status,
        row.reviewNote,
        row.reviewedByUserId,
        row.reviewedAt,
        row.createdAt,
        row.updatedAt,
      ],
    ).catch((err) => onConstraint(err, { attendance_events_one_open_key: alreadyClockedIn }));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: AttendanceChanges, at: Date): Promise<AttendanceEvent> {
    const params: unknown[] = [tenantId, id];
    const row = await one<AttendanceEvent>(
      tx,
      `UPDATE attendance_events SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${EVENT_COLUMNS}`,
      params,
    );
    return row!;
  }
}
