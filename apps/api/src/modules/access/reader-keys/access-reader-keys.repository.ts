import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { AccessReaderKeyEntity } from '@wfm/db/entities/access.entity';

/** A key as it may be listed: the hash is never selected. */
export type ReaderKey = Omit<AccessReaderKeyEntity, 'keyHash' | 'tenantId' | 'createdByUserId'>;

export class AccessReaderKeysRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, row: AccessReaderKeyEntity): Promise<void> {
    await tx.getRepository(AccessReaderKeyEntity).insert(row);
  }

  list(tenantId: string): Promise<ReaderKey[]> {
    return this.ds.getRepository(AccessReaderKeyEntity).find({
      select: { id: true, name: true, prefix: true, createdAt: true, lastUsedAt: true, revokedAt: true },
      where: { tenantId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
  }

  /** The revocation time when this call revoked the key; null when it was already revoked or is not the tenant's. */
  async revoke(tx: Tx, tenantId: string, id: string, at: Date): Promise<Date | null> {
    const rows: Array<{ revoked_at: Date }> = await tx.query(
      `WITH revoked AS (
         UPDATE access_reader_keys SET revoked_at = $3 WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING revoked_at
       ) SELECT revoked_at FROM revoked`,
      [tenantId, id, at],
    );
    return rows[0]?.revoked_at ?? null;
  }

  async revokedAt(tx: Tx, tenantId: string, id: string): Promise<{ revokedAt: Date | null } | null> {
    return tx.getRepository(AccessReaderKeyEntity).findOne({ select: { revokedAt: true }, where: { tenantId, id } });
  }
}
