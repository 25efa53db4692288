import type { DataSource } from '@wfm/db/data-source';
import type { PolicyEntity } from '@wfm/db/entities/policy.entity';
import { assignments, exec, many, one, type Columns } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type Policy = PolicyEntity;
export type PolicyChanges = Partial<Pick<PolicyEntity, 'title' | 'body' | 'requiresAcknowledgement' | 'active' | 'version'>>;

const POLICY_COLUMNS = `id, tenant_id AS "tenantId", title, body, requires_acknowledgement AS "requiresAcknowledgement", version, active,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<PolicyChanges & { updatedAt: Date }> = {
  title: 'title',
  body: 'body',
  requiresAcknowledgement: 'requires_acknowledgement',
  active: 'active',
  version: 'version',
  updatedAt: 'updated_at',
};

export class PoliciesRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string, activeOnly: boolean): Promise<Policy[]> {
    return many(this.ds, `SELECT ${POLICY_COLUMNS} FROM policies WHERE tenant_id = $1 AND (active OR NOT $2) ORDER BY created_at, id`, [tenantId, activeOnly]);
  }

  find(tenantId: string, id: string): Promise<Policy | null> {
    return one(this.ds, `SELECT ${POLICY_COLUMNS} FROM policies WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Policy | null> {
    return one(tx, `SELECT ${POLICY_COLUMNS} FROM policies WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async insert(tx: Tx, row: Policy): Promise<void> {
    await exec(
      tx,
      `INSERT INTO policies (id, tenant_id, title, body, requires_acknowledgement, version, active, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row.id, row.tenantId, row.title, row.body, row.requiresAcknowledgement, row.version, row.active, row.createdAt, row.updatedAt],
    );
  }

  async update(tx: Tx, tenantId: string, id: string, changes: PolicyChanges, at: Date): Promise<Policy> {
    const params: unknown[] = [tenantId, id];
    const row = await one<Policy>(
      tx,
      `UPDATE policies SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${POLICY_COLUMNS}`,
      params,
    );
    return row!;
  }

  /** Ids of these policies the user has acknowledged at their current version. */
  async acknowledgedCurrent(tenantId: string, userId: string, policyIds: string[]): Promise<Set<string>> {
    const rows = await many<{ policy_id: string }>(
      this.ds,
      `SELECT a.policy_id FROM policy_acknowledgements a
         JOIN policies p ON p.id = a.policy_id AND p.version = a.version
        WHERE a.tenant_id = $1 AND a.user_id = $2 AND a.policy_id = ANY($3::uuid[])`,
      [tenantId, userId, policyIds],
    );
    return new Set(rows.map((r) => r.policy_id));
  }

  /** Acknowledging the same version twice keeps the first acknowledgement. */
  async acknowledge(tenantId: string, policyId: string, userId: string, version: number, at: Date): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO policy_acknowledgements (tenant_id, policy_id, user_id, version, acknowledged_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (policy_id, user_id, version) DO NOTHING`,
      [tenantId, policyId, userId, version, at],
    );
  }

  /** Active policies requiring acknowledgement that the user has not acknowledged at their current version. */
  async unacknowledgedRequired(tenantId: string, userId: string): Promise<string[]> {
    const rows = await many<{ id: string }>(
      this.ds,
      `SELECT p.id FROM policies p
        WHERE p.tenant_id = $1 AND p.active AND p.requires_acknowledgement
          AND NOT EXISTS (
            SELECT 1 FROM policy_acknowledgements a
             WHERE a.policy_id = p.id AND a.user_id = $2 AND a.version = p.version)
        ORDER BY p.created_at, p.id`,
      [tenantId, userId],
    );
    return rows.map((r) => r.id);
  }
}
