import type { DataSource } from '@wfm/db/data-source';
import { ApiKeyEntity } from '@wfm/db/entities/developer-credential.entity';

/** A key as it may be listed: the hash is never selected. */
export type ApiKey = Omit<ApiKeyEntity, 'keyHash'>;

export class ApiKeysRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(row: ApiKeyEntity): Promise<void> {
    await this.ds.getRepository(ApiKeyEntity).insert(row);
  }

  list(tenantId: string): Promise<ApiKey[]> {
    return this.ds.getRepository(ApiKeyEntity).find({ where: { tenantId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /** False when the tenant has no such key. Revoking twice keeps the first revocation time. */
  async revoke(tenantId: string, id: string, at: Date): Promise<boolean> {
    const result = await this.ds
      .createQueryBuilder()
      .update(ApiKeyEntity)
      .set({ revokedAt: () => 'COALESCE(revoked_at, :at)' })
      .where('tenant_id = :tenantId AND id = :id', { tenantId, id, at })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
