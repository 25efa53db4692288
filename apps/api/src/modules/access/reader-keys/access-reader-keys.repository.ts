import type { DataSource } from '@wfm/db/data-source';
import type { AccessReaderKeyEntity } from '@wfm/db/entities/access.entity';
import { exec, many, one } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/** A key as it may be listed: the hash is never selected. */
export type ReaderKey = Omit<AccessReaderKeyEntity, 'keyHash' | 'tenantId' | 'createdByUserId'>;

export class AccessReaderKeysRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, row: AccessReaderKeyEntity): Promise<void> {
    await exec(
      tx,
      `INSERT INTO access_reader_keys (id, tenant_id, name, key_hash, prefix, created_by_user_id, created_at, last_used_at, revoked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row.id, row.tenantId, row.name, row.keyHash, row.prefix, row.createdByUserId, row.createdAt, row.lastUsedAt, row.revokedAt],
    );
  }

  list(tenantId: string): Promise<ReaderKey[]> {
    return many(
      this.ds,
      `SELECT id, name, prefix, created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
         FROM access_reader_keys WHERE tenant_id = $1 ORDER BY created_at, id`,
      [tenantId],
    );
  }

  /** The revocation time when this call revoked the key; null when it was already revoked or is not the tenant's. */
  async revoke(tx: Tx, tenantId: string, id: string, at: Date): Promise<Date | null> {
    const row = await one<{ revokedAt: Date }>(
      tx,
      `UPDATE access_reader_keys SET revoked_at = $3 WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING revoked_at AS "revokedAt"`,
      [tenantId, id, at],
    );
    return row?.revokedAt ?? null;
  }

  revokedAt(tx: Tx, tenantId: string, id: string): Promise<{ revokedAt: Date | null } | null> {
    return one(tx, `SELECT revoked_at AS "revokedAt" FROM access_reader_keys WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }
}
