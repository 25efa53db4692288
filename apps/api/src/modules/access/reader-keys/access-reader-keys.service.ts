import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { hashReaderKey, newReaderKey, READER_KEY_PREFIX } from '@wfm/access/reader-key';
import { NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { AccessChange } from '@wfm/access/change-feed';
import type { AccessFeed } from '../feed/access-feed.service.js';
import type { Propagated } from '../feed/propagation.js';
import type { AccessReaderKeysRepository } from './access-reader-keys.repository.js';
import type { CreateReaderKeyBody, ReaderKeyCreatedDto, ReaderKeyDto, ReaderKeyRevokedDto } from './access-reader-keys.schemas.js';

/** The literal prefix plus 4 characters: enough to tell keys apart in a list, useless to an attacker. */
const DISPLAY_PREFIX_LENGTH = READER_KEY_PREFIX.length + 4;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * Reader-bridge keys: what a door bridge presents to verify and heartbeat (the daemon's routes) and
 * nowhere else. Shown once at creation; only its hash is kept (see libs/access reader-key: daemons
 * check keys without any platform secret). Revocation is final.
 */
export class AccessReaderKeysService {
  constructor(
    private readonly repo: AccessReaderKeysRepository,
    private readonly transaction: TransactionRunner,
    private readonly feed: AccessFeed,
    private readonly clock: Clock,
  ) {}

  async create(actor: { tenantId: string; userId: string }, input: CreateReaderKeyBody): Promise<Propagated<ReaderKeyCreatedDto>> {
    const key = newReaderKey();
    const id = uuid();
    const now = this.clock.now();
    const change = await this.transaction(async (tx) => {
      await this.repo.insert(tx, {
        id,
        tenantId: actor.tenantId,
        name: input.name,
        keyHash: hashReaderKey(key),
        prefix: key.slice(0, DISPLAY_PREFIX_LENGTH),
        createdByUserId: actor.userId,
        createdAt: now,
        lastUsedAt: null,
        revokedAt: null,
      });
      return this.feed.record(tx, actor.tenantId, 'reader-key', id);
    });
    return { value: { id, name: input.name, key, createdAt: now.toISOString() }, propagation: await this.feed.publish(change) };
  }

  async list(tenantId: string): Promise<ReaderKeyDto[]> {
    return (await this.repo.list(tenantId)).map((k) => ({
      id: k.id,
      name: k.name,
      prefix: k.prefix,
      createdAt: k.createdAt.toISOString(),
      lastUsedAt: iso(k.lastUsedAt),
      revokedAt: iso(k.revokedAt),
    }));
  }

  /** Idempotent: revoking a revoked key answers its first revocation time and publishes nothing. */
  async revoke(tenantId: string, id: string): Promise<Propagated<ReaderKeyRevokedDto>> {
    const { revokedAt, change } = await this.transaction(async (tx): Promise<{ revokedAt: Date; change: AccessChange | null }> => {
      const at = await this.repo.revoke(tx, tenantId, id, this.clock.now());
      if (at) return { revokedAt: at, change: await this.feed.record(tx, tenantId, 'reader-key', id) };
      const existing = await this.repo.revokedAt(tx, tenantId, id);
      if (!existing?.revokedAt) throw new NotFoundError('Reader key not found');
      return { revokedAt: existing.revokedAt, change: null };
    });
    const propagation = change ? await this.feed.publish(change) : 'complete';
    return { value: { id, revoked: true, revokedAt: revokedAt.toISOString() }, propagation };
  }
}
