import type { Plan } from '@wfm/core/tenancy';
import { many, one } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { USER_COLUMNS, type User } from '../users/users.repository.js';
import { TENANT_COLUMNS, type Tenant } from './tenants.repository.js';

export class TenantProvisioningRepository {
  /** Slugs already taken among `base` and `base-<n>`; `base` holds only [a-z0-9-], so it is regex-safe. */
  async slugsLike(tx: Tx, base: string): Promise<string[]> {
    const rows = await many<{ slug: string }>(tx, `SELECT slug FROM tenants WHERE slug = $1 OR slug ~ ('^' || $1 || '-[0-9]+$')`, [base]);
    return rows.map((r) => r.slug);
  }

  /** Null when the slug is taken; ON CONFLICT keeps the transaction usable for another attempt. */
  insertTenant(tx: Tx, t: { id: string; name: string; slug: string; plan: Plan; timezone: string }): Promise<Tenant | null> {
    return one(
      tx,
      `INSERT INTO tenants (id, name, slug, plan, timezone) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING RETURNING ${TENANT_COLUMNS}`,
      [t.id, t.name, t.slug, t.plan, t.timezone],
    );
  }

  /** Verified at once when vouched for; a self-service signup's owner stays unverified until the mailed link is opened. */
  async insertOwner(
    tx: Tx,
    u: { id: string; tenantId: string; fullName: string; email: string; mobile: string | null; passwordHash: string; verified: boolean },
  ): Promise<User> {
    const row = await one<User>(
      tx,
      `INSERT INTO users (id, tenant_id, full_name, email, mobile, role, status, employee_code, password_hash, verified_at)
       VALUES ($1, $2, $3, $4, $5, 'TENANT_OWNER', 'ACTIVE', NULL, $6, CASE WHEN $7 THEN now() END)
       RETURNING ${USER_COLUMNS}`,
      [u.id, u.tenantId, u.fullName, u.email, u.mobile, u.passwordHash, u.verified],
    );
    return row!;
  }
}
