import type { DataSource } from '@wfm/db/data-source';
import type { AccessGrantEntity, AccessVisitorPassEntity, AccessZoneEntity } from '@wfm/db/entities/access.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { exec, live, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/** The status as it is in effect (EFFECTIVE_STATUS). */
export type PassGrantView = Row<AccessGrantEntity, 'id' | 'zoneId' | 'status'> & { zoneName: AccessZoneEntity['name'] };

type PassRow = Row<AccessVisitorPassEntity, 'id' | 'email' | 'phone' | 'inviteCodePrefix' | 'expiresAt' | 'createdAt' | 'lastRedeemedAt'> & {
  name: AccessVisitorPassEntity['visitorName'];
};

export type VisitorPassView = PassRow & { grants: PassGrantView[] };

/** What redeeming needs to know about the pass an invite code names. */
export type PassForRedeem = Row<AccessVisitorPassEntity, 'id' | 'tenantId' | 'visitorName' | 'expiresAt' | 'revokedAt'> & Row<TenantEntity, 'plan'>;

/** Which pass a revocation names: the invite code (by its hash) or the pass id. */
export type PassSelector = { id: string } | { codeHash: string };

/** As the grants module shows it: a grant stored ACTIVE past its expiresAt no longer opens a door. */
const EFFECTIVE_STATUS = `CASE WHEN g.status = 'ACTIVE' AND g.expires_at <= $2 THEN 'EXPIRED' ELSE g.status END`;

export class AccessVisitorsRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Live zones among `ids`, with their names. `FOR SHARE` holds off a concurrent zone delete until
   * the pass's grants exist, so the delete's cascade sees (and revokes) them.
   */
  liveZones(tx: Tx, tenantId: string, ids: string[]): Promise<Array<Row<AccessZoneEntity, 'id' | 'name'>>> {
    return many(tx, `SELECT z.id, z.name FROM access_zones z WHERE z.tenant_id = $1 AND z.id = ANY($2::uuid[]) AND ${live('z')} FOR SHARE`, [tenantId, ids]);
  }

  async insertPass(tx: Tx, row: Omit<AccessVisitorPassEntity, 'revokedAt' | 'lastRedeemedAt'>): Promise<void> {
    await exec(
      tx,
      `INSERT INTO access_visitor_passes
         (id, tenant_id, visitor_name, email, phone, invite_code_hash, invite_code_prefix, expires_at, revoked_at, created_by_user_id, created_at, last_redeemed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9, $10, NULL)`,
      [row.id, row.tenantId, row.visitorName, row.email, row.phone, row.inviteCodeHash, row.inviteCodePrefix, row.expiresAt, row.createdByUserId, row.createdAt],
    );
  }

  /** One ACTIVE grant per zone, expiring with the pass. */
  async insertGrants(tx: Tx, pass: { id: string; tenantId: string; expiresAt: Date; createdBy: string; at: Date }, grants: Array<{ id: string; zoneId: string }>): Promise<void> {
    await exec(
      tx,
      `INSERT INTO access_grants (id, tenant_id, visitor_pass_id, zone_id, status, expires_at, created_by_user_id, created_at, updated_at)
       SELECT n.id, $1, $2, n.zone_id, 'ACTIVE', $3, $4, $5, $5 FROM unnest($6::uuid[], $7::uuid[]) AS n(id, zone_id)`,
      [pass.tenantId, pass.id, pass.expiresAt, pass.createdBy, pass.at, grants.map((g) => g.id), grants.map((g) => g.zoneId)],
    );
  }

  /** Passes neither revoked nor expired at `now`, newest first, each with all its grants. */
  async listActive(tenantId: string, now: Date): Promise<VisitorPassView[]> {
    const passes = await many<PassRow>(
      this.ds,
      `SELECT id, visitor_name AS name, email, phone, invite_code_prefix AS "inviteCodePrefix", expires_at AS "expiresAt",
              created_at AS "createdAt", last_redeemed_at AS "lastRedeemedAt"
         FROM access_visitor_passes
        WHERE tenant_id = $1 AND revoked_at IS NULL AND expires_at > $2
        ORDER BY created_at DESC, id DESC`,
      [tenantId, now],
    );
    if (!passes.length) return [];
    const grants = await many<PassGrantView & { passId: string }>(
      this.ds,
      `SELECT g.visitor_pass_id AS "passId", g.id, g.zone_id AS "zoneId", z.name AS "zoneName", ${EFFECTIVE_STATUS} AS status
         FROM access_grants g
         JOIN access_zones z ON z.id = g.zone_id
        WHERE g.tenant_id = $1 AND g.visitor_pass_id = ANY($3::uuid[])
        ORDER BY z.name, g.id`,
      [tenantId, now, passes.map((p) => p.id)],
    );
    const byPass = new Map<string, PassGrantView[]>();
    for (const { passId, ...g } of grants) byPass.set(passId, [...(byPass.get(passId) ?? []), g]);
    return passes.map((p) => ({ ...p, grants: byPass.get(p.id) ?? [] }));
  }

  /** The tenant's unrevoked pass, locked for the rest of the transaction. */
  async lockUnrevokedPass(tx: Tx, tenantId: string, by: PassSelector): Promise<{ id: string } | null> {
    const [column, value] = 'id' in by ? ['id', by.id] : ['invite_code_hash', by.codeHash];
    return one(tx, `SELECT id FROM access_visitor_passes WHERE tenant_id = $1 AND ${column} = $2 AND revoked_at IS NULL FOR UPDATE`, [tenantId, value]);
  }

  async markRevoked(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE access_visitor_passes SET revoked_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }

  /** Any tenant's pass: the invite code alone identifies it (its hash is unique). */
  findForRedeem(codeHash: string): Promise<PassForRedeem | null> {
    return one(
      this.ds,
      `SELECT p.id, p.tenant_id AS "tenantId", t.plan, p.visitor_name AS "visitorName", p.expires_at AS "expiresAt", p.revoked_at AS "revokedAt"
         FROM access_visitor_passes p
         JOIN tenants t ON t.id = p.tenant_id
        WHERE p.invite_code_hash = $1`,
      [codeHash],
    );
  }

  /** Zones the pass still opens at `now`: grants ACTIVE in effect on live zones. */
  openZones(tenantId: string, passId: string, now: Date): Promise<Array<Row<AccessZoneEntity, 'id' | 'name'>>> {
    return many(
      this.ds,
      `SELECT z.id, z.name
         FROM access_grants g
         JOIN access_zones z ON z.id = g.zone_id AND ${live('z')}
        WHERE g.tenant_id = $1 AND g.visitor_pass_id = $2 AND g.status = 'ACTIVE' AND (g.expires_at IS NULL OR g.expires_at > $3)
        ORDER BY z.name, z.id`,
      [tenantId, passId, now],
    );
  }

  async markRedeemed(tenantId: string, id: string, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE access_visitor_passes SET last_redeemed_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }
}
