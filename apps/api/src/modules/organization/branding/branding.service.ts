import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { NotFoundError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { FileStorage } from '../../../storage/file-storage.js';
import { IMAGE_MAX_BYTES, prepareImage } from '../../../storage/images.js';
import type { Branding, BrandingRepository, StoredLogo } from './branding.repository.js';
import type { BrandingDto, PublicBrandingDto, UpdateBrandingBody } from './branding.schemas.js';

export const LOGO_MAX_BYTES = IMAGE_MAX_BYTES;
/** Logos are shown small (a sign-in screen, a careers page header); larger bitmaps are scaled down to this. */
const LOGO_MAX_SIDE = 1024;

export interface LogoFile {
  data: Buffer;
  mediaType: string;
  sha256: string;
}

/** Where a tenant's logo is served, absolute, from the API's public base URL (ending in /api/v1). */
export const logoAddress = (apiBaseUrl: string, tenantId: string) => `${apiBaseUrl}/branding/logo/${tenantId}`;

const tenantNotFound = () => new NotFoundError('Tenant not found');
const noLogo = () => new NotFoundError('This tenant has no logo');

/**
 * A tenant's colours and logo, which its apps show before anyone signs in. Admins change them;
 * anyone may read them by the tenant's slug (its name is no secret: it is on its careers page).
 * A replaced or removed logo file is deleted once the database no longer points at it.
 */
export class BrandingService {
  constructor(
    private readonly repo: BrandingRepository,
    private readonly transaction: TransactionRunner,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** The API's public base URL (ending in /api/v1), for the logo's absolute address. */
    private readonly apiBaseUrl: string,
  ) {}

  private toPublic(b: Branding): PublicBrandingDto {
    return { name: b.name, slug: b.slug, primaryColor: b.primaryColor, accentColor: b.accentColor, logoUrl: b.logo ? logoAddress(this.apiBaseUrl, b.tenantId) : null };
  }

  private toDto(b: Branding): BrandingDto {
    return {
      ...this.toPublic(b),
      logo: b.logo ? { mediaType: b.logo.mediaType, bytes: b.logo.bytes, uploadedAt: b.logo.uploadedAt.toISOString() } : null,
      updatedAt: b.updatedAt?.toISOString() ?? null,
    };
  }

  async publicBySlug(slug: string): Promise<PublicBrandingDto> {
    const b = await this.repo.bySlug(slug);
    if (!b) throw tenantNotFound();
    return this.toPublic(b);
  }

  async logo(tenantId: string): Promise<LogoFile> {
    const b = await this.repo.byTenant(null, tenantId);
    if (!b) throw tenantNotFound();
    if (!b.logo) throw noLogo();
    const data = await this.storage.get(b.logo.key);
    if (!data) {
      this.logger.error({ tenantId, key: b.logo.key }, 'logo file missing from the file storage');
      throw noLogo();
    }
    return { data, mediaType: b.logo.mediaType, sha256: b.logo.sha256 };
  }

  async get(tenantId: string): Promise<BrandingDto> {
    const b = await this.repo.byTenant(null, tenantId);
    if (!b) throw tenantNotFound();
    return this.toDto(b);
  }

  async updateColours(tenantId: string, body: UpdateBrandingBody): Promise<BrandingDto> {
    return this.transaction(async (tx) => {
      const now = this.clock.now();
      if (!(await this.repo.lock(tx, tenantId, now))) throw tenantNotFound();
      await this.repo.setColours(tx, tenantId, body, now);
      return this.toDto((await this.repo.byTenant(tx, tenantId))!);
    });
  }

  async replaceLogo(tenantId: string, upload: Buffer): Promise<BrandingDto> {
    const image = await prepareImage(upload, { accept: ['png', 'jpeg', 'svg'], maxSide: LOGO_MAX_SIDE, what: 'logo' });
    const now = this.clock.now();
    const logo: StoredLogo = { key: `${tenantId}/branding/${uuid()}`, mediaType: image.mediaType, sha256: image.sha256, bytes: image.data.length, uploadedAt: now };
    await this.storage.put(logo.key, image.data);
    const { previous, branding } = await this.transaction(async (tx) => {
      const locked = await this.repo.lock(tx, tenantId, now);
      if (!locked) throw tenantNotFound();
      await this.repo.setLogo(tx, tenantId, logo, now);
      return { previous: locked.logo, branding: (await this.repo.byTenant(tx, tenantId))! };
    }).catch(async (err: unknown) => {
      await this.discard(tenantId, logo.key);
      throw err;
    });
    if (previous) await this.discard(tenantId, previous.key);
    return this.toDto(branding);
  }

  async removeLogo(tenantId: string): Promise<void> {
    const previous = await this.transaction(async (tx) => {
      const locked = await this.repo.lock(tx, tenantId, this.clock.now());
      if (!locked) throw tenantNotFound();
      if (!locked.logo) throw noLogo();
      await this.repo.setLogo(tx, tenantId, null, this.clock.now());
      return locked.logo;
    });
    await this.discard(tenantId, previous.key);
  }

  /** A file nothing points at any more; failing to delete it leaves an orphan, not a wrong answer. */
  private async discard(tenantId: string, key: string): Promise<void> {
    await this.storage.delete(key).catch((err: unknown) => this.logger.warn({ tenantId, key, err }, 'could not delete a logo file no longer used'));
  }
}
