import type { Clock } from '@wfm/core/clock';
import { randomToken, uuid } from '@wfm/core/crypto';
import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { Role } from '@wfm/core/tenancy';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import type { FileStorage } from '../../../storage/file-storage.js';
import { IMAGE_MAX_BYTES, prepareImage } from '../../../storage/images.js';
import { logoAddress } from '../branding/branding.service.js';
import type { Profile, PublicProfilesRepository, StoredPhoto } from './public-profiles.repository.js';
import type { OwnProfileDto, PublicCardDto, UpdateOwnProfileBody } from './public-profiles.schemas.js';

export const PHOTO_MAX_BYTES = IMAGE_MAX_BYTES;
/** A card shows the photo small; a phone photo is scaled down to this on upload. */
const PHOTO_MAX_SIDE = 800;

/** The role in words on a card; the card never shows the role's code. */
export const ROLE_TITLES: Readonly<Record<Role, string>> = {
  TENANT_GROUP_OWNER: 'Group Owner',
  TENANT_OWNER: 'Owner',
  COMPANY_ADMIN: 'Company Administrator',
  HR_MANAGER: 'HR Manager',
  AREA_MANAGER: 'Area Manager',
  OPERATIONS_MANAGER: 'Operations Manager',
  OUTLET_MANAGER: 'Outlet Manager',
  STAFF: 'Team Member',
};

export interface PhotoFile {
  data: Buffer;
  mediaType: string;
  sha256: string;
}

const cardNotFound = () => new NotFoundError('Profile not found');
const noPhoto = () => new NotFoundError('There is no profile photo');
/** A new card's public id: 128 random bits, unrelated to the user's id. */
const newPublicId = () => randomToken(16);

type Who = Pick<Actor, 'tenantId' | 'userId'>;

/**
 * A person's public profile card: off until its owner turns it on, addressed by a random public id
 * the owner can replace (which kills every link shared so far). Only the person themself changes
 * it; what it shows beyond their choices (name, role, company) comes from their user record, so a
 * card cannot claim a role or an outlet its owner does not have.
 */
export class PublicProfilesService {
  constructor(
    private readonly repo: PublicProfilesRepository,
    private readonly transaction: TransactionRunner,
    private readonly storage: FileStorage,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** The API's public base URL (ending in /api/v1), for absolute addresses. */
    private readonly apiBaseUrl: string,
  ) {}

  private cardUrl(publicId: string): string {
    return `${this.apiBaseUrl}/u/${publicId}`;
  }

  private toOwn(p: Profile | null): OwnProfileDto {
    if (!p) return { enabled: false, uid: null, cardUrl: null, outletId: null, photo: null, updatedAt: null };
    return {
      enabled: p.enabled,
      uid: p.publicId,
      cardUrl: this.cardUrl(p.publicId),
      outletId: p.outletId,
      photo: p.photo ? { url: `${this.cardUrl(p.publicId)}/photo`, mediaType: p.photo.mediaType, bytes: p.photo.bytes, uploadedAt: p.photo.uploadedAt.toISOString() } : null,
      updatedAt: p.updatedAt.toISOString(),
    };
  }

  async own(who: Who): Promise<OwnProfileDto> {
    return this.toOwn(await this.repo.own(null, who.tenantId, who.userId));
  }

  async update(who: Who, body: UpdateOwnProfileBody): Promise<OwnProfileDto> {
    if (body.outletId) {
      const standing = await this.repo.outletStanding(who.tenantId, who.userId, body.outletId);
      if (standing === null) throw new NotFoundError('Outlet not found');
      if (standing === 'other') throw new BadRequestError(['outletId must be one of the outlets you are assigned to']);
    }
    return this.change(who, async (tx, now) => this.repo.update(tx, who.tenantId, who.userId, body, now));
  }

  /** A new public id: the card and photo answer at the new address only. */
  async rotate(who: Who): Promise<OwnProfileDto> {
    return this.change(who, async (tx, now) => this.repo.update(tx, who.tenantId, who.userId, { publicId: newPublicId() }, now));
  }

  async replacePhoto(who: Who, upload: Buffer): Promise<OwnProfileDto> {
    const image = await prepareImage(upload, { accept: ['png', 'jpeg'], maxSide: PHOTO_MAX_SIDE, what: 'photo' });
    const now = this.clock.now();
    const photo: StoredPhoto = { key: `${who.tenantId}/profile-photos/${uuid()}`, mediaType: image.mediaType, sha256: image.sha256, bytes: image.data.length, uploadedAt: now };
    await this.storage.put(photo.key, image.data);
    const { previous, dto } = await this.transaction(async (tx) => {
      const locked = await this.locked(tx, who, now);
      await this.repo.setPhoto(tx, who.tenantId, who.userId, photo, now);
      return { previous: locked.photo, dto: this.toOwn(await this.repo.own(tx, who.tenantId, who.userId)) };
    }).catch(async (err: unknown) => {
      await this.discard(who.tenantId, photo.key);
      throw err;
    });
    if (previous) await this.discard(who.tenantId, previous.key);
    return dto;
  }

  async removePhoto(who: Who): Promise<void> {
    const previous = await this.transaction(async (tx) => {
      const p = await this.repo.own(tx, who.tenantId, who.userId);
      if (!p?.photo) throw noPhoto();
      await this.repo.setPhoto(tx, who.tenantId, who.userId, null, this.clock.now());
      return p.photo;
    });
    await this.discard(who.tenantId, previous.key);
  }

  async card(publicId: string): Promise<PublicCardDto> {
    const c = await this.repo.card(publicId);
    if (!c) throw cardNotFound();
    return {
      uid: c.publicId,
      name: c.fullName,
      roleTitle: ROLE_TITLES[c.role],
      photoUrl: c.photo ? `${this.cardUrl(c.publicId)}/photo` : null,
      outlet: c.outlet,
      company: { name: c.company.name, slug: c.company.slug, logoUrl: c.company.hasLogo ? logoAddress(this.apiBaseUrl, c.tenantId) : null },
    };
  }

  async photo(publicId: string): Promise<PhotoFile> {
    const c = await this.repo.card(publicId);
    if (!c) throw cardNotFound();
    if (!c.photo) throw noPhoto();
    const data = await this.storage.get(c.photo.key);
    if (!data) {
      this.logger.error({ tenantId: c.tenantId, key: c.photo.key }, 'profile photo missing from the file storage');
      throw noPhoto();
    }
    return { data, mediaType: c.photo.mediaType, sha256: c.photo.sha256 };
  }

  /** The caller's profile row, made (off) first if need be, locked until the transaction ends. */
  private async locked(tx: Tx, who: Who, now: Date): Promise<Profile> {
    const locked = await this.repo.lock(tx, who.tenantId, who.userId, newPublicId(), now);
    if (!locked) throw new NotFoundError('User not found');
    return locked;
  }

  /** Runs `work` on the caller's locked profile row and answers the row as it then is. */
  private async change(who: Who, work: (tx: Tx, now: Date) => Promise<void>): Promise<OwnProfileDto> {
    return this.transaction(async (tx) => {
      const now = this.clock.now();
      await this.locked(tx, who, now);
      await work(tx, now);
      return this.toOwn(await this.repo.own(tx, who.tenantId, who.userId));
    });
  }

  /** A file nothing points at any more; failing to delete it leaves an orphan, not a wrong answer. */
  private async discard(tenantId: string, key: string): Promise<void> {
    await this.storage.delete(key).catch((err: unknown) => this.logger.warn({ tenantId, key, err }, 'could not delete a profile photo no longer used'));
  }
}
