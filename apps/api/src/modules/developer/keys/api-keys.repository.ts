import type { DataSource } from '@wfm/db/data-source';
import type { ApiKeyEntity } from '@wfm/db/entities/developer-credential.entity';
import { exec, many } from '@wfm/db/sql';

/** A key as it may be listed: the hash is never selected. */
export type ApiKey = Omit<ApiKeyEntity, 'keyHash'>;

export class ApiKeysRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(row: ApiKeyEntity): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO api_keys (id, tenant_id, name, prefix, key_hash, scopes, expires_at, created_by_user_id, created_at, last_used_at, revoked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [row.id, row.tenantId, row.name, row.prefix, row.keyHash, row.scopes, row.expiresAt, row.createdByUserId, row.createdAt, row.lastUsedAt, row.revokedAt],
    );
  }

  list(tenantId: string): Promise<ApiKey[]> {
    return many(
      this.ds,
      `SELECT id, tenant_id AS "tenantId", name, prefix, scopes, expires_at AS "expiresAt", created_by_user_id AS "createdByUserId",
              created_at AS "createdAt", last_used_at AS "lastUsedAt", revoked_at AS "revokedAt"
         FROM api_keys WHERE tenant_id = $1 ORDER BY created_at, id`,
      [tenantId],
    );
  }

  /** False when the tenant has no such key. Revoking twice keeps the first revocation time. */
  async revoke(tenantId: string, id: string, at: Date): Promise<boolean> {
    return (await exec(this.ds, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $3) WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at])) > 0;
  }
}
