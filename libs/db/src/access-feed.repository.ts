import type { EntityManager } from 'typeorm';

/**
 * Bumps the tenant's access-feed version inside the change's transaction. The row lock serialises
 * a tenant's changes, so versions reach daemons in commit order and a gap always means a lost message.
 */
export async function nextAccessVersion(tx: EntityManager, tenantId: string): Promise<number> {
  return reserveAccessVersions(tx, tenantId, 1);
}

/** Takes `count` consecutive versions at once (bulk changes); returns the last of them. */
export async function reserveAccessVersions(tx: EntityManager, tenantId: string, count: number): Promise<number> {
  const rows: Array<{ version: string }> = await tx.query(
    `INSERT INTO access_feed_versions (tenant_id, version) VALUES ($1, $2)
     ON CONFLICT (tenant_id) DO UPDATE SET version = access_feed_versions.version + $2
     RETURNING version`,
    [tenantId, count],
  );
  return Number(rows[0]!.version);
}
