import type { DataSource } from '@wfm/db/data-source';
import { uuid } from '@wfm/core/crypto';
import type { Role } from '@wfm/core/tenancy';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { OutletEntity } from '@wfm/db/entities/outlet.entity';
import { UserOutletEntity } from '@wfm/db/entities/user-outlet.entity';

export interface DemoUser {
  fullName: string;
  email: string;
  role: Role;
  /** The code of the demo outlet this user looks after (an OUTLET_MANAGER's reach, a STAFF member's workplace). */
  outletCode?: string;
}

export interface DemoOutlet {
  name: string;
  code: string;
  city: string;
}

/** The seed's own writes, so the demo does not depend on the feature modules' services. */
export class DemoSeedRepository {
  constructor(private readonly ds: DataSource) {}

  async tenantIdBySlug(slug: string): Promise<string | null> {
    const t = await this.ds.getRepository(TenantEntity).findOne({ where: { slug }, select: { id: true } });
    return t?.id ?? null;
  }

  /** Everything the demo adds to a freshly provisioned tenant, in one transaction. */
  async populate(tenantId: string, input: { passwordHash: string; users: DemoUser[]; outlets: DemoOutlet[] }): Promise<void> {
    await this.ds.transaction(async (tx) => {
      await tx.update(TenantEntity, { id: tenantId }, { publicApiEnabled: true });
      const users = input.users.map((u) => ({ ...u, id: uuid() }));
      const outlets = input.outlets.map((o) => ({ id: uuid(), tenantId, ...o, address: null, status: 'ACTIVE' as const }));
      await tx.insert(
        UserEntity,
        users.map(({ id, fullName, email, role }) => ({ id, tenantId, fullName, email, role, mobile: null, status: 'ACTIVE' as const, employeeCode: null, passwordHash: input.passwordHash })),
      );
      await tx.insert(OutletEntity, outlets);
      const assignments = users.flatMap((u) => outlets.filter((o) => o.code === u.outletCode).map((o) => ({ tenantId, userId: u.id, outletId: o.id })));
      if (assignments.length) await tx.insert(UserOutletEntity, assignments);
    });
  }

  /** Undoes a half-seeded demo (rows of other tables go with it by ON DELETE CASCADE). */
  async removeTenant(tenantId: string): Promise<void> {
    await this.ds.getRepository(TenantEntity).delete({ id: tenantId });
  }
}
