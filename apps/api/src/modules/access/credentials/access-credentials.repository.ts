import type { DataSource } from '@wfm/db/data-source';
import type { AccessSigningKeyEntity } from '@wfm/db/entities/access.entity';
import { exec, one } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type NewSigningKey = Pick<AccessSigningKeyEntity, 'id' | 'tenantId' | 'publicKey' | 'privateKeySealed' | 'createdAt'>;

/** Credential signing keys. The sealed private half is read only by id, never listed. */
export class AccessCredentialsRepository {
  constructor(private readonly ds: DataSource) {}

  async currentKeyId(tx: Tx | null, tenantId: string): Promise<string | null> {
    const row = await one<{ id: string }>(tx ?? this.ds, `SELECT id FROM access_signing_keys WHERE tenant_id = $1 AND retired_at IS NULL`, [tenantId]);
    return row?.id ?? null;
  }

  async sealedPrivateKey(tenantId: string, id: string): Promise<string | null> {
    const row = await one<{ sealed: string }>(
      this.ds,
      `SELECT private_key_sealed AS sealed FROM access_signing_keys WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id],
    );
    return row?.sealed ?? null;
  }

  /**
   * Serialises key creation and rotation of one tenant until the transaction ends. Taken before
   * anything else in those transactions, so they cannot deadlock with each other or the feed.
   */
  async lockTenantKeys(tx: Tx, tenantId: string): Promise<void> {
    await exec(tx, `SELECT pg_advisory_xact_lock(hashtextextended('access_signing_keys:' || $1, 0))`, [tenantId]);
  }

  async insert(tx: Tx, key: NewSigningKey): Promise<void> {
    await exec(
      tx,
      `INSERT INTO access_signing_keys (id, tenant_id, public_key, private_key_sealed, created_at) VALUES ($1, $2, $3, $4, $5)`,
      [key.id, key.tenantId, key.publicKey, key.privateKeySealed, key.createdAt],
    );
  }

  /** Retires the tenant's current key, if any, and returns its id. */
  async retireCurrent(tx: Tx, tenantId: string, at: Date): Promise<string | null> {
    const row = await one<{ id: string }>(tx, `UPDATE access_signing_keys SET retired_at = $2 WHERE tenant_id = $1 AND retired_at IS NULL RETURNING id`, [tenantId, at]);
    return row?.id ?? null;
  }
}
