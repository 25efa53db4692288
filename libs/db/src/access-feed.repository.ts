import { one } from './sql.js';
import type { Tx } from './transaction.js';

/**
 * Bumps the tenant's access-feed version inside the change's transaction. The row lock serialises
 * a tenant's changes, so versions reach daemons in commit order and a gap always means a lost message.
 */
export async function nextAccessVersion(tx: Tx, tenantId: string): Promise<number> {
  return reserveAccessVersions(tx, tenantId, 1);
}

/** Takes `count` consecutive versions at once (bulk changes); returns the last of them. */
export async function reserveAccessVersions(tx: Tx, tenantId: string, count: number): Promise<number> {
  const row = await one<{ version: string }>(
    tx,
    `INSERT INTO access_feed_versions (tenant_id, version) VALUES ($1, $2)
     ON CONFLICT (tenant_id) DO UPDATE SET version = access_feed_versions.version + $2
     RETURNING version`,
    [tenantId, count],
  );
  return Number(row!.version);
}
