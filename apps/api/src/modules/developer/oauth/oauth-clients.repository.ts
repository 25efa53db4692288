import type { DataSource } from '@wfm/db/data-source';
import { OAuthAccessTokenEntity, OAuthClientEntity } from '@wfm/db/entities/developer-credential.entity';

/** A client as it may be listed: the secret hash is never selected. */
export type OAuthClient = Omit<OAuthClientEntity, 'secretHash'>;
export type ClientForExchange = Pick<OAuthClientEntity, 'id' | 'tenantId' | 'secretHash' | 'allowedScopes' | 'revokedAt'>;

/** OAuth clients and the access tokens issued to them. */
export class OAuthClientsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(row: OAuthClientEntity): Promise<void> {
    await this.ds.getRepository(OAuthClientEntity).insert(row);
  }

  list(tenantId: string): Promise<OAuthClient[]> {
    return this.ds.getRepository(OAuthClientEntity).find({ where: { tenantId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** False when the tenant has no such client. Revoking twice keeps the first revocation time. */
  async revoke(tenantId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.ds
      .createQueryBuilder()
      .update(OAuthClientEntity)
      .set({ revokedAt: () => 'COALESCE(revoked_at, :at)' })
      .where('tenant_id = :tenantId AND id = :id', { tenantId, id, at })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /** By the public `client_id`, across tenants: the token endpoint learns the tenant from the client. */
  byClientId(clientId: string): Promise<ClientForExchange | null> {
    return this.ds.getRepository(OAuthClientEntity).findOne({
      where: { clientId },
      select: { id: true, tenantId: true, secretHash: true, allowedScopes: true, revokedAt: true },
    });
  }

  /** Also drops the client's expired tokens, so the table holds about an hour of tokens per client. */
  async insertToken(row: OAuthAccessTokenEntity): Promise<void> {
    await this.ds.getRepository(OAuthAccessTokenEntity).insert(row);
    await this.ds.query(`DELETE FROM oauth_access_tokens WHERE oauth_client_id = $1 AND expires_at <= $2`, [row.oauthClientId, row.createdAt]);
  }
}
