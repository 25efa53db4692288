import type { DataSource } from '@wfm/db/data-source';
import type { AssetServiceLogEntity } from '@wfm/db/entities/maintenance.entity';
import { exec, many, one, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/** The date read as its text, the cost as a number (bigint, at most 10^12 by the body's rule), and the performer's name. */
export type ServiceLog = Omit<Row<AssetServiceLogEntity>, 'performedOn' | 'costMinor' | 'tenantId'> & { performedOn: string; costMinor: number | null; performedByName: string | null };

const SELECT = `SELECT l.id, l.asset_id AS "assetId", l.performed_on::text AS "performedOn", l.vendor_id AS "vendorId", l.performed_by_user_id AS "performedByUserId",
    COALESCE(u.full_name, v.name) AS "performedByName", l.description, l.cost_minor::float8 AS "costMinor", l.currency, l.schedule_id AS "scheduleId",
    l.issue_id AS "issueId", l.recorded_by_user_id AS "recordedByUserId", l.created_at AS "createdAt"
  FROM asset_service_logs l
  LEFT JOIN users u ON u.id = l.performed_by_user_id
  LEFT JOIN vendors v ON v.id = l.vendor_id`;

export class ServiceLogsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, tenantId: string, l: Omit<ServiceLog, 'performedByName'>): Promise<void> {
    await exec(
      tx,
      `INSERT INTO asset_service_logs (id, tenant_id, asset_id, performed_on, vendor_id, performed_by_user_id, description, cost_minor, currency, schedule_id, issue_id, recorded_by_user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [l.id, tenantId, l.assetId, l.performedOn, l.vendorId, l.performedByUserId, l.description, l.costMinor, l.currency, l.scheduleId, l.issueId, l.recordedByUserId, l.createdAt],
    );
  }

  find(tenantId: string, id: string, db: Db = this.ds): Promise<ServiceLog | null> {
    return one(db, `${SELECT} WHERE l.tenant_id = $1 AND l.id = $2`, [tenantId, id]);
  }

  list(tenantId: string, assetId: string, limit: number, offset: number): Promise<ServiceLog[]> {
    return many(this.ds, `${SELECT} WHERE l.tenant_id = $1 AND l.asset_id = $2 ORDER BY l.performed_on DESC, l.created_at DESC, l.id LIMIT $3 OFFSET $4`, [tenantId, assetId, limit, offset]);
  }

  /** A person of the tenant (not deleted), whatever their status: a log records who did the work. */
  async userExists(tenantId: string, id: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM users WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, id])) !== null;
  }

  /** Whether the tenant's issue is at the outlet. */
  async issueAt(tenantId: string, id: string, outletId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM issues WHERE tenant_id = $1 AND id = $2 AND outlet_id = $3`, [tenantId, id, outletId])) !== null;
  }
}
