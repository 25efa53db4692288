import type { AccessReadModelRepository } from '@wfm/db/access-read-model.repository';
import type { AccessSnapshot } from './access-cache.js';
import type { ChangeLoaderRepository } from './change-loader.repository.js';

/**
 * The whole read model (or one tenant's), one query per kind. Versions are read first: a change
 * committed during the load then shows up as a newer version and is applied again, never missed.
 */
export async function loadSnapshot(readModel: AccessReadModelRepository, changes: ChangeLoaderRepository, tenantId?: string): Promise<AccessSnapshot> {
  const versions = tenantId === undefined ? await changes.versions() : new Map([[tenantId, await changes.version(tenantId)]]);
  const [tenants, readerKeys, zones, grants, users, passes, signingKeys] = await Promise.all([
    readModel.tenants(tenantId),
    readModel.readerKeys(tenantId),
    readModel.zones(tenantId),
    readModel.activeGrants(tenantId),
    readModel.grantedUsers(tenantId),
    readModel.visitorPasses(tenantId),
    readModel.signingKeys(tenantId),
  ]);
  return {
    tenants,
    readerKeys: readerKeys.filter((k) => !k.revoked),
    zones: zones.filter((z) => !z.deleted),
    grants,
    users,
    passes,
    signingKeys,
    versions,
  };
}
