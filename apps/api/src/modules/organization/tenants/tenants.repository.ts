import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';

export type TenantChanges = Partial<Pick<TenantEntity, 'name' | 'timezone' | 'plan' | 'publicApiEnabled' | 'ssoEnabled'>>;

export class TenantsRepository {
  constructor(private readonly ds: DataSource) {}

  findById(id: string): Promise<TenantEntity | null> {
    return this.ds.getRepository(TenantEntity).findOneBy({ id });
  }

  /** Null when no tenant has this id; otherwise the row as stored after the change. */
  async update(tx: Tx, id: string, changes: TenantChanges, at: Date): Promise<TenantEntity | null> {
    const result = await tx.getRepository(TenantEntity).update({ id }, { ...changes, updatedAt: at });
    if (!result.affected) return null;
    return tx.getRepository(TenantEntity).findOneBy({ id });
  }

  list(): Promise<TenantEntity[]> {
    return this.ds.getRepository(TenantEntity).find({ order: { createdAt: 'ASC', id: 'ASC' } });
  }
}
