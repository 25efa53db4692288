import type { DataSource } from '@wfm/db/data-source';
import type { OAuthAccessTokenEntity, OAuthClientEntity } from '@wfm/db/entities/developer-credential.entity';
import { exec, many, one } from '@wfm/db/sql';
import { MAKER_COLUMNS, makerOf, type Maker } from '../auth/developer-auth.repository.js';

/** A client as it may be listed: the secret hash is never selected. */
export type OAuthClient = Omit<OAuthClientEntity, 'secretHash'>;
export type ListedOAuthClient = OAuthClient & Maker;
export type ClientForExchange = Pick<OAuthClientEntity, 'id' | 'tenantId' | 'secretHash' | 'allowedScopes' | 'revokedAt'>;

/** OAuth clients and the access tokens issued to them. */
export class OAuthClientsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(row: OAuthClientEntity): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO oauth_clients (id, tenant_id, name, client_id, secret_hash, allowed_scopes, created_by_user_id, created_at, revoked_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [row.id, row.tenantId, row.name, row.clientId, row.secretHash, row.allowedScopes, row.createdByUserId, row.createdAt, row.revokedAt],
    );
  }

  list(tenantId: string): Promise<ListedOAuthClient[]> {
    return many(
      this.ds,
      `SELECT c.id, c.tenant_id AS "tenantId", c.name, c.client_id AS "clientId", c.allowed_scopes AS "allowedScopes",
              c.created_by_user_id AS "createdByUserId", c.created_at AS "createdAt", c.revoked_at AS "revokedAt", ${MAKER_COLUMNS}
         FROM oauth_clients c LEFT JOIN users maker ON ${makerOf('c')}
        WHERE c.tenant_id = $1 ORDER BY c.created_at, c.id`,
      [tenantId],
    );
  }

  /** False when the tenant has no such client. Revoking twice keeps the first revocation time. */
  async revoke(tenantId: string, id: string, at: Date): Promise<boolean> {
    return (await exec(this.ds, `UPDATE oauth_clients SET revoked_at = COALESCE(revoked_at, $3) WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at])) > 0;
  }

  /** By the public `client_id`, across tenants: the token endpoint learns the tenant from the client. */
  byClientId(clientId: string): Promise<ClientForExchange | null> {
    return one(
      this.ds,
      `SELECT id, tenant_id AS "tenantId", secret_hash AS "secretHash", allowed_scopes AS "allowedScopes", revoked_at AS "revokedAt"
         FROM oauth_clients WHERE client_id = $1 LIMIT 1`,
      [clientId],
    );
  }

  /** Also drops the client's expired tokens, so the table holds about an hour of tokens per client. */
  async insertToken(row: OAuthAccessTokenEntity): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO oauth_access_tokens (id, tenant_id, oauth_client_id, token_hash, scopes, expires_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [row.id, row.tenantId, row.oauthClientId, row.tokenHash, row.scopes, row.expiresAt, row.createdAt],
    );
    await exec(this.ds, `DELETE FROM oauth_access_tokens WHERE oauth_client_id = $1 AND expires_at <= $2`, [row.oauthClientId, row.createdAt]);
  }
}
