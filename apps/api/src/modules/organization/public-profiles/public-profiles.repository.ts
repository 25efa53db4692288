import type { DataSource } from '@wfm/db/data-source';
import type { UserPublicProfileEntity } from '@wfm/db/entities/branding-profiles-leads.entity';
import type { OutletEntity } from '@wfm/db/entities/outlet.entity';
import type { TenantEntity } from '@wfm/db/entities/tenant.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { assignments, exec, live, one, type Columns, type Db, type Joined, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { assignedToAnySql } from '../user-outlets/user-outlets.repository.js';

export interface StoredPhoto {
  key: string;
  mediaType: 'image/png' | 'image/jpeg';
  sha256: string;
  bytes: number;
  uploadedAt: Date;
}

export type Profile = Omit<ProfileRow, keyof PhotoColumns> & { photo: StoredPhoto | null };

export type ProfileChanges = Partial<Pick<UserPublicProfileEntity, 'enabled' | 'outletId' | 'publicId'>>;

/** What an enabled card shows, with what its photo route needs. */
export type Card = Row<UserPublicProfileEntity, 'tenantId' | 'publicId'> &
  Row<UserEntity, 'fullName' | 'role'> & {
    photo: StoredPhoto | null;
    outlet: Row<OutletEntity, 'name' | 'city'> | null;
    company: Row<TenantEntity, 'name' | 'slug'> & { hasLogo: boolean };
  };

type PhotoColumns = Row<UserPublicProfileEntity, 'photoKey' | 'photoSha256' | 'photoBytes' | 'photoUploadedAt'> & { photoMediaType: StoredPhoto['mediaType'] | null };

type ProfileRow = Row<UserPublicProfileEntity, 'tenantId' | 'userId' | 'publicId' | 'enabled' | 'outletId' | 'updatedAt'> & PhotoColumns;

type CardRow = Omit<Card, 'photo' | 'outlet' | 'company'> &
  PhotoColumns &
  Joined<{ outletName: OutletEntity['name']; outletCity: OutletEntity['city'] }> & { companyName: TenantEntity['name']; companySlug: TenantEntity['slug']; hasLogo: boolean };

const PHOTO_SELECT = `p.photo_key AS "photoKey", p.photo_media_type AS "photoMediaType", p.photo_sha256 AS "photoSha256",
       p.photo_bytes AS "photoBytes", p.photo_uploaded_at AS "photoUploadedAt"`;

const CHANGE_COLUMNS: Columns<ProfileChanges & { updatedAt: Date }> = { enabled: 'enabled', outletId: 'outlet_id', publicId: 'public_id', updatedAt: 'updated_at' };

function photoOf(r: PhotoColumns): StoredPhoto | null {
  return r.photoKey ? { key: r.photoKey, mediaType: r.photoMediaType!, sha256: r.photoSha256!, bytes: r.photoBytes!, uploadedAt: r.photoUploadedAt! } : null;
}

export class PublicProfilesRepository {
  constructor(private readonly ds: DataSource) {}

  async own(db: Db | null, tenantId: string, userId: string): Promise<Profile | null> {
    const r = await one<ProfileRow>(
      db ?? this.ds,
      `SELECT p.tenant_id AS "tenantId", p.user_id AS "userId", p.public_id AS "publicId", p.enabled, p.outlet_id AS "outletId",
              ${PHOTO_SELECT}, p.updated_at AS "updatedAt"
         FROM user_public_profiles p
        WHERE p.tenant_id = $1 AND p.user_id = $2`,
      [tenantId, userId],
    );
    if (!r) return null;
    return { tenantId: r.tenantId, userId: r.userId, publicId: r.publicId, enabled: r.enabled, outletId: r.outletId, photo: photoOf(r), updatedAt: r.updatedAt };
  }

  /** The user's profile row, made (off) with `publicId` when there is none, locked until the transaction ends; null without such a live user. */
  async lock(tx: Tx, tenantId: string, userId: string, publicId: string, at: Date): Promise<Profile | null> {
    await exec(
      tx,
      `INSERT INTO user_public_profiles (user_id, tenant_id, public_id, enabled, created_at, updated_at)
       SELECT u.id, u.tenant_id, $3, false, $4, $4 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}
       ON CONFLICT (user_id) DO NOTHING`,
      [tenantId, userId, publicId, at],
    );
    await exec(tx, `SELECT 1 FROM user_public_profiles WHERE tenant_id = $1 AND user_id = $2 FOR UPDATE`, [tenantId, userId]);
    return this.own(tx, tenantId, userId);
  }

  async update(tx: Tx, tenantId: string, userId: string, changes: ProfileChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId, userId];
    await exec(tx, `UPDATE user_public_profiles SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND user_id = $2`, params);
  }

  async setPhoto(tx: Tx, tenantId: string, userId: string, photo: StoredPhoto | null, at: Date): Promise<void> {
    await exec(
      tx,
      `UPDATE user_public_profiles SET photo_key = $3, photo_media_type = $4, photo_sha256 = $5, photo_bytes = $6, photo_uploaded_at = $7, updated_at = $8
        WHERE tenant_id = $1 AND user_id = $2`,
      [tenantId, userId, photo?.key ?? null, photo?.mediaType ?? null, photo?.sha256 ?? null, photo?.bytes ?? null, photo?.uploadedAt ?? null, at],
    );
  }

  /** `assigned`: one of the user's outlets; `other`: an outlet of the tenant the user is not assigned to; null: no such outlet in the tenant. */
  async outletStanding(tenantId: string, userId: string, outletId: string): Promise<'assigned' | 'other' | null> {
    const r = await one<{ assigned: boolean }>(
      this.ds,
      `SELECT ${assignedToAnySql('$2', 'o.tenant_id', 'ARRAY[o.id]')} AS assigned FROM outlets o WHERE o.tenant_id = $1 AND o.id = $3`,
      [tenantId, userId, outletId],
    );
    return r ? (r.assigned ? 'assigned' : 'other') : null;
  }

  /**
   * The card behind a public id, only while it is on and its person is a live, active user. The
   * lookup is by the id alone (it is global, like a careers page slug); everything joined to it is
   * held to the profile's own tenant. The outlet shows only while the person is still assigned to
   * it and it is active.
   */
  async card(publicId: string): Promise<Card | null> {
    const r = await one<CardRow>(
      this.ds,
      `SELECT p.tenant_id AS "tenantId", p.public_id AS "publicId", u.full_name AS "fullName", u.role, ${PHOTO_SELECT},
              o.name AS "outletName", o.city AS "outletCity", t.name AS "companyName", t.slug AS "companySlug",
              (b.logo_key IS NOT NULL) AS "hasLogo"
         FROM user_public_profiles p
         JOIN users u ON u.tenant_id = p.tenant_id AND u.id = p.user_id AND ${live('u')} AND u.status = 'ACTIVE'
         JOIN tenants t ON t.id = p.tenant_id
         LEFT JOIN tenant_branding b ON b.tenant_id = p.tenant_id
         LEFT JOIN outlets o ON o.tenant_id = p.tenant_id AND o.id = p.outlet_id AND o.status = 'ACTIVE'
                            AND ${assignedToAnySql('p.user_id', 'p.tenant_id', 'ARRAY[o.id]')}
        WHERE p.public_id = $1 AND p.enabled`,
      [publicId],
    );
    if (!r) return null;
    return {
      tenantId: r.tenantId,
      publicId: r.publicId,
      fullName: r.fullName,
      role: r.role,
      photo: photoOf(r),
      outlet: r.outletName !== null && r.outletCity !== null ? { name: r.outletName, city: r.outletCity } : null,
      company: { name: r.companyName, slug: r.companySlug, hasLogo: r.hasLogo },
    };
  }
}
