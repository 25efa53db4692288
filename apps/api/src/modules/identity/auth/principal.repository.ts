import type { DataSource } from '@wfm/db/data-source';
import { live, one } from '@wfm/db/sql';
import type { Plan, Role } from '@wfm/core/tenancy';
import type { UserPrincipal } from '@wfm/core/principal';

interface Row {
  id: string;
  tenant_id: string;
  role: Role;
  full_name: string;
  plan: Plan;
  timezone: string;
  public_api_enabled: boolean;
  sso_enabled: boolean;
}

/**
 * One indexed query per authenticated request: the user must still exist and be active, the
 * sign-in session must not be revoked, and plan checks must see the tenant as it is now.
 */
export class PrincipalRepository {
  constructor(private readonly ds: DataSource) {}

  async load(userId: string, tenantId: string, sessionId: string, now: Date): Promise<UserPrincipal | null> {
    const r = await one<Row>(
      this.ds,
      `SELECT u.id, u.tenant_id, u.role, u.full_name, t.plan, t.timezone, t.public_api_enabled, t.sso_enabled
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
      tenantId: r.tenant_id,
      role: r.role,
      sessionId,
      fullName: r.full_name,
      tenant: { plan: r.plan, timezone: r.timezone, publicApiEnabled: r.public_api_enabled, ssoEnabled: r.sso_enabled },
    };
  }
}
