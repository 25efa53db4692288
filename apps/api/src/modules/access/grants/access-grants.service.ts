import type { AccessChange } from '@wfm/access/change-feed';
import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import type { AccessFeed } from '../feed/access-feed.service.js';
import type { Propagated, Propagation } from '../feed/propagation.js';
import type { UserRemoval, UserRemovalListener } from '../../organization/users/user-removal.port.js';
import { ACTIVE_GRANT_EXISTS, type AccessGrantsRepository, type GrantSelector, type GrantView, type NewGrant, type Revocation } from './access-grants.repository.js';
import type { BulkGrantsBody, BulkGrantsDto, CreateGrantBody, GrantDto, ListGrantsQuery } from './access-grants.schemas.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';

/** The audit row's `source` for each way a grant is revoked. */
export const REVOKED_BY = { admin: 'ADMIN', zoneDeleted: 'ZONE_DELETED', userRemoved: 'USER_REMOVED' } as const;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toGrantDto(g: GrantView): GrantDto {
  return {
    id: g.id,
    tenantId: g.tenantId,
    userId: g.userId,
    userName: g.userName,
    zoneId: g.zoneId,
    zoneName: g.zoneName,
    status: g.status,
    expiresAt: iso(g.expiresAt),
    note: g.note,
    createdAt: g.createdAt.toISOString(),
    updatedAt: g.updatedAt.toISOString(),
    revokedAt: iso(g.revokedAt),
    revokeReason: g.revokeReason,
  };
}

const grantNotFound = () => new NotFoundError('Grant not found');

/**
 * User grants: who may open which zone. One ACTIVE grant per user and zone; every way a grant ends
 * early (revoke, hard delete of an active grant, zone deletion, user removal) writes a REVOKED audit
 * row, and every committed change is published to the access daemons.
 */
export class AccessGrantsService implements UserRemovalListener {
  constructor(
    private readonly repo: AccessGrantsRepository,
    private readonly transaction: TransactionRunner,
    private readonly feed: AccessFeed,
    private readonly clock: Clock,
    private readonly people: PeoplePolicy,
  ) {}

  async list(actor: Actor, q: ListGrantsQuery): Promise<GrantDto[]> {
    const rows = await this.repo.list(actor.tenantId, { userId: q.userId, zoneId: q.zoneId, status: q.status }, this.clock.now(), q.limit, q.offset);
    return rows.map(toGrantDto);
  }

  async listForUser(actor: Actor, userId: string): Promise<GrantDto[]> {
    if (!(await this.repo.userIsLive(actor.tenantId, userId))) throw new NotFoundError('User not found');
    const rows = await this.repo.list(actor.tenantId, { userId }, this.clock.now(), null, 0);
    return rows.map(toGrantDto);
  }

  async create(actor: Actor, body: CreateGrantBody): Promise<Propagated<GrantDto>> {
    const now = this.clock.now();
    const expiresAt = futureOrNull(body.expiresAt, now);
    const id = uuid();
    const { grant, changes } = await this.transaction(async (tx) => {
      const [user] = await this.repo.liveUsers(tx, actor.tenantId, [body.userId]);
      if (!user) throw new NotFoundError('User not found');
      await this.people.assert(tx, actor, user.id, 'work');
      const [zone] = await this.repo.liveZones(tx, actor.tenantId, [body.zoneId]);
      if (!zone) throw new NotFoundError('Zone not found');
      if ((await this.repo.activePairs(tx, actor.tenantId, [user.id], [zone.id], now)).length) throw new ConflictError(ACTIVE_GRANT_EXISTS);
      const expired = await this.repo.expireLapsed(tx, actor.tenantId, [user.id], [zone.id], now);
      await this.repo.insert(tx, actor.tenantId, [{ id, userId: user.id, zoneId: zone.id }], { expiresAt, note: body.note ?? null, createdBy: actor.userId, at: now });
      const changes = await this.feed.recordMany(tx, actor.tenantId, 'grant', [...expired, id]);
      return { grant: (await this.repo.view(tx, actor.tenantId, id, now))!, changes };
    });
    return { value: toGrantDto(grant), propagation: await this.feed.publish(changes) };
  }

  /** Every user × every zone, all in one transaction; pairs that already have an active grant are skipped. */
  async bulk(actor: Actor, body: BulkGrantsBody): Promise<Propagated<BulkGrantsDto>> {
    const now = this.clock.now();
    const expiresAt = futureOrNull(body.expiresAt, now);
    const note = body.note ?? null;
    const { grants, skipped, changes } = await this.transaction(async (tx) => {
      const users = await this.repo.liveUsers(tx, actor.tenantId, body.userIds);
      assertAllFound('User', body.userIds, users);
      await this.people.assert(tx, actor, users.map((u) => u.id), 'work');
      const zones = await this.repo.liveZones(tx, actor.tenantId, body.zoneIds);
      assertAllFound('Zone', body.zoneIds, zones);
      const held = new Set((await this.repo.activePairs(tx, actor.tenantId, body.userIds, body.zoneIds, now)).map((p) => `${p.userId}/${p.zoneId}`));
      const userById = new Map(users.map((u) => [u.id, u]));
      const zoneById = new Map(zones.map((z) => [z.id, z]));
      const fresh: NewGrant[] = [];
      for (const userId of body.userIds) {
        const user = userById.get(userId.toLowerCase())!;
        for (const zoneId of body.zoneIds) {
          const zone = zoneById.get(zoneId.toLowerCase())!;
          if (!held.has(`${user.id}/${zone.id}`)) fresh.push({ id: uuid(), userId: user.id, zoneId: zone.id });
        }
      }
      const expired = await this.repo.expireLapsed(tx, actor.tenantId, body.userIds, body.zoneIds, now);
      if (fresh.length) await this.repo.insert(tx, actor.tenantId, fresh, { expiresAt, note, createdBy: actor.userId, at: now });
      const changes = await this.feed.recordMany(tx, actor.tenantId, 'grant', [...expired, ...fresh.map((g) => g.id)]);
      const grants: GrantDto[] = fresh.map((g) => ({
        id: g.id,
        tenantId: actor.tenantId,
        userId: g.userId,
        userName: userById.get(g.userId)!.fullName,
        zoneId: g.zoneId,
        zoneName: zoneById.get(g.zoneId)!.name,
        status: 'ACTIVE',
        expiresAt: iso(expiresAt),
        note,
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
        revokedAt: null,
        revokeReason: null,
      }));
      return { grants, skipped: body.userIds.length * body.zoneIds.length - fresh.length, changes };
    });
    return { value: { created: grants.length, skipped, grants }, propagation: await this.feed.publish(changes) };
  }

  async revoke(actor: Actor, id: string, reason: string | null): Promise<Propagated<GrantDto>> {
    const now = this.clock.now();
    const { grant, changes } = await this.transaction(async (tx) => {
      const current = await this.repo.lockUserGrant(tx, actor.tenantId, id, now);
      if (!current) throw grantNotFound();
      await this.people.assert(tx, actor, current.userId, 'work');
      if (current.status !== 'ACTIVE') throw new ConflictError(`Only an ACTIVE grant can be revoked; this grant is ${current.status}`);
      await this.repo.revokeActive(tx, actor.tenantId, { id }, { at: now, byUserId: actor.userId, reason, source: REVOKED_BY.admin });
      const changes = [await this.feed.record(tx, actor.tenantId, 'grant', id)];
      return { grant: (await this.repo.view(tx, actor.tenantId, id, now))!, changes };
    });
    return { value: toGrantDto(grant), propagation: await this.feed.publish(changes) };
  }

  /** Removes the row for good; a grant still active at that moment is first revoked, so the audit shows when it ended. */
  async remove(actor: Actor, id: string): Promise<Propagated<{ deleted: true; id: string }>> {
    const now = this.clock.now();
    const changes = await this.transaction(async (tx) => {
      const current = await this.repo.lockUserGrant(tx, actor.tenantId, id, now);
      if (!current) throw grantNotFound();
      await this.people.assert(tx, actor, current.userId, 'work');
      await this.repo.revokeActive(tx, actor.tenantId, { id }, { at: now, byUserId: actor.userId, reason: 'Grant deleted', source: REVOKED_BY.admin });
      await this.repo.hardDelete(tx, actor.tenantId, id);
      return [await this.feed.record(tx, actor.tenantId, 'grant', id, 'delete')];
    });
    return { value: { deleted: true, id }, propagation: await this.feed.publish(changes) };
  }

  /** Zone deletion's cascade, inside its transaction: user and visitor grants of the zone alike. */
  endZoneGrants(tx: Tx, tenantId: string, zoneId: string, byUserId: string, at: Date): Promise<{ revoked: number; changes: AccessChange[] }> {
    return this.endGrants(tx, tenantId, { zoneId }, { at, byUserId, reason: 'Zone deleted', source: REVOKED_BY.zoneDeleted });
  }

  async userRemoved(tx: Tx, removal: UserRemoval): Promise<() => Promise<Propagation>> {
    const { changes } = await this.endGrants(tx, removal.tenantId, { userId: removal.userId }, {
      at: removal.at,
      byUserId: removal.removedBy,
      reason: 'User removed',
      source: REVOKED_BY.userRemoved,
    });
    changes.push(await this.feed.record(tx, removal.tenantId, 'user', removal.userId, 'delete'));
    return () => this.feed.publish(changes);
  }

  /** Grants stay as they are; daemons stop (or resume) honouring them while the user is inactive. */
  async userStatusChanged(tx: Tx, change: { tenantId: string; userId: string }): Promise<() => Promise<Propagation>> {
    const recorded = await this.feed.record(tx, change.tenantId, 'user', change.userId, 'upsert');
    return () => this.feed.publish(recorded);
  }

  /** Lapsed grants are stored as EXPIRED (no audit row: they had already stopped working); active ones are revoked. */
  private async endGrants(tx: Tx, tenantId: string, selector: GrantSelector, r: Revocation): Promise<{ revoked: number; changes: AccessChange[] }> {
    const expired = await this.repo.expireLapsedWhere(tx, tenantId, selector, r.at);
    const revoked = await this.repo.revokeActive(tx, tenantId, selector, r);
    const changes = await this.feed.recordMany(tx, tenantId, 'grant', [...expired, ...revoked.map((g) => g.id)]);
    return { revoked: revoked.length, changes };
  }
}

function futureOrNull(expiresAt: string | undefined, now: Date): Date | null {
  if (expiresAt === undefined) return null;
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) throw new BadRequestError(['expiresAt must be in the future']);
  return at;
}

function assertAllFound(kind: 'User' | 'Zone', asked: string[], found: Array<{ id: string }>): void {
  const ids = new Set(found.map((f) => f.id));
  const missing = asked.find((id) => !ids.has(id.toLowerCase()));
  if (missing) throw new NotFoundError(`${kind} ${missing} not found`);
}
