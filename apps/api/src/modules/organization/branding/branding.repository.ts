import type { DataSource } from '@wfm/db/data-source';
import type { TenantBrandingEntity } from '@wfm/db/entities/branding-profiles-leads.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { assignments, exec, one, type Columns, type Db, type Joined, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { ImageMediaType } from '../../../storage/images.js';

export interface StoredLogo {
  key: string;
  mediaType: ImageMediaType;
  sha256: string;
  bytes: number;
  uploadedAt: Date;
}

/** A tenant with its branding; the branding fields are null until an admin sets them. */
export type Branding = Omit<BrandingRow, 'logoKey' | 'logoMediaType' | 'logoSha256' | 'logoBytes' | 'logoUploadedAt'> & { logo: StoredLogo | null };

export type ColourChanges = Partial<Pick<TenantBrandingEntity, 'primaryColor' | 'accentColor'>>;

type BrandingRow = Row<TenantEntity, 'name' | 'slug'> & { tenantId: TenantEntity['id'] } & Joined<Row<TenantBrandingEntity, 'primaryColor' | 'accentColor' | 'logoKey' | 'logoSha256' | 'logoBytes' | 'logoUploadedAt' | 'updatedAt'>> & {
  logoMediaType: ImageMediaType | null;
};

const COLOUR_COLUMNS: Columns<ColourChanges & { updatedAt: Date }> = { primaryColor: 'primary_color', accentColor: 'accent_color', updatedAt: 'updated_at' };

const SELECT = `SELECT t.id AS "tenantId", t.name, t.slug, b.primary_color AS "primaryColor", b.accent_color AS "accentColor",
       b.logo_key AS "logoKey", b.logo_media_type AS "logoMediaType", b.logo_sha256 AS "logoSha256", b.logo_bytes AS "logoBytes",
       b.logo_uploaded_at AS "logoUploadedAt", b.updated_at AS "updatedAt"
  FROM tenants t LEFT JOIN tenant_branding b ON b.tenant_id = t.id`;

function toBranding(r: BrandingRow | null): Branding | null {
  if (!r) return null;
  const logo = r.logoKey ? { key: r.logoKey, mediaType: r.logoMediaType!, sha256: r.logoSha256!, bytes: r.logoBytes!, uploadedAt: r.logoUploadedAt! } : null;
  return { tenantId: r.tenantId, name: r.name, slug: r.slug, primaryColor: r.primaryColor, accentColor: r.accentColor, logo, updatedAt: r.updatedAt };
}

export class BrandingRepository {
  constructor(private readonly ds: DataSource) {}

  async bySlug(slug: string): Promise<Branding | null> {
    return toBranding(await one<BrandingRow>(this.ds, `${SELECT} WHERE t.slug = $1`, [slug]));
  }

  async byTenant(db: Db | null, tenantId: string): Promise<Branding | null> {
    return toBranding(await one<BrandingRow>(db ?? this.ds, `${SELECT} WHERE t.id = $1`, [tenantId]));
  }

  /** The tenant's branding row, created empty if need be and locked until the transaction ends; null without such a tenant. */
  async lock(tx: Tx, tenantId: string, at: Date): Promise<Branding | null> {
    await exec(tx, `INSERT INTO tenant_branding (tenant_id, updated_at) SELECT id, $2 FROM tenants WHERE id = $1 ON CONFLICT (tenant_id) DO NOTHING`, [tenantId, at]);
    await exec(tx, `SELECT 1 FROM tenant_branding WHERE tenant_id = $1 FOR UPDATE`, [tenantId]);
    return this.byTenant(tx, tenantId);
  }

  async setColours(tx: Tx, tenantId: string, changes: ColourChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId];
    await exec(tx, `UPDATE tenant_branding SET ${assignments({ ...changes, updatedAt: at }, COLOUR_COLUMNS, params)} WHERE tenant_id = $1`, params);
  }

  async setLogo(tx: Tx, tenantId: string, logo: StoredLogo | null, at: Date): Promise<void> {
    await exec(
      tx,
      `UPDATE tenant_branding SET logo_key = $2, logo_media_type = $3, logo_sha256 = $4, logo_bytes = $5, logo_uploaded_at = $6, updated_at = $7 WHERE tenant_id = $1`,
      [tenantId, logo?.key ?? null, logo?.mediaType ?? null, logo?.sha256 ?? null, logo?.bytes ?? null, logo?.uploadedAt ?? null, at],
    );
  }
}
