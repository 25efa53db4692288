import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { PolicyEntity } from '@wfm/db/entities/policy.entity';

export type Policy = PolicyEntity;
export type PolicyChanges = Partial<Pick<PolicyEntity, 'title' | 'body' | 'requiresAcknowledgement' | 'active' | 'version'>>;

export class PoliciesRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string, activeOnly: boolean): Promise<Policy[]> {
    return this.ds.getRepository(PolicyEntity).find({
      where: activeOnly ? { tenantId, active: true } : { tenantId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  find(tenantId: string, id: string): Promise<Policy | null> {
    return this.ds.getRepository(PolicyEntity).findOneBy({ tenantId, id });
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Policy | null> {
    return tx.getRepository(PolicyEntity).findOne({ where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(tx: Tx, row: Policy): Promise<void> {
    await tx.insert(PolicyEntity, row);
  }

  async update(tx: Tx, tenantId: string, id: string, changes: PolicyChanges, at: Date): Promise<Policy> {
    await tx.update(PolicyEntity, { tenantId, id }, { ...changes, updatedAt: at });
    return tx.getRepository(PolicyEntity).findOneByOrFail({ tenantId, id });
  }

  /** Ids of these policies the user has acknowledged at their current version. */
  async acknowledgedCurrent(tenantId: string, userId: string, policyIds: string[]): Promise<Set<string>> {
    const rows: Array<{ policy_id: string }> = await this.ds.query(
      `SELECT a.policy_id FROM policy_acknowledgements a
         JOIN policies p ON p.id = a.policy_id AND p.version = a.version
        WHERE a.tenant_id = $1 AND a.user_id = $2 AND a.policy_id = ANY($3::uuid[])`,
      [tenantId, userId, policyIds],
    );
    return new Set(rows.map((r) => r.policy_id));
  }

  /** Acknowledging the same version twice keeps the first acknowledgement. */
  async acknowledge(tenantId: string, policyId: string, userId: string, version: number, at: Date): Promise<void> {
    await this.ds.query(
      `INSERT INTO policy_acknowledgements (tenant_id, policy_id, user_id, version, acknowledged_at)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (policy_id, user_id, version) DO NOTHING`,
      [tenantId, policyId, userId, version, at],
    );
  }

  /** Active policies requiring acknowledgement that the user has not acknowledged at their current version. */
  async unacknowledgedRequired(tenantId: string, userId: string): Promise<string[]> {
    const rows: Array<{ id: string }> = await this.ds.query(
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
