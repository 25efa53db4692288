import type { DataSource } from '@wfm/db/data-source';
import { uuid } from '@wfm/core/crypto';
import type { Role } from '@wfm/core/tenancy';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { OutletEntity } from '@wfm/db/entities/outlet.entity';

export interface DemoUser {
  fullName: string;
  email: string;
  role: Role;
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
      await tx.insert(
        UserEntity,
        input.users.map((u) => ({ id: uuid(), tenantId, ...u, mobile: null, status: 'ACTIVE' as const, employeeCode: null, passwordHash: input.passwordHash })),
      );
      await tx.insert(
        OutletEntity,
        input.outlets.map((o) => ({ id: uuid(), tenantId, ...o, address: null, status: 'ACTIVE' as const })),
      );
    });
  }

  /** Undoes a half-seeded demo (rows of other tables go with it by ON DELETE CASCADE). */
  async removeTenant(tenantId: string): Promise<void> {
    await this.ds.getRepository(TenantEntity).delete({ id: tenantId });
  }
}
