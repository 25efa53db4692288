import type { DataSource } from '@wfm/db/data-source';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { one, type Row } from '@wfm/db/sql';

export type CareersTenant = Row<TenantEntity, 'id' | 'name' | 'slug'> & {
  /** Whether the tenant has ever published a posting (one OPEN now, or closed since). */
  hasPublished: boolean;
};

export class CareersPageRepository {
  constructor(private readonly ds: DataSource) {}

  findTenant(slug: string): Promise<CareersTenant | null> {
    return one(
      this.ds,
      `SELECT t.id, t.name, t.slug, EXISTS (SELECT 1 FROM career_jobs j WHERE j.tenant_id = t.id AND j.published_at IS NOT NULL) AS "hasPublished"
         FROM tenants t WHERE t.slug = $1`,
      [slug],
    );
  }
}
