import type { DataSource } from '@wfm/db/data-source';
import type { OpenShiftEntity, OpenShiftStatus } from '@wfm/db/entities/scheduling.entity';
import { exec, many, one } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { outletZoneSql } from '../../organization/outlets/outlets.repository.js';

export type OpenShift = OpenShiftEntity;

const OPEN_SHIFT_COLUMNS = `o.id, o.tenant_id AS "tenantId", o.outlet_id AS "outletId", o.scheduled_start AS "scheduledStart", o.scheduled_end AS "scheduledEnd",
  o.type, o.note, o.status, o.released_assignment_id AS "releasedAssignmentId", o.previous_user_id AS "previousUserId",
  o.released_by_user_id AS "releasedByUserId", o.claimed_by_user_id AS "claimedByUserId", o.claimed_assignment_id AS "claimedAssignmentId",
  o.closed_at AS "closedAt", o.created_at AS "createdAt", o.updated_at AS "updatedAt"`;

/** Why a person may not take an open shift, checked in this order; null when they may. */
export type Ineligibility = 'NOT_AT_OUTLET' | 'OVERLAP' | 'ON_LEAVE' | null;

/**
 * The eligibility rules as SQL over an open shift `o` and a person `$2` of tenant `$1`: assigned to
 * the shift's outlet; no shift of theirs (not cancelled) overlapping it; no approved leave on any
 * calendar day the shift touches. The shift's days are its outlet's; the leave's are the days it
 * was taken for, in the company's timezone, so a day off is the same date wherever it is worked.
 */
const atOutlet = (user: string) => `EXISTS (SELECT 1 FROM user_outlets uo WHERE uo.tenant_id = $1 AND uo.user_id = ${user} AND uo.outlet_id = o.outlet_id)`;
const noOverlap = (user: string) => `NOT EXISTS (SELECT 1 FROM shift_assignments s WHERE s.tenant_id = $1 AND s.user_id = ${user} AND s.status <> 'CANCELLED'
    AND tstzrange(s.scheduled_start, s.scheduled_end, '[)') && tstzrange(o.scheduled_start, o.scheduled_end, '[)'))`;
const SHIFT_ZONE = `(SELECT ${outletZoneSql('so', 'st')} FROM outlets so JOIN tenants st ON st.id = so.tenant_id WHERE so.tenant_id = o.tenant_id AND so.id = o.outlet_id)`;
const SHIFT_DAYS = `daterange((o.scheduled_start AT TIME ZONE ${SHIFT_ZONE})::date, ((o.scheduled_end - interval '1 microsecond') AT TIME ZONE ${SHIFT_ZONE})::date, '[]')`;
const notOnLeave = (user: string) => `NOT EXISTS (SELECT 1 FROM leave_requests l JOIN tenants lt ON lt.id = l.tenant_id WHERE l.tenant_id = $1 AND l.user_id = ${user} AND l.status = 'APPROVED'
    AND daterange((l.start_date AT TIME ZONE lt.timezone)::date, (l.end_date AT TIME ZONE lt.timezone)::date, '[]') && ${SHIFT_DAYS})`;
const AT_OUTLET = atOutlet('$2');
const NO_OVERLAP = noOverlap('$2');
const NOT_ON_LEAVE = notOnLeave('$2');

export class OpenShiftsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Fails on the unique index when the assignment was already released (a racing second release). */
  async insert(tx: Tx, s: OpenShift): Promise<void> {
    await exec(
      tx,
      `INSERT INTO open_shifts (id, tenant_id, outlet_id, scheduled_start, scheduled_end, type, note, status, released_assignment_id,
                                previous_user_id, released_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, 'OPEN', $8, $9, $10, $11, $11)`,
      [s.id, s.tenantId, s.outletId, s.scheduledStart, s.scheduledEnd, s.type, s.note, s.releasedAssignmentId, s.previousUserId, s.releasedByUserId, s.createdAt],
    );
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<OpenShift | null> {
    return one(tx, `SELECT ${OPEN_SHIFT_COLUMNS} FROM open_shifts o WHERE o.tenant_id = $1 AND o.id = $2 FOR UPDATE`, [tenantId, id]);
  }

  find(tenantId: string, id: string): Promise<OpenShift | null> {
    return one(this.ds, `SELECT ${OPEN_SHIFT_COLUMNS} FROM open_shifts o WHERE o.tenant_id = $1 AND o.id = $2`, [tenantId, id]);
  }

  async close(tx: Tx, tenantId: string, id: string, c: { status: Exclude<OpenShiftStatus, 'OPEN'>; at: Date; claimedByUserId?: string; claimedAssignmentId?: string }): Promise<OpenShift> {
    const row = await one<OpenShift>(
      tx,
      `UPDATE open_shifts o SET status = $3, closed_at = $4, updated_at = $4, claimed_by_user_id = $5, claimed_assignment_id = $6
        WHERE o.tenant_id = $1 AND o.id = $2 RETURNING ${OPEN_SHIFT_COLUMNS}`,
      [tenantId, id, c.status, c.at, c.claimedByUserId ?? null, c.claimedAssignmentId ?? null],
    );
    return row!;
  }

  /** What `userId` may claim now: open, not started, and every eligibility rule met. */
  claimableBy(tenantId: string, userId: string, now: Date, filter: { outletId?: string }, limit: number, offset: number): Promise<OpenShift[]> {
    const params: unknown[] = [tenantId, userId, now];
    const where = [`o.tenant_id = $1`, `o.status = 'OPEN'`, `o.scheduled_start > $3`, AT_OUTLET, NO_OVERLAP, NOT_ON_LEAVE];
    if (filter.outletId) where.push(`o.outlet_id = $${params.push(filter.outletId)}`);
    return many(
      this.ds,
      `SELECT ${OPEN_SHIFT_COLUMNS} FROM open_shifts o WHERE ${where.join(' AND ')} ORDER BY o.scheduled_start, o.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }

  /** For managers: the open shifts not yet started, of the given outlets when scoped. */
  open(tenantId: string, now: Date, filter: { outletId?: string; outletIds?: string[] }, limit: number, offset: number): Promise<OpenShift[]> {
    const params: unknown[] = [tenantId, now];
    const where = [`o.tenant_id = $1`, `o.status = 'OPEN'`, `o.scheduled_start > $2`];
    if (filter.outletId) where.push(`o.outlet_id = $${params.push(filter.outletId)}`);
    if (filter.outletIds) where.push(`o.outlet_id = ANY($${params.push(filter.outletIds)}::uuid[])`);
    return many(
      this.ds,
      `SELECT ${OPEN_SHIFT_COLUMNS} FROM open_shifts o WHERE ${where.join(' AND ')} ORDER BY o.scheduled_start, o.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }

  /** The active people who meet every eligibility rule the SQL holds for open shift `id`. */
  async eligible(tx: Tx, tenantId: string, id: string): Promise<string[]> {
    const rows = await many<{ id: string }>(
      tx,
      `SELECT u.id FROM open_shifts o JOIN users u ON u.tenant_id = o.tenant_id AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
        WHERE o.tenant_id = $1 AND o.id = $2 AND ${atOutlet('u.id')} AND ${noOverlap('u.id')} AND ${notOnLeave('u.id')}`,
      [tenantId, id],
    );
    return rows.map((r) => r.id);
  }

  /** The first rule `userId` fails for this open shift, inside the claiming transaction. */
  async ineligibility(tx: Tx, tenantId: string, userId: string, id: string): Promise<Ineligibility> {
    const row = await one<{ atOutlet: boolean; noOverlap: boolean; notOnLeave: boolean }>(
      tx,
      `SELECT ${AT_OUTLET} AS "atOutlet", ${NO_OVERLAP} AS "noOverlap", ${NOT_ON_LEAVE} AS "notOnLeave"
         FROM open_shifts o WHERE o.tenant_id = $1 AND o.id = $3`,
      [tenantId, userId, id],
    );
    if (!row || !row.atOutlet) return 'NOT_AT_OUTLET';
    if (!row.noOverlap) return 'OVERLAP';
    if (!row.notOnLeave) return 'ON_LEAVE';
    return null;
  }
}
