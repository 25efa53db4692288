import type { DataSource } from '@wfm/db/data-source';
import type { AvailabilityConflictMode, AvailabilityTimeOffEntity, AvailabilityWindowEntity } from '@wfm/db/entities/availability.entity';
import { assignments, exec, live, many, one, type Columns } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type AvailabilityWindow = AvailabilityWindowEntity;
export type TimeOff = AvailabilityTimeOffEntity;
export type TimeOffChanges = Partial<Pick<TimeOff, 'startsAt' | 'endsAt' | 'note'>>;

const WINDOW_COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", kind, weekday, start_minute AS "startMinute", end_minute AS "endMinute",
  effective_from::text AS "effectiveFrom", effective_to::text AS "effectiveTo", created_at AS "createdAt"`;

const TIME_OFF_COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", starts_at AS "startsAt", ends_at AS "endsAt", note,
  created_by_user_id AS "createdByUserId", created_at AS "createdAt", updated_at AS "updatedAt"`;

const TIME_OFF_CHANGES: Columns<TimeOffChanges & { updatedAt: Date }> = {
  startsAt: 'starts_at',
  endsAt: 'ends_at',
  note: 'note',
  updatedAt: 'updated_at',
};

export class AvailabilityRepository {
  constructor(private readonly ds: DataSource) {}

  /** The tenant's timezone and conflict mode, read together: every check needs both. */
  settings(tx: Tx | null, tenantId: string): Promise<{ timezone: string; mode: AvailabilityConflictMode } | null> {
    return one(tx ?? this.ds, `SELECT timezone, availability_conflict_mode AS mode FROM tenants WHERE id = $1`, [tenantId]);
  }

  async liveUserExists(tx: Tx | null, tenantId: string, userId: string): Promise<boolean> {
    return (await one(tx ?? this.ds, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId])) !== null;
  }

  windowsOf(tx: Tx | null, tenantId: string, userIds: readonly string[]): Promise<AvailabilityWindow[]> {
    if (!userIds.length) return Promise.resolve([]);
    return many(
      tx ?? this.ds,
      `SELECT ${WINDOW_COLUMNS} FROM availability_windows WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) ORDER BY user_id, weekday, start_minute, id`,
      [tenantId, userIds],
    );
  }

  /**
   * Replaces a person's weekly windows. Locking the person's row makes two concurrent replacements
   * apply one after the other instead of leaving the union of both.
   */
  async replaceWindows(tx: Tx, tenantId: string, userId: string, rows: AvailabilityWindow[]): Promise<void> {
    await exec(tx, `SELECT 1 FROM users WHERE tenant_id = $1 AND id = $2 FOR NO KEY UPDATE`, [tenantId, userId]);
    await exec(tx, `DELETE FROM availability_windows WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId]);
    for (const w of rows) {
      await exec(
        tx,
        `INSERT INTO availability_windows (id, tenant_id, user_id, kind, weekday, start_minute, end_minute, effective_from, effective_to, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [w.id, w.tenantId, w.userId, w.kind, w.weekday, w.startMinute, w.endMinute, w.effectiveFrom, w.effectiveTo, w.createdAt],
      );
    }
  }

  /** Time off of these people overlapping [from, to), by start. */
  timeOffBetween(tx: Tx | null, tenantId: string, userIds: readonly string[], from: Date, to: Date): Promise<TimeOff[]> {
    if (!userIds.length) return Promise.resolve([]);
    return many(
      tx ?? this.ds,
      `SELECT ${TIME_OFF_COLUMNS} FROM availability_time_off
        WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) AND ends_at > $3 AND starts_at < $4 ORDER BY starts_at, id`,
      [tenantId, userIds, from, to],
    );
  }

  /** One person's time off by start; `from`/`to` keep what overlaps them. */
  listTimeOff(tenantId: string, userId: string, f: { from?: Date; to?: Date; limit: number; offset: number }): Promise<TimeOff[]> {
    const params: unknown[] = [tenantId, userId];
    const where = ['tenant_id = $1', 'user_id = $2'];
    if (f.from) where.push(`ends_at > $${params.push(f.from)}`);
    if (f.to) where.push(`starts_at < $${params.push(f.to)}`);
    return many(
      this.ds,
      `SELECT ${TIME_OFF_COLUMNS} FROM availability_time_off WHERE ${where.join(' AND ')} ORDER BY starts_at, id LIMIT $${params.push(f.limit)} OFFSET $${params.push(f.offset)}`,
      params,
    );
  }

  lockTimeOff(tx: Tx, tenantId: string, userId: string, id: string): Promise<TimeOff | null> {
    return one(tx, `SELECT ${TIME_OFF_COLUMNS} FROM availability_time_off WHERE tenant_id = $1 AND user_id = $2 AND id = $3 FOR UPDATE`, [tenantId, userId, id]);
  }

  async insertTimeOff(tx: Tx, t: TimeOff): Promise<void> {
    await exec(
      tx,
      `INSERT INTO availability_time_off (id, tenant_id, user_id, starts_at, ends_at, note, created_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [t.id, t.tenantId, t.userId, t.startsAt, t.endsAt, t.note, t.createdByUserId, t.createdAt, t.updatedAt],
    );
  }

  async updateTimeOff(tx: Tx, tenantId: string, id: string, changes: TimeOffChanges, at: Date): Promise<TimeOff> {
    const params: unknown[] = [tenantId, id];
    const row = await one<TimeOff>(
      tx,
      `UPDATE availability_time_off SET ${assignments({ ...changes, updatedAt: at }, TIME_OFF_CHANGES, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${TIME_OFF_COLUMNS}`,
      params,
    );
    return row!;
  }

  async deleteTimeOff(tx: Tx, tenantId: string, id: string): Promise<void> {
    await exec(tx, `DELETE FROM availability_time_off WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** Shifts not cancelled starting in [from, to), optionally of one outlet, of one person, or within an outlet scope. */
  shiftsBetween(
    tenantId: string,
    f: { from: Date; to: Date; outletId?: string; userId?: string; visible?: { outletIds: string[]; userId: string } },
    limit: number,
  ): Promise<Array<{ id: string; userId: string; outletId: string; scheduledStart: Date; scheduledEnd: Date }>> {
    const params: unknown[] = [tenantId, f.from, f.to];
    const where = ['tenant_id = $1', 'scheduled_start >= $2', 'scheduled_start < $3', `status <> 'CANCELLED'`];
    if (f.outletId) where.push(`outlet_id = $${params.push(f.outletId)}`);
    if (f.userId) where.push(`user_id = $${params.push(f.userId)}`);
    if (f.visible) where.push(`(outlet_id = ANY($${params.push(f.visible.outletIds)}::uuid[]) OR user_id = $${params.push(f.visible.userId)})`);
    return many(
      this.ds,
      `SELECT id, user_id AS "userId", outlet_id AS "outletId", scheduled_start AS "scheduledStart", scheduled_end AS "scheduledEnd"
         FROM shift_assignments WHERE ${where.join(' AND ')} ORDER BY scheduled_start, id LIMIT $${params.push(limit)}`,
      params,
    );
  }
}
