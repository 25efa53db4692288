import type { DataSource } from '@wfm/db/data-source';
import type { WorkOrderEntity } from '@wfm/db/entities/maintenance.entity';
import { assignments, exec, many, one, type Columns, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { IssuePriority } from '../issues/issues.repository.js';
import type { WORK_ORDER_STATUSES } from './work-orders.schemas.js';
import { outletZoneSql } from '../../organization/outlets/outlets.repository.js';

export type WorkOrderStatus = (typeof WORK_ORDER_STATUSES)[number];

/** The text columns narrowed to their CHECK values, the date read as its text, and what is read beside the row. */
export type WorkOrder = Omit<Row<WorkOrderEntity>, 'dueOn'> & {
  priority: IssuePriority;
  status: WorkOrderStatus;
  dueOn: string | null;
  overdue: boolean;
  assetName: string | null;
  assigneeName: string | null;
};

export type NewWorkOrder = Omit<WorkOrder, 'overdue' | 'assetName' | 'assigneeName'>;
export type WorkOrderChanges = Partial<
  Pick<WorkOrder, 'title' | 'description' | 'priority' | 'dueOn' | 'status' | 'vendorId' | 'assigneeUserId' | 'completionNote' | 'completedAt' | 'verifiedByUserId' | 'verifiedAt'>
>;

const CHANGE_COLUMNS: Columns<WorkOrderChanges & { updatedAt: Date }> = {
  title: 'title',
  description: 'description',
  priority: 'priority',
  dueOn: 'due_on',
  status: 'status',
  vendorId: 'vendor_id',
  assigneeUserId: 'assignee_user_id',
  completionNote: 'completion_note',
  completedAt: 'completed_at',
  verifiedByUserId: 'verified_by_user_id',
  verifiedAt: 'verified_at',
  updatedAt: 'updated_at',
};

/** `$1` is now: overdue is read against today in the outlet's time zone. */
const SELECT = `SELECT w.id, w.tenant_id AS "tenantId", w.outlet_id AS "outletId", w.asset_id AS "assetId", a.name AS "assetName", w.issue_id AS "issueId",
    w.title, w.description, w.priority, w.status, w.due_on::text AS "dueOn",
    (w.due_on IS NOT NULL AND w.due_on < ($1::timestamptz AT TIME ZONE ${outletZoneSql('o', 't')})::date AND w.status NOT IN ('COMPLETED', 'VERIFIED', 'CANCELLED')) AS overdue,
    w.vendor_id AS "vendorId", w.assignee_user_id AS "assigneeUserId", COALESCE(u.full_name, v.name) AS "assigneeName",
    w.completion_note AS "completionNote", w.completed_at AS "completedAt", w.verified_by_user_id AS "verifiedByUserId", w.verified_at AS "verifiedAt",
    w.created_by_user_id AS "createdByUserId", w.created_at AS "createdAt", w.updated_at AS "updatedAt"
  FROM work_orders w
  JOIN tenants t ON t.id = w.tenant_id
  JOIN outlets o ON o.id = w.outlet_id
  LEFT JOIN assets a ON a.id = w.asset_id
  LEFT JOIN users u ON u.id = w.assignee_user_id
  LEFT JOIN vendors v ON v.id = w.vendor_id`;

export interface WorkOrderFilter {
  issueId?: string;
  assetId?: string;
  outletId?: string;
  status?: WorkOrderStatus;
  assigneeUserId?: string;
  vendorId?: string;
  overdue?: 'true' | 'false';
  /** An OUTLET_MANAGER's outlets, or those assigned to `orAssignee`. */
  outletIds?: string[];
  orAssignee?: string;
  /** Someone who manages none: only the orders assigned to them. */
  onlyAssignee?: string;
}

export class WorkOrdersRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, w: NewWorkOrder): Promise<void> {
    await exec(
      tx,
      `INSERT INTO work_orders (id, tenant_id, outlet_id, asset_id, issue_id, title, description, priority, status, due_on, vendor_id, assignee_user_id, created_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
      [w.id, w.tenantId, w.outletId, w.assetId, w.issueId, w.title, w.description, w.priority, w.status, w.dueOn, w.vendorId, w.assigneeUserId, w.createdByUserId, w.createdAt],
    );
  }

  find(now: Date, tenantId: string, id: string, db: Db = this.ds): Promise<WorkOrder | null> {
    return one(db, `${SELECT} WHERE w.tenant_id = $2 AND w.id = $3`, [now, tenantId, id]);
  }

  async lock(tx: Tx, now: Date, tenantId: string, id: string): Promise<WorkOrder | null> {
    await exec(tx, `SELECT 1 FROM work_orders WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
    return this.find(now, tenantId, id, tx);
  }

  async update(tx: Tx, now: Date, tenantId: string, id: string, changes: WorkOrderChanges): Promise<WorkOrder> {
    const params: unknown[] = [tenantId, id];
    await exec(tx, `UPDATE work_orders SET ${assignments({ ...changes, updatedAt: now }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2`, params);
    return (await this.find(now, tenantId, id, tx))!;
  }

  list(now: Date, tenantId: string, f: WorkOrderFilter, limit: number, offset: number): Promise<WorkOrder[]> {
    const params: unknown[] = [now, tenantId];
    const where = ['w.tenant_id = $2'];
    if (f.issueId) where.push(`w.issue_id = $${params.push(f.issueId)}`);
    if (f.assetId) where.push(`w.asset_id = $${params.push(f.assetId)}`);
    if (f.outletId) where.push(`w.outlet_id = $${params.push(f.outletId)}`);
    if (f.status) where.push(`w.status = $${params.push(f.status)}`);
    if (f.assigneeUserId) where.push(`w.assignee_user_id = $${params.push(f.assigneeUserId)}`);
    if (f.vendorId) where.push(`w.vendor_id = $${params.push(f.vendorId)}`);
    if (f.onlyAssignee) where.push(`w.assignee_user_id = $${params.push(f.onlyAssignee)}`);
    if (f.outletIds) where.push(`(w.outlet_id = ANY($${params.push(f.outletIds)}::uuid[]) OR w.assignee_user_id = $${params.push(f.orAssignee)})`);
    const rows = `${SELECT} WHERE ${where.join(' AND ')}`;
    const overdue = f.overdue ? ` WHERE x.overdue = ${f.overdue === 'true'}` : '';
    return many(this.ds, `SELECT * FROM (${rows}) x${overdue} ORDER BY x."createdAt" DESC, x.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`, params);
  }

  /** An outlet of the tenant. */
  async outletExists(tenantId: string, id: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) !== null;
  }

  /** The outlet and asset of an issue of the tenant. */
  issueRef(tenantId: string, id: string): Promise<{ outletId: string; assetId: string | null } | null> {
    return one(this.ds, `SELECT outlet_id AS "outletId", asset_id AS "assetId" FROM issues WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** An active, live person of the tenant. */
  async activeUser(tenantId: string, id: string, db: Db = this.ds): Promise<boolean> {
    return (await one(db, `SELECT 1 FROM users WHERE tenant_id = $1 AND id = $2 AND status = 'ACTIVE' AND deleted_at IS NULL`, [tenantId, id])) !== null;
  }
}
