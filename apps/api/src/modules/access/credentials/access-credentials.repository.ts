import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';

export interface NewSigningKey {
  id: string;
  tenantId: string;
  publicKey: string;
  privateKeySealed: string;
  createdAt: Date;
}

/** Credential signing keys. The sealed private half is read only by id, never listed. */
export class AccessCredentialsRepository {
  constructor(private readonly ds: DataSource) {}

  async currentKeyId(tenantId: string, tx: Tx = this.ds.manager): Promise<string | null> {
    const rows: Array<{ id: string }> = await tx.query(`SELECT id FROM access_signing_keys WHERE tenant_id = $1 AND retired_at IS NULL`, [tenantId]);
    return rows[0]?.id ?? null;
  }

  async sealedPrivateKey(tenantId: string, id: string): Promise<string | null> {
    const rows: Array<{ sealed: string }> = await this.ds.query(
      `SELECT private_key_sealed AS sealed FROM access_signing_keys WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return rows[0]?.sealed ?? null;
  }

  /**
   * Serialises key creation and rotation of one tenant until the transaction ends. Taken before
   * anything else in those transactions, so they cannot deadlock with each other or the feed.
   */
  async lockTenantKeys(tx: Tx, tenantId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('access_signing_keys:' || $1, 0))`, [tenantId]);
  }

  async insert(tx: Tx, key: NewSigningKey): Promise<void> {
    await tx.query(
      `INSERT INTO access_signing_keys (id, tenant_id, public_key, private_key_sealed, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [key.id, key.tenantId, key.publicKey, key.privateKeySealed, key.createdAt],
    );
  }

  /** Retires the tenant's current key, if any, and returns its id. */
  async retireCurrent(tx: Tx, tenantId: string, at: Date): Promise<string | null> {
    const rows: Array<{ id: string }> = await tx.query(
      `WITH retired AS (UPDATE access_signing_keys SET retired_at = $2 WHERE tenant_id = $1 AND retired_at IS NULL RETURNING id) SELECT id FROM retired`,
      [tenantId, at],
    );
    return rows[0]?.id ?? null;
  }
}
