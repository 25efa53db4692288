import type { DataSource } from '@wfm/db/data-source';
import type { RosterEntity, RosterStatus } from '@wfm/db/entities/scheduling.entity';
import type { UserStatus } from '@wfm/db/entities/user.entity';
import { exec, live, many, one } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type Roster = RosterEntity;

const ROSTER_COLUMNS = `id, tenant_id AS "tenantId", outlet_id AS "outletId", source, status, assignment_count AS "assignmentCount",
  published_by_user_id AS "publishedByUserId", decided_by_user_id AS "decidedByUserId", decided_at AS "decidedAt",
  decision_note AS "decisionNote", created_at AS "createdAt", updated_at AS "updatedAt"`;

export interface RosterFilter {
  outletId?: string;
  status?: RosterStatus;
  /** An OUTLET_MANAGER's scope: rosters of these outlets only. */
  outletIds?: string[];
}

export class RostersRepository {
  constructor(private readonly ds: DataSource) {}

  /** Read inside the publishing transaction, so the setting in force is the one at commit. */
  async approvalRequired(tx: Tx, tenantId: string): Promise<boolean> {
    const row = await one<{ required: boolean }>(tx, `SELECT roster_approval_required AS required FROM tenants WHERE id = $1 FOR SHARE`, [tenantId]);
    return row?.required ?? false;
  }

  /** The status of each live user of the tenant among `ids`; missing ones are absent or removed. */
  async userStatuses(tx: Tx, tenantId: string, ids: string[]): Promise<Map<string, UserStatus>> {
    const rows = await many<{ id: string; status: UserStatus }>(tx, `SELECT u.id, u.status FROM users u WHERE u.tenant_id = $1 AND u.id = ANY($2::uuid[]) AND ${live('u')}`, [tenantId, ids]);
    return new Map(rows.map((r) => [r.id, r.status]));
  }

  async insert(tx: Tx, r: Roster): Promise<void> {
    await exec(
      tx,
      `INSERT INTO rosters (id, tenant_id, outlet_id, source, status, assignment_count, published_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [r.id, r.tenantId, r.outletId, r.source, r.status, r.assignmentCount, r.publishedByUserId, r.createdAt, r.updatedAt],
    );
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Roster | null> {
    return one(tx, `SELECT ${ROSTER_COLUMNS} FROM rosters WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async decide(tx: Tx, tenantId: string, id: string, d: { status: RosterStatus; by: string; at: Date; note: string | null }): Promise<Roster> {
    const row = await one<Roster>(
      tx,
      `UPDATE rosters SET status = $3, decided_by_user_id = $4, decided_at = $5, decision_note = $6, updated_at = $5
        WHERE tenant_id = $1 AND id = $2 RETURNING ${ROSTER_COLUMNS}`,
      [tenantId, id, d.status, d.by, d.at, d.note],
    );
    return row!;
  }

  find(tenantId: string, id: string): Promise<Roster | null> {
    return one(this.ds, `SELECT ${ROSTER_COLUMNS} FROM rosters WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** Newest first; id breaks ties so pages neither repeat nor skip rows. */
  list(tenantId: string, filter: RosterFilter, limit: number, offset: number): Promise<Roster[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (filter.outletId) where.push(`outlet_id = $${params.push(filter.outletId)}`);
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.outletIds) where.push(`outlet_id = ANY($${params.push(filter.outletIds)}::uuid[])`);
    return many(
      this.ds,
      `SELECT ${ROSTER_COLUMNS} FROM rosters WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }
}
