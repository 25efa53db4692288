import type { DataSource } from '@wfm/db/data-source';
import type { IssueEntity } from '@wfm/db/entities/operations.entity';
import { assignments, exec, many, one, type Columns, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { Role } from '@wfm/core/tenancy';
import type { ISSUE_PRIORITIES, ISSUE_SOURCES, ISSUE_STATUSES } from './issues.schemas.js';

export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export type IssueSource = (typeof ISSUE_SOURCES)[number];

/** The text columns narrowed to the values their CHECK constraints allow, and the work orders raised from it. */
export type Issue = Row<IssueEntity> & { priority: IssuePriority; status: IssueStatus; source: IssueSource; workOrderIds: string[] };

export type IssueChanges = Partial<Pick<Issue, 'status' | 'resolutionNote' | 'resolvedByUserId' | 'resolvedAt' | 'assigneeUserId'>>;

const COLUMNS = `id, tenant_id AS "tenantId", outlet_id AS "outletId", asset_id AS "assetId", title, description, priority, status, source,
  reporter_user_id AS "reporterUserId", assignee_user_id AS "assigneeUserId", resolution_note AS "resolutionNote", resolved_by_user_id AS "resolvedByUserId",
  resolved_at AS "resolvedAt", created_at AS "createdAt", updated_at AS "updatedAt",
  ARRAY(SELECT w.id FROM work_orders w WHERE w.issue_id = issues.id ORDER BY w.created_at, w.id) AS "workOrderIds"`;

const CHANGE_COLUMNS: Columns<IssueChanges & { updatedAt: Date }> = {
  status: 'status',
  resolutionNote: 'resolution_note',
  resolvedByUserId: 'resolved_by_user_id',
  resolvedAt: 'resolved_at',
  assigneeUserId: 'assignee_user_id',
  updatedAt: 'updated_at',
};

export interface IssueFilter {
  outletId?: string;
  status?: IssueStatus;
  priority?: IssuePriority;
  source?: IssueSource;
  assetId?: string;
  /** An OUTLET_MANAGER's outlets. */
  outletIds?: string[];
  assigneeUserId?: string;
  /** Staff: the issues they raised or were given. */
  mineUserId?: string;
}

export class IssuesRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, i: Issue): Promise<void> {
    await exec(
      tx,
      `INSERT INTO issues (id, tenant_id, outlet_id, asset_id, title, description, priority, status, source, reporter_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
      [i.id, i.tenantId, i.outletId, i.assetId, i.title, i.description, i.priority, i.status, i.source, i.reporterUserId, i.createdAt],
    );
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Issue | null> {
    return one(tx, `SELECT ${COLUMNS} FROM issues WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  find(tenantId: string, id: string): Promise<Issue | null> {
    return one(this.ds, `SELECT ${COLUMNS} FROM issues WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  async update(tx: Tx, tenantId: string, id: string, changes: IssueChanges, at: Date): Promise<Issue> {
    const params: unknown[] = [tenantId, id];
    const row = await one<Issue>(tx, `UPDATE issues SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`, params);
    return row!;
  }

  list(tenantId: string, f: IssueFilter, limit: number, offset: number): Promise<Issue[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (f.outletId) where.push(`outlet_id = $${params.push(f.outletId)}`);
    if (f.status) where.push(`status = $${params.push(f.status)}`);
    if (f.priority) where.push(`priority = $${params.push(f.priority)}`);
    if (f.source) where.push(`source = $${params.push(f.source)}`);
    if (f.assetId) where.push(`asset_id = $${params.push(f.assetId)}`);
    if (f.outletIds) where.push(`outlet_id = ANY($${params.push(f.outletIds)}::uuid[])`);
    if (f.assigneeUserId) where.push(`assignee_user_id = $${params.push(f.assigneeUserId)}`);
    if (f.mineUserId) {
      const me = params.push(f.mineUserId);
      where.push(`(reporter_user_id = $${me} OR assignee_user_id = $${me})`);
    }
    return many(this.ds, `SELECT ${COLUMNS} FROM issues WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`, params);
  }

  /** Whether a live asset of the tenant stands at the outlet. */
  async assetAt(tenantId: string, assetId: string, outletId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM assets WHERE tenant_id = $1 AND id = $2 AND outlet_id = $3 AND deleted_at IS NULL`, [tenantId, assetId, outletId])) !== null;
  }

  /** The role of an active person of the tenant, or null. */
  async activeRole(tenantId: string, userId: string): Promise<Role | null> {
    return (await one<{ role: Role }>(this.ds, `SELECT role FROM users WHERE tenant_id = $1 AND id = $2 AND status = 'ACTIVE' AND deleted_at IS NULL`, [tenantId, userId]))?.role ?? null;
  }

  /** Whether the person works at the outlet (user-outlets). */
  async worksAt(tenantId: string, userId: string, outletId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM user_outlets WHERE tenant_id = $1 AND user_id = $2 AND outlet_id = $3`, [tenantId, userId, outletId])) !== null;
  }
}
