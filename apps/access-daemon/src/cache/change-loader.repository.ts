import type { DataSource } from '@wfm/db/data-source';
import type { GrantRow, PassRow, ReaderKeyRow, SigningKeyRow, TenantRow, UserRow, ZoneRow } from './access-cache.js';

/**
 * Single-row reads for applying one change from the feed: a revoke must reach the cache in
 * milliseconds, so a change never reloads more than the rows it names.
 */
export class ChangeLoaderRepository {
  constructor(private readonly ds: DataSource) {}

  private async one<T>(sql: string, params: unknown[]): Promise<T | null> {
    const rows: T[] = await this.ds.query(sql, params);
    return rows[0] ?? null;
  }

  tenant(id: string): Promise<TenantRow | null> {
    return this.one(`SELECT id, plan, timezone FROM tenants WHERE id = $1`, [id]);
  }

  zone(id: string): Promise<ZoneRow | null> {
    return this.one(
      `SELECT z.id, z.tenant_id AS "tenantId", z.name, z.active, z.hours_json AS "hoursJson",
              COALESCE(array_agg(r.reader_id) FILTER (WHERE r.reader_id IS NOT NULL), '{}') AS "readerIds"
         FROM access_zones z LEFT JOIN access_zone_readers r ON r.zone_id = z.id
        WHERE z.id = $1 AND z.deleted_at IS NULL
        GROUP BY z.id`,
      [id],
    );
  }

  activeGrant(id: string): Promise<GrantRow | null> {
    return this.one(
      `SELECT id, tenant_id AS "tenantId", user_id AS "userId", visitor_pass_id AS "visitorPassId", zone_id AS "zoneId", expires_at AS "expiresAt"
         FROM access_grants WHERE id = $1 AND status = 'ACTIVE'`,
      [id],
    );
  }

  activeGrantsOfPass(passId: string): Promise<GrantRow[]> {
    return this.ds.query(
      `SELECT id, tenant_id AS "tenantId", user_id AS "userId", visitor_pass_id AS "visitorPassId", zone_id AS "zoneId", expires_at AS "expiresAt"
         FROM access_grants WHERE visitor_pass_id = $1 AND status = 'ACTIVE'`,
      [passId],
    );
  }

  /** A user who may open doors: not removed and ACTIVE. */
  activeUser(id: string): Promise<UserRow | null> {
    return this.one(`SELECT id, tenant_id AS "tenantId", full_name AS "fullName" FROM users WHERE id = $1 AND deleted_at IS NULL AND status = 'ACTIVE'`, [id]);
  }

  pass(id: string): Promise<PassRow | null> {
    return this.one(
      `SELECT id, tenant_id AS "tenantId", visitor_name AS "visitorName", expires_at AS "expiresAt", revoked_at AS "revokedAt"
         FROM access_visitor_passes WHERE id = $1`,
      [id],
    );
  }

  liveReaderKey(id: string): Promise<ReaderKeyRow | null> {
    return this.one(`SELECT id, tenant_id AS "tenantId", key_hash AS "keyHash" FROM access_reader_keys WHERE id = $1 AND revoked_at IS NULL`, [id]);
  }

  signingKey(id: string): Promise<SigningKeyRow | null> {
    return this.one(`SELECT id, tenant_id AS "tenantId", public_key AS "publicKey", retired_at AS "retiredAt" FROM access_signing_keys WHERE id = $1`, [id]);
  }

  async versions(): Promise<Map<string, number>> {
    const rows: Array<{ tenant_id: string; version: string }> = await this.ds.query(`SELECT tenant_id, version FROM access_feed_versions`);
    return new Map(rows.map((r) => [r.tenant_id, Number(r.version)]));
  }

  async version(tenantId: string): Promise<number> {
    const rows: Array<{ version: string }> = await this.ds.query(`SELECT version FROM access_feed_versions WHERE tenant_id = $1`, [tenantId]);
    return rows[0] ? Number(rows[0].version) : 0;
  }
}
