import type { DataSource } from '@wfm/db/data-source';
import type { PlanRequestEntity, PlanRequestStatus } from '@wfm/db/entities/plan-request.entity';
import { exec, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { Plan } from '@wfm/core/tenancy';

export type PlanRequest = Row<PlanRequestEntity>;

/** A request as read: with its tenant's name and who asked (null once that user is gone). */
export type PlanRequestView = PlanRequest & { tenantName: string; requesterName: string | null; requesterEmail: string | null };

const VIEW = `SELECT r.id, r.tenant_id AS "tenantId", r.requested_by_user_id AS "requestedByUserId", r.current_plan AS "currentPlan",
  r.requested_plan AS "requestedPlan", r.message, r.status, r.granted_plan AS "grantedPlan", r.created_at AS "createdAt", r.closed_at AS "closedAt",
  t.name AS "tenantName", u.full_name AS "requesterName", u.email AS "requesterEmail"
  FROM plan_requests r JOIN tenants t ON t.id = r.tenant_id LEFT JOIN users u ON u.id = r.requested_by_user_id`;

export class PlanRequestsRepository {
  constructor(private readonly ds: DataSource) {}

  /** False when the tenant already has a pending request (the partial unique index decides, race-free). */
  async insertPending(r: PlanRequest): Promise<boolean> {
    const inserted = await exec(
      this.ds,
      `INSERT INTO plan_requests (id, tenant_id, requested_by_user_id, current_plan, requested_plan, message, status, granted_plan, created_at, closed_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'PENDING', NULL, $7, NULL) ON CONFLICT (tenant_id) WHERE status = 'PENDING' DO NOTHING`,
      [r.id, r.tenantId, r.requestedByUserId, r.currentPlan, r.requestedPlan, r.message, r.createdAt],
    );
    return inserted === 1;
  }

  findById(id: string): Promise<PlanRequestView | null> {
    return one(this.ds, `${VIEW} WHERE r.id = $1`, [id]);
  }

  findPending(tenantId: string): Promise<PlanRequestView | null> {
    return one(this.ds, `${VIEW} WHERE r.tenant_id = $1 AND r.status = 'PENDING'`, [tenantId]);
  }

  /** Newest first. */
  list(limit: number, offset: number, status: PlanRequestStatus | undefined): Promise<PlanRequestView[]> {
    return many(this.ds, `${VIEW} WHERE ($3::text IS NULL OR r.status = $3) ORDER BY r.created_at DESC, r.id DESC LIMIT $1 OFFSET $2`, [limit, offset, status ?? null]);
  }

  /** The operator changed the plan: whatever was asked for, the request is answered. */
  async closePending(tx: Tx, tenantId: string, granted: Plan, at: Date): Promise<void> {
    await exec(tx, `UPDATE plan_requests SET status = 'DONE', granted_plan = $2, closed_at = $3 WHERE tenant_id = $1 AND status = 'PENDING'`, [tenantId, granted, at]);
  }
}
