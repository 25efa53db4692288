import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { AccessGrantEntity, AccessZoneEntity, GrantStatus } from '@wfm/db/entities/access.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, live, many, one, onConstraint, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/** A user grant as the API shows it, with the status it has in effect at `now`. */
export type GrantView = Row<AccessGrantEntity, 'id' | 'tenantId' | 'zoneId' | 'status' | 'expiresAt' | 'note' | 'createdAt' | 'updatedAt' | 'revokedAt' | 'revokeReason'> & {
  userId: UserGrantee;
  userName: UserEntity['fullName'];
  zoneName: AccessZoneEntity['name'];
};

/** A user grant's user: the column is null only on visitor grants. */
type UserGrantee = NonNullable<AccessGrantEntity['userId']>;

export type NewGrant = Row<AccessGrantEntity, 'id' | 'zoneId'> & { userId: UserGrantee };

/** A grant that was ACTIVE until this transaction, user or visitor grant alike. */
export type EndedGrant = Row<AccessGrantEntity, 'id' | 'userId' | 'visitorPassId' | 'zoneId'>;

/** Which grants a cascade ends: one grant, a zone's (user and visitor grants), or a user's. */
export type GrantSelector = { id: string } | { zoneId: string } | { userId: string } | { visitorPassId: string };

export interface Revocation {
  at: Date;
  /** Null when an integration (SCIM) removed the person. */
  byUserId: string | null;
  /** Kept on the grant and written to the audit row. */
  reason: string | null;
  /** The audit row's `source`: who or what ended the grant. */
  source: string;
}

export const ACTIVE_GRANT_EXISTS = 'This user already has an active grant for this zone';

/**
 * A grant stored ACTIVE whose expiresAt has passed no longer opens a door; the daemon stores it as
 * EXPIRED at the first refused tap, and until then the API shows it as EXPIRED already.
 */
const EFFECTIVE_STATUS = `CASE WHEN g.status = 'ACTIVE' AND g.expires_at <= $2 THEN 'EXPIRED' ELSE g.status END`;

const VIEW = `
  SELECT g.id, g.tenant_id AS "tenantId", g.user_id AS "userId", u.full_name AS "userName",
         g.zone_id AS "zoneId", z.name AS "zoneName", ${EFFECTIVE_STATUS} AS status,
         g.expires_at AS "expiresAt", g.note, g.created_at AS "createdAt", g.updated_at AS "updatedAt",
         g.revoked_at AS "revokedAt", g.revoke_reason AS "revokeReason"
    FROM access_grants g
    JOIN users u ON u.id = g.user_id
    JOIN access_zones z ON z.id = g.zone_id`;

function selectorSql(s: GrantSelector, param: string): string {
  if ('id' in s) return `id = ${param}`;
  if ('zoneId' in s) return `zone_id = ${param}`;
  if ('visitorPassId' in s) return `visitor_pass_id = ${param}`;
  return `user_id = ${param}`;
}

function selectorValue(s: GrantSelector): string {
  return 'id' in s ? s.id : 'zoneId' in s ? s.zoneId : 'visitorPassId' in s ? s.visitorPassId : s.userId;
}

export class AccessGrantsRepository {
  constructor(private readonly ds: DataSource) {}

  /** User grants only: visitor grants are managed through their visitor pass. A null limit is no limit. */
  list(tenantId: string, filter: { userId?: string; zoneId?: string; status?: GrantStatus }, now: Date, limit: number | null, offset: number): Promise<GrantView[]> {
    const params: unknown[] = [tenantId, now];
    const where = ['g.tenant_id = $1', 'g.user_id IS NOT NULL'];
    if (filter.userId) where.push(`g.user_id = $${params.push(filter.userId)}`);
    if (filter.zoneId) where.push(`g.zone_id = $${params.push(filter.zoneId)}`);
    if (filter.status) where.push(`${EFFECTIVE_STATUS} = $${params.push(filter.status)}`);
    return many(
      this.ds,
      `${VIEW} WHERE ${where.join(' AND ')} ORDER BY g.created_at DESC, g.id DESC LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }

  async view(tx: Tx, tenantId: string, id: string, now: Date): Promise<GrantView | null> {
    return one(tx, `${VIEW} WHERE g.tenant_id = $1 AND g.user_id IS NOT NULL AND g.id = $3`, [tenantId, now, id]);
  }

  /** The user grant, locked for the rest of the transaction. */
  async lockUserGrant(tx: Tx, tenantId: string, id: string, now: Date): Promise<{ id: string; userId: string; status: GrantStatus } | null> {
    return one(
      tx,
      `SELECT g.id, g.user_id AS "userId", ${EFFECTIVE_STATUS} AS status FROM access_grants g
        WHERE g.tenant_id = $1 AND g.id = $3 AND g.user_id IS NOT NULL FOR UPDATE`,
      [tenantId, now, id],
    );
  }

  async userIsLive(tenantId: string, id: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, id])) !== null;
  }

  /** Live users among `ids`, with their names; `FOR SHARE` holds off their removal (and its cascade) until commit. */
  liveUsers(tx: Tx, tenantId: string, ids: string[]): Promise<Array<{ id: string; fullName: string }>> {
    return many(tx, `SELECT u.id, u.full_name AS "fullName" FROM users u WHERE u.tenant_id = $1 AND u.id = ANY($2::uuid[]) AND ${live('u')} FOR SHARE`, [tenantId, ids]);
  }

  /**
   * Live zones among `ids`, with their names. `FOR SHARE` holds off a concurrent zone delete until
   * this transaction's grants exist, so the delete's cascade sees (and revokes) them.
   */
  liveZones(tx: Tx, tenantId: string, ids: string[]): Promise<Array<{ id: string; name: string }>> {
    return many(tx, `SELECT z.id, z.name FROM access_zones z WHERE z.tenant_id = $1 AND z.id = ANY($2::uuid[]) AND ${live('z')} FOR SHARE`, [tenantId, ids]);
  }

  /** Pairs among users × zones that hold a grant ACTIVE in effect at `now`. */
  activePairs(tx: Tx, tenantId: string, userIds: string[], zoneIds: string[], now: Date): Promise<Array<{ userId: string; zoneId: string }>> {
    return many(
      tx,
      `SELECT user_id AS "userId", zone_id AS "zoneId" FROM access_grants
        WHERE tenant_id = $1 AND status = 'ACTIVE' AND (expires_at IS NULL OR expires_at > $2)
          AND user_id = ANY($3::uuid[]) AND zone_id = ANY($4::uuid[])`,
      [tenantId, now, userIds, zoneIds],
    );
  }

  /**
   * Stores as EXPIRED the grants among users × zones that are ACTIVE but past expiresAt, so a new
   * grant for the pair can be ACTIVE (one active grant per user and zone). Returns their ids.
   */
  async expireLapsed(tx: Tx, tenantId: string, userIds: string[], zoneIds: string[], now: Date): Promise<string[]> {
    const rows = await many<{ id: string }>(
      tx,
      `UPDATE access_grants SET status = 'EXPIRED', expired_at = $2, updated_at = $2
        WHERE tenant_id = $1 AND status = 'ACTIVE' AND expires_at <= $2
          AND user_id = ANY($3::uuid[]) AND zone_id = ANY($4::uuid[])
        RETURNING id`,
      [tenantId, now, userIds, zoneIds],
    );
    return rows.map((r) => r.id);
  }

  /** Same, for every grant the selector picks (cascades). */
  async expireLapsedWhere(tx: Tx, tenantId: string, selector: GrantSelector, now: Date): Promise<string[]> {
    const rows = await many<{ id: string }>(
      tx,
      `UPDATE access_grants SET status = 'EXPIRED', expired_at = $2, updated_at = $2
        WHERE tenant_id = $1 AND status = 'ACTIVE' AND expires_at <= $2 AND ${selectorSql(selector, '$3')}
        RETURNING id`,
      [tenantId, now, selectorValue(selector)],
    );
    return rows.map((r) => r.id);
  }

  /** The partial unique index decides a race: a concurrent request that granted the same pair first wins. */
  async insert(tx: Tx, tenantId: string, grants: NewGrant[], fields: { expiresAt: Date | null; note: string | null; createdBy: string; at: Date }): Promise<void> {
    await exec(
      tx,
      `INSERT INTO access_grants (id, tenant_id, user_id, zone_id, status, expires_at, note, created_by_user_id, created_at, updated_at)
       SELECT n.id, $1, n.user_id, n.zone_id, 'ACTIVE', $2, $3, $4, $5, $5
         FROM unnest($6::uuid[], $7::uuid[], $8::uuid[]) AS n(id, user_id, zone_id)`,
      [tenantId, fields.expiresAt, fields.note, fields.createdBy, fields.at, grants.map((g) => g.id), grants.map((g) => g.userId), grants.map((g) => g.zoneId)],
    ).catch((err) => onConstraint(err, { access_grants_active_user_zone_key: () => new ConflictError(ACTIVE_GRANT_EXISTS) }));
  }

  /**
   * Revokes the selected grants that are ACTIVE in effect and writes one REVOKED audit row per
   * grant (credentialId = the grant id, no reader), in one statement.
   */
  revokeActive(tx: Tx, tenantId: string, selector: GrantSelector, r: Revocation): Promise<EndedGrant[]> {
    return many(
      tx,
      `WITH revoked AS (
         UPDATE access_grants
            SET status = 'REVOKED', revoked_at = $2, revoked_by_user_id = $3, revoke_reason = $4, updated_at = $2
          WHERE tenant_id = $1 AND status = 'ACTIVE' AND (expires_at IS NULL OR expires_at > $2) AND ${selectorSql(selector, '$6')}
          RETURNING id, user_id, visitor_pass_id, zone_id
       ), audit AS (
         INSERT INTO access_audit (id, tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, occurred_at, source)
         SELECT gen_random_uuid(), $1, user_id, zone_id, visitor_pass_id, id::text, '', 'REVOKED', $4, $2, $5 FROM revoked
       )
       SELECT id, user_id AS "userId", visitor_pass_id AS "visitorPassId", zone_id AS "zoneId" FROM revoked ORDER BY id`,
      [tenantId, r.at, r.byUserId, r.reason, r.source, selectorValue(selector)],
    );
  }

  async hardDelete(tx: Tx, tenantId: string, id: string): Promise<void> {
    await exec(tx, `DELETE FROM access_grants WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }
}
