import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { OutletStatus } from '@wfm/db/entities/outlet.entity';
import type { UserStatus } from '@wfm/db/entities/user.entity';
import type { ShiftAssignmentEntity, ShiftStatus } from '@wfm/db/entities/shift-assignment.entity';
import { assignments, exec, live, many, one, onConstraint, type Columns } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type ShiftAssignment = ShiftAssignmentEntity;
export type ShiftChanges = Partial<Pick<ShiftAssignmentEntity, 'scheduledStart' | 'scheduledEnd' | 'outletId' | 'type' | 'status' | 'note'>>;

export interface ShiftFilter {
  userId?: string;
  outletId?: string;
  status?: ShiftStatus;
  from?: Date;
  to?: Date;
  /** An outlet scope: shifts at these outlets, and the shifts of this person wherever they are. */
  visible?: { outletIds: string[]; userId: string };
}

const SHIFT_COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", outlet_id AS "outletId", scheduled_start AS "scheduledStart",
  scheduled_end AS "scheduledEnd", status, type, note, created_by_user_id AS "createdByUserId", created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<ShiftChanges & { updatedAt: Date }> = {
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

export class ShiftsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Ordered by start then id, which is unique, so pages neither repeat nor skip rows. */
  list(tenantId: string, filter: ShiftFilter, limit: number, offset: number): Promise<ShiftAssignment[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (filter.userId) where.push(`user_id = $${params.push(filter.userId)}`);
    if (filter.outletId) where.push(`outlet_id = $${params.push(filter.outletId)}`);
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.from) where.push(`scheduled_start >= $${params.push(filter.from)}`);
    if (filter.to) where.push(`scheduled_start < $${params.push(filter.to)}`);
    if (filter.visible) where.push(`(outlet_id = ANY($${params.push(filter.visible.outletIds)}::uuid[]) OR user_id = $${params.push(filter.visible.userId)})`);
    return many(
      this.ds,
      `SELECT ${SHIFT_COLUMNS} FROM shift_assignments WHERE ${where.join(' AND ')}
        ORDER BY scheduled_start, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<ShiftAssignment | null> {
    return one(tx, `SELECT ${SHIFT_COLUMNS} FROM shift_assignments WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async insert(tx: Tx, row: ShiftAssignment): Promise<void> {
    await exec(
      tx,
      `INSERT INTO shift_assignments (id, tenant_id, user_id, outlet_id, scheduled_start, scheduled_end, status, type, note, created_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [row.id, row.tenantId, row.userId, row.outletId, row.scheduledStart, row.scheduledEnd, row.status, row.type, row.note, row.createdByUserId, row.createdAt, row.updatedAt],
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
