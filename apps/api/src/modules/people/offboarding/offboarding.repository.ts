import type { DataSource } from '@wfm/db/data-source';
import { ConflictError } from '@wfm/core/errors';
import type { OffboardingChecklistItemEntity, OffboardingEntity } from '@wfm/db/entities/people-lifecycle.entity';
import { exec, live, many, one, onConstraint, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { Settlement } from './settlement.js';
import type { OFFBOARDING_REASONS, OFFBOARDING_STATUSES } from './offboarding.schemas.js';

export type ChecklistItem = Row<OffboardingChecklistItemEntity, 'id' | 'position' | 'title' | 'done' | 'doneByUserId' | 'doneAt'>;

/**
 * The text columns narrowed to the values their CHECK constraints allow; the last working day read
 * as text (YYYY-MM-DD), never through a time zone; the settlement as the payroll step wrote it.
 */
export type Offboarding = Omit<Row<OffboardingEntity>, 'lastWorkingDay' | 'settlement'> & {
  reason: (typeof OFFBOARDING_REASONS)[number];
  lastWorkingDay: string;
  status: (typeof OFFBOARDING_STATUSES)[number];
  settlement: Settlement | null;
  checklist: ChecklistItem[];
};

const COLUMNS = `o.id, o.tenant_id AS "tenantId", o.user_id AS "userId", o.reason, o.last_working_day::text AS "lastWorkingDay", o.status, o.settlement,
  o.started_by_user_id AS "startedByUserId", o.finalized_by_user_id AS "finalizedByUserId", o.completed_at AS "completedAt",
  o.created_at AS "createdAt", o.updated_at AS "updatedAt",
  COALESCE((SELECT json_agg(json_build_object('id', i.id, 'position', i.position, 'title', i.title, 'done', i.done, 'doneByUserId', i.done_by_user_id, 'doneAt', i.done_at) ORDER BY i.position)
              FROM offboarding_checklist_items i WHERE i.offboarding_id = o.id), '[]') AS checklist`;

const ONE_OPEN = { offboardings_one_open_key: () => new ConflictError('The person already has an offboarding in progress', 'OFFBOARDING_IN_PROGRESS') };

export class OffboardingRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, o: Offboarding): Promise<void> {
    await exec(
      tx,
      `INSERT INTO offboardings (id, tenant_id, user_id, reason, last_working_day, status, started_by_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'IN_PROGRESS', $6, $7, $7)`,
      [o.id, o.tenantId, o.userId, o.reason, o.lastWorkingDay, o.startedByUserId, o.createdAt],
    ).catch((err) => onConstraint(err, ONE_OPEN));
  }

  async addItem(tx: Tx, tenantId: string, offboardingId: string, item: { id: string; title: string }): Promise<void> {
    await exec(
      tx,
      `INSERT INTO offboarding_checklist_items (id, tenant_id, offboarding_id, position, title)
       VALUES ($1, $2, $3, (SELECT COALESCE(max(position), 0) + 1 FROM offboarding_checklist_items WHERE offboarding_id = $3), $4)`,
      [item.id, tenantId, offboardingId, item.title],
    );
  }

  async setItemDone(tx: Tx, tenantId: string, offboardingId: string, itemId: string, done: boolean, by: string, at: Date): Promise<boolean> {
    const n = await exec(
      tx,
      `UPDATE offboarding_checklist_items SET done = $4, done_by_user_id = CASE WHEN $4 THEN $5::uuid END, done_at = CASE WHEN $4 THEN $6::timestamptz END
        WHERE tenant_id = $1 AND offboarding_id = $2 AND id = $3`,
      [tenantId, offboardingId, itemId, done, by, at],
    );
    return n === 1;
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Offboarding | null> {
    return one(tx, `SELECT ${COLUMNS} FROM offboardings o WHERE o.tenant_id = $1 AND o.id = $2 FOR UPDATE OF o`, [tenantId, id]);
  }

  find(db: Tx | null, tenantId: string, id: string): Promise<Offboarding | null> {
    return one(db ?? this.ds, `SELECT ${COLUMNS} FROM offboardings o WHERE o.tenant_id = $1 AND o.id = $2`, [tenantId, id]);
  }

  list(tenantId: string, status: Offboarding['status'] | undefined, limit: number, offset: number): Promise<Offboarding[]> {
    return many(
      this.ds,
      `SELECT ${COLUMNS} FROM offboardings o WHERE o.tenant_id = $1 AND ($2::text IS NULL OR o.status = $2) ORDER BY o.created_at DESC, o.id LIMIT $3 OFFSET $4`,
      [tenantId, status ?? null, limit, offset],
    );
  }

  async complete(tx: Tx, tenantId: string, id: string, c: { settlement: Settlement; by: string; at: Date }): Promise<void> {
    await exec(tx, `UPDATE offboardings SET status = 'COMPLETED', settlement = $3, finalized_by_user_id = $4, completed_at = $5, updated_at = $5 WHERE tenant_id = $1 AND id = $2`, [
      tenantId,
      id,
      JSON.stringify(c.settlement),
      c.by,
      c.at,
    ]);
  }

  async cancel(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE offboardings SET status = 'CANCELLED', updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }

  async liveUser(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
    return (await one(tx, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId])) !== null;
  }

  /** Approved leave of a type, in days (half days count a half), starting within [from, to] (dates). */
  async approvedLeaveDays(db: Tx | null, tenantId: string, userId: string, type: 'ANNUAL' | 'UNPAID', from: string, to: string, timezone: string): Promise<number> {
    const row = await one<{ days: number }>(
      db ?? this.ds,
      `SELECT COALESCE(sum(days_decimal), 0)::float8 AS days FROM leave_requests
        WHERE tenant_id = $1 AND user_id = $2 AND leave_type = $3 AND status = 'APPROVED'
          AND (start_date AT TIME ZONE $6)::date BETWEEN $4::date AND $5::date`,
      [tenantId, userId, type, from, to, timezone],
    );
    return row!.days;
  }
}
