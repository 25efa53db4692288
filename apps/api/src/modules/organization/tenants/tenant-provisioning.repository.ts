import type { Tx } from '@wfm/db/transaction';
import type { Plan } from '@wfm/core/tenancy';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';

export class TenantProvisioningRepository {
  /** Slugs already taken among `base` and `base-<n>`; `base` holds only [a-z0-9-], so it is regex-safe. */
  async slugsLike(tx: Tx, base: string): Promise<string[]> {
    const rows: Array<{ slug: string }> = await tx.query(`SELECT slug FROM tenants WHERE slug = $1 OR slug ~ ('^' || $1 || '-[0-9]+$')`, [base]);
    return rows.map((r) => r.slug);
  }

  /** Null when the slug is taken; ON CONFLICT keeps the transaction usable for another attempt. */
  async insertTenant(tx: Tx, t: { id: string; name: string; slug: string; plan: Plan; timezone: string }): Promise<TenantEntity | null> {
    const rows: Array<{ id: string }> = await tx.query(
      `INSERT INTO tenants (id, name, slug, plan, timezone) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (slug) DO NOTHING RETURNING id`,
      [t.id, t.name, t.slug, t.plan, t.timezone],
    );
    return rows.length ? tx.findOneByOrFail(TenantEntity, { id: t.id }) : null;
  }

  async insertOwner(
    tx: Tx,
    u: { id: string; tenantId: string; fullName: string; email: string; mobile: string | null; passwordHash: string; verified: boolean },
  ): Promise<UserEntity> {
    await tx.insert(UserEntity, {
      id: u.id,
      tenantId: u.tenantId,
      fullName: u.fullName,
      email: u.email,
      mobile: u.mobile,
      role: 'TENANT_OWNER',
      status: 'ACTIVE',
      employeeCode: null,
      passwordHash: u.passwordHash,
      // Left out when vouched for, so the column default dates it.
      ...(u.verified ? {} : { verifiedAt: null }),
    });
    return tx.findOneByOrFail(UserEntity, { id: u.id, tenantId: u.tenantId });
  }
}
