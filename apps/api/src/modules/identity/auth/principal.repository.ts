import type { DataSource } from '@wfm/db/data-source';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { live, one, type Row } from '@wfm/db/sql';
import type { UserPrincipal } from '@wfm/core/principal';

type PrincipalRow = Row<UserEntity, 'id' | 'tenantId' | 'role' | 'fullName'> & Row<TenantEntity, 'plan' | 'timezone' | 'publicApiEnabled' | 'ssoEnabled'>;

/**
 * One indexed query per authenticated request: the user must still exist and be active, the
 * sign-in session must not be revoked, and plan checks must see the tenant as it is now.
 */
export class PrincipalRepository {
  constructor(private readonly ds: DataSource) {}

  async load(userId: string, tenantId: string, sessionId: string, now: Date): Promise<UserPrincipal | null> {
    const r = await one<PrincipalRow>(
      this.ds,
      `SELECT u.id, u.tenant_id AS "tenantId", u.role, u.full_name AS "fullName", t.plan, t.timezone, t.public_api_enabled AS "publicApiEnabled",
              t.sso_enabled AS "ssoEnabled"
         FROM users u
         JOIN tenants t ON t.id = u.tenant_id
         JOIN auth_sessions s ON s.id = $3 AND s.user_id = u.id AND s.tenant_id = u.tenant_id
        WHERE u.id = $1 AND u.tenant_id = $2 AND ${live('u')} AND u.status = 'ACTIVE'
          AND s.revoked_at IS NULL AND s.expires_at > $4`,
      [userId, tenantId, sessionId, now],
    );
    if (!r) return null;
    return {
      kind: 'user',
      userId: r.id,
      tenantId: r.tenantId,
      role: r.role,
      sessionId,
      fullName: r.fullName,
      tenant: { plan: r.plan, timezone: r.timezone, publicApiEnabled: r.publicApiEnabled, ssoEnabled: r.ssoEnabled },
    };
  }
}
