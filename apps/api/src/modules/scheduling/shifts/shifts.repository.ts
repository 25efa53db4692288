import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { OutletStatus } from '@wfm/db/entities/outlet.entity';
import type { UserStatus } from '@wfm/db/entities/user.entity';
import type { ShiftAssignmentEntity, ShiftStatus } from '@wfm/db/entities/shift-assignment.entity';
import { assignments, exec, keysetPage, live, many, one, onConstraint, type Columns, type Keyed, type KeysetPosition } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type ShiftAssignment = ShiftAssignmentEntity;
export type ShiftChanges = Partial<Pick<ShiftAssignmentEntity, 'userId' | 'scheduledStart' | 'scheduledEnd' | 'outletId' | 'type' | 'status' | 'note'>>;

export interface ShiftFilter {
  userId?: string;
  outletId?: string;
  status?: ShiftStatus;
  rosterId?: string;
  from?: Date;
  to?: Date;
  /** An outlet scope: shifts at these outlets, and the shifts of this person wherever they are. */
  visible?: { outletIds: string[]; userId: string };
}

const SHIFT_COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", outlet_id AS "outletId", scheduled_start AS "scheduledStart",
  scheduled_end AS "scheduledEnd", status, type, note, roster_id AS "rosterId", created_by_user_id AS "createdByUserId", created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<ShiftChanges & { updatedAt: Date }> = {
  userId: 'user_id',
  scheduledStart: 'scheduled_start',
  scheduledEnd: 'scheduled_end',
  outletId: 'outlet_id',
  type: 'type',
  status: 'status',
  note: 'note',
  updatedAt: 'updated_at',
};

/** The exclusion constraint is the overlap rule; its violation is the spec's 409. */
const OVERLAP = { shift_assignments_no_overlap: () => new ConflictError('The shift overlaps another shift of this user', 'SHIFT_OVERLAP') };

/** The conditions of a filter, the tenant being $1. */
function filterSql(filter: ShiftFilter, params: unknown[]): string[] {
  const where = ['tenant_id = $1'];
  if (filter.userId) where.push(`user_id = $${params.push(filter.userId)}`);
  if (filter.outletId) where.push(`outlet_id = $${params.push(filter.outletId)}`);
  if (filter.status) where.push(`status = $${params.push(filter.status)}`);
  if (filter.rosterId) where.push(`roster_id = $${params.push(filter.rosterId)}`);
  if (filter.from) where.push(`scheduled_start >= $${params.push(filter.from)}`);
  if (filter.to) where.push(`scheduled_start < $${params.push(filter.to)}`);
  if (filter.visible) where.push(`(outlet_id = ANY($${params.push(filter.visible.outletIds)}::uuid[]) OR user_id = $${params.push(filter.visible.userId)})`);
  return where;
}

export class ShiftsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Ordered by start then id, which is unique, so pages neither repeat nor skip rows. */
  list(tenantId: string, filter: ShiftFilter, limit: number, offset: number): Promise<ShiftAssignment[]> {
    const params: unknown[] = [tenantId];
    const where = filterSql(filter, params);
    return many(
      this.ds,
      `SELECT ${SHIFT_COLUMNS} FROM shift_assignments WHERE ${where.join(' AND ')}
        ORDER BY scheduled_start, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }

  /** A cursor walk goes by creation: a shift can be moved mid-walk, its creation time cannot. */
  listAfter(tenantId: string, filter: ShiftFilter, after: KeysetPosition | null, limit: number): Promise<Keyed<ShiftAssignment>[]> {
    const params: unknown[] = [tenantId];
    const where = filterSql(filter, params);
    const k = keysetPage({ key: 'created_at', id: 'id' }, after, limit, params);
    return many(this.ds, `SELECT ${SHIFT_COLUMNS}, ${k.select} FROM shift_assignments WHERE ${[...where, ...k.where].join(' AND ')} ${k.tail}`, params);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<ShiftAssignment | null> {
    return one(tx, `SELECT ${SHIFT_COLUMNS} FROM shift_assignments WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async insert(tx: Tx, row: ShiftAssignment): Promise<void> {
    await exec(
      tx,
      `INSERT INTO shift_assignments (id, tenant_id, user_id, outlet_id, scheduled_start, scheduled_end, status, type, note, roster_id, created_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [row.id, row.tenantId, row.userId, row.outletId, row.scheduledStart, row.scheduledEnd, row.status, row.type, row.note, row.rosterId, row.createdByUserId, row.createdAt, row.updatedAt],
    ).catch((err) => onConstraint(err, OVERLAP));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: ShiftChanges, at: Date): Promise<ShiftAssignment> {
    const params: unknown[] = [tenantId, id];
    const row = await one<ShiftAssignment>(
      tx,
      `UPDATE shift_assignments SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${SHIFT_COLUMNS}`,
      params,
    ).catch((err) => onConstraint(err, OVERLAP));
    return row!;
  }

  /** A roster's assignments, in start order, locked for its decision. */
  lockByRoster(tx: Tx, tenantId: string, rosterId: string): Promise<ShiftAssignment[]> {
    return many(tx, `SELECT ${SHIFT_COLUMNS} FROM shift_assignments WHERE tenant_id = $1 AND roster_id = $2 ORDER BY scheduled_start, id FOR UPDATE`, [tenantId, rosterId]);
  }

  /** Sets the status of a roster's assignments that are still in `from`. */
  setRosterStatus(tx: Tx, tenantId: string, rosterId: string, from: ShiftStatus, to: ShiftStatus, at: Date): Promise<number> {
    return exec(tx, `UPDATE shift_assignments SET status = $4, updated_at = $5 WHERE tenant_id = $1 AND roster_id = $2 AND status = $3`, [tenantId, rosterId, from, to, at]);
  }

  /** The outlet's shifts starting in [from, to) that are not cancelled: what a week clone copies. */
  atOutletBetween(tx: Tx, tenantId: string, outletId: string, from: Date, to: Date): Promise<ShiftAssignment[]> {
    return many(
      tx,
      `SELECT ${SHIFT_COLUMNS} FROM shift_assignments
        WHERE tenant_id = $1 AND outlet_id = $2 AND scheduled_start >= $3 AND scheduled_start < $4 AND status <> 'CANCELLED'
        ORDER BY scheduled_start, id`,
      [tenantId, outletId, from, to],
    );
  }

  /**
   * Shifts in progress whose end passed before `endedBefore`, across tenants: the missed clock-out
   * job's work list (each is then closed in its own tenant-scoped transaction).
   */
  overdueInProgress(endedBefore: Date, limit: number): Promise<Array<{ tenantId: string; id: string }>> {
    return many(
      this.ds,
      `SELECT tenant_id AS "tenantId", id FROM shift_assignments WHERE status = 'IN_PROGRESS' AND scheduled_end < $1 ORDER BY scheduled_end LIMIT $2`,
      [endedBefore, limit],
    );
  }

  /** Whether the person has a shift that is not cancelled overlapping [start, end). */
  async hasOverlap(tx: Tx | null, tenantId: string, userId: string, start: Date, end: Date): Promise<boolean> {
    const row = await one(
      tx ?? this.ds,
      `SELECT 1 FROM shift_assignments WHERE tenant_id = $1 AND user_id = $2 AND status <> 'CANCELLED'
          AND tstzrange(scheduled_start, scheduled_end, '[)') && tstzrange($3, $4, '[)') LIMIT 1`,
      [tenantId, userId, start, end],
    );
    return row !== null;
  }

  /** Status of a live user of the tenant, or null when there is none with this id. */
  async userStatus(tx: Tx, tenantId: string, id: string): Promise<UserStatus | null> {
    const row = await one<{ status: UserStatus }>(tx, `SELECT u.status FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, id]);
    return row?.status ?? null;
  }

  async outletStatus(tx: Tx, tenantId: string, id: string): Promise<OutletStatus | null> {
    const row = await one<{ status: OutletStatus }>(tx, `SELECT status FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
    return row?.status ?? null;
  }
}
