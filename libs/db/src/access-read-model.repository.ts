import type { AccessGrantEntity, AccessReaderKeyEntity, AccessSigningKeyEntity, AccessVisitorPassEntity, AccessZoneEntity } from './entities/access.entity.js';
import type { TenantEntity } from './entities/tenant.entity.js';
import type { UserEntity } from './entities/user.entity.js';
import { live, many, type Db, type Row } from './sql.js';

/**
 * What an access daemon loads to decide taps from memory: one query per kind, for every tenant (at
 * start) or for one tenant (after a version gap in the change feed). Plain rows, no entities, so
 * the daemon does not depend on TypeORM's hydration and reads only the columns it needs.
 */
export type ReadModelTenant = Row<TenantEntity, 'id' | 'plan' | 'timezone'> & {
  /** Past this long without matching the database, the daemon stops deciding this tenant's taps. */
  offlineWindowMinutes: TenantEntity['accessOfflineWindowMinutes'];
};

export type ReadModelReaderKey = Row<AccessReaderKeyEntity, 'id' | 'tenantId' | 'keyHash'> & { revoked: boolean };

export type ReadModelZone = Row<AccessZoneEntity, 'id' | 'tenantId' | 'name' | 'active' | 'hoursJson'> & {
  deleted: boolean;
  /** Bindings exist for live zones only (a deleted zone's are removed with it). */
  readerIds: string[];
};

/** Exactly one of userId and visitorPassId is set. */
export type ReadModelGrant = Row<AccessGrantEntity, 'id' | 'tenantId' | 'userId' | 'visitorPassId' | 'zoneId' | 'expiresAt'>;

export type ReadModelUser = Row<UserEntity, 'id' | 'tenantId' | 'fullName'>;

export type ReadModelVisitorPass = Row<AccessVisitorPassEntity, 'id' | 'tenantId' | 'visitorName' | 'expiresAt' | 'revokedAt'>;

export type ReadModelSigningKey = Row<AccessSigningKeyEntity, 'id' | 'tenantId' | 'publicKey' | 'retiredAt'>;

/**
 * Which rows: every tenant's (a daemon's start), one tenant's (after a missed change), one row by
 * id (applying one change of the feed), or several by id (the payloads of a bulk change). Grants
 * can also be asked for by visitor pass.
 */
export type ReadModelScope = undefined | string | { id: string } | { ids: readonly string[] } | { visitorPassId: string };

function scope(columns: { tenant: string; id: string }, s: ReadModelScope): { where: string; params: unknown[] } {
  if (s === undefined) return { where: 'TRUE', params: [] };
  if (typeof s === 'string') return { where: `${columns.tenant} = $1`, params: [s] };
  if ('id' in s) return { where: `${columns.id} = $1`, params: [s.id] };
  if ('ids' in s) return { where: `${columns.id} = ANY($1::uuid[])`, params: [s.ids] };
  return { where: 'visitor_pass_id = $1', params: [s.visitorPassId] };
}

export class AccessReadModelRepository {
  /** A data source, or a transaction's manager: the API reads a change's rows inside the change's transaction. */
  constructor(private readonly db: Db) {}

  tenants(where?: ReadModelScope): Promise<ReadModelTenant[]> {
    return this.select({ tenant: 'id', id: 'id' }, where, (w) => `SELECT id, plan, timezone, access_offline_window_minutes AS "offlineWindowMinutes" FROM tenants WHERE ${w} ORDER BY id`);
  }

  readerKeys(where?: ReadModelScope): Promise<ReadModelReaderKey[]> {
    return this.select({ tenant: 'tenant_id', id: 'id' }, where, (w) =>
      `SELECT id, tenant_id AS "tenantId", key_hash AS "keyHash", revoked_at IS NOT NULL AS revoked
         FROM access_reader_keys WHERE ${w} ORDER BY id`,
    );
  }

  zones(where?: ReadModelScope): Promise<ReadModelZone[]> {
    return this.select({ tenant: 'z.tenant_id', id: 'z.id' }, where, (w) =>
      `SELECT z.id, z.tenant_id AS "tenantId", z.name, z.active, z.hours_json AS "hoursJson",
              z.deleted_at IS NOT NULL AS deleted,
              COALESCE(array_agg(r.reader_id ORDER BY r.reader_id) FILTER (WHERE r.reader_id IS NOT NULL), '{}') AS "readerIds"
         FROM access_zones z
         LEFT JOIN access_zone_readers r ON r.zone_id = z.id
        WHERE ${w}
        GROUP BY z.id
        ORDER BY z.id`,
    );
  }

  /** Stored ACTIVE grants, including those past expiresAt: the daemon's first refused tap expires them. */
  activeGrants(where?: ReadModelScope): Promise<ReadModelGrant[]> {
    return this.select({ tenant: 'tenant_id', id: 'id' }, where, (w) =>
      `SELECT id, tenant_id AS "tenantId", user_id AS "userId", visitor_pass_id AS "visitorPassId", zone_id AS "zoneId", expires_at AS "expiresAt"
         FROM access_grants WHERE status = 'ACTIVE' AND ${w} ORDER BY id`,
    );
  }

  /** Live, ACTIVE users holding an ACTIVE grant: a daemon grants only to them, and answers with the name. */
  grantedUsers(where?: ReadModelScope): Promise<ReadModelUser[]> {
    return this.select({ tenant: 'u.tenant_id', id: 'u.id' }, where, (w) =>
      `SELECT u.id, u.tenant_id AS "tenantId", u.full_name AS "fullName"
         FROM users u
        WHERE ${live('u')} AND u.status = 'ACTIVE' AND ${w}
          AND EXISTS (SELECT 1 FROM access_grants g WHERE g.user_id = u.id AND g.status = 'ACTIVE')
        ORDER BY u.id`,
    );
  }

  visitorPasses(where?: ReadModelScope): Promise<ReadModelVisitorPass[]> {
    return this.select({ tenant: 'tenant_id', id: 'id' }, where, (w) =>
      `SELECT id, tenant_id AS "tenantId", visitor_name AS "visitorName", expires_at AS "expiresAt", revoked_at AS "revokedAt"
         FROM access_visitor_passes WHERE ${w} ORDER BY id`,
    );
  }

  /** Public halves only: the sealed private key never leaves the API. */
  signingKeys(where?: ReadModelScope): Promise<ReadModelSigningKey[]> {
    return this.select({ tenant: 'tenant_id', id: 'id' }, where, (w) =>
      `SELECT id, tenant_id AS "tenantId", public_key AS "publicKey", retired_at AS "retiredAt"
         FROM access_signing_keys WHERE ${w} ORDER BY id`,
    );
  }

  /** Runs `sql`, given the condition of the scope's rows, with the scope's parameters. */
  private select<T>(columns: { tenant: string; id: string }, where: ReadModelScope, sql: (condition: string) => string): Promise<T[]> {
    const s = scope(columns, where);
    return many(this.db, sql(s.where), s.params);
  }
}
