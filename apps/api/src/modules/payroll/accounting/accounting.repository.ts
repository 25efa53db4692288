import type { DataSource } from '@wfm/db/data-source';
import type { AccountingConnectionEntity } from '@wfm/db/entities/payroll.entity';
import { exec, live, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type Connection = Row<AccountingConnectionEntity> & { provider: 'XERO' };

export class AccountingRepository {
  constructor(private readonly ds: DataSource) {}

  async insertState(s: { hash: string; tenantId: string; userId: string; expiresAt: Date; at: Date }): Promise<void> {
    await exec(this.ds, `INSERT INTO accounting_oauth_states (state_hash, tenant_id, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)`, [s.hash, s.tenantId, s.userId, s.expiresAt, s.at]);
  }

  /** Spends a state: it answers once, unexpired, with the tenant and the admin who started the flow. */
  consumeState(tx: Tx, hash: string, now: Date): Promise<{ tenantId: string; userId: string } | null> {
    return one(tx, `UPDATE accounting_oauth_states SET used_at = $2 WHERE state_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING tenant_id AS "tenantId", user_id AS "userId"`, [hash, now]);
  }

  /** The admin's role now, if they are still a live, active user of the tenant. */
  async activeRole(tx: Tx, tenantId: string, userId: string): Promise<string | null> {
    const row = await one<{ role: string }>(tx, `SELECT u.role FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND u.status = 'ACTIVE' AND ${live('u')}`, [tenantId, userId]);
    return row?.role ?? null;
  }

  async upsertConnection(tx: Tx, c: Connection): Promise<void> {
    await exec(
      tx,
      `INSERT INTO accounting_connections (tenant_id, provider, organisation_id, organisation_name, tokens_sealed, connected_by_user_id, connected_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (tenant_id) DO UPDATE SET provider = $2, organisation_id = $3, organisation_name = $4, tokens_sealed = $5, connected_by_user_id = $6, connected_at = $7`,
      [c.tenantId, c.provider, c.organisationId, c.organisationName, c.tokensSealed, c.connectedByUserId, c.connectedAt],
    );
  }

  find(tenantId: string): Promise<Connection | null> {
    return one(
      this.ds,
      `SELECT tenant_id AS "tenantId", provider, organisation_id AS "organisationId", organisation_name AS "organisationName", tokens_sealed AS "tokensSealed",
              connected_by_user_id AS "connectedByUserId", connected_at AS "connectedAt" FROM accounting_connections WHERE tenant_id = $1`,
      [tenantId],
    );
  }

  async saveTokens(tenantId: string, tokensSealed: string): Promise<void> {
    await exec(this.ds, `UPDATE accounting_connections SET tokens_sealed = $2 WHERE tenant_id = $1`, [tenantId, tokensSealed]);
  }

  remove(tenantId: string): Promise<number> {
    return exec(this.ds, `DELETE FROM accounting_connections WHERE tenant_id = $1`, [tenantId]);
  }
}
