import type { DataSource } from '@wfm/db/data-source';
import type { ApiKeyEntity } from '@wfm/db/entities/developer-credential.entity';
import { exec, many } from '@wfm/db/sql';
import { MAKER_COLUMNS, makerOf, type Maker } from '../auth/developer-auth.repository.js';

/** A key as it may be listed: the hash is never selected. */
export type ApiKey = Omit<ApiKeyEntity, 'keyHash'>;
export type ListedApiKey = ApiKey & Maker;

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

  list(tenantId: string): Promise<ListedApiKey[]> {
    return many(
      this.ds,
      `SELECT k.id, k.tenant_id AS "tenantId", k.name, k.prefix, k.scopes, k.expires_at AS "expiresAt", k.created_by_user_id AS "createdByUserId",
              k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt", k.revoked_at AS "revokedAt", ${MAKER_COLUMNS}
         FROM api_keys k LEFT JOIN users maker ON ${makerOf('k')}
        WHERE k.tenant_id = $1 ORDER BY k.created_at, k.id`,
      [tenantId],
    );
  }

  /** False when the tenant has no such key. Revoking twice keeps the first revocation time. */
  async revoke(tenantId: string, id: string, at: Date): Promise<boolean> {
    return (await exec(this.ds, `UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $3) WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at])) > 0;
  }
}
