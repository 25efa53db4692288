import type { AccessChange } from '@wfm/access/change-feed';
import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import type { AccessFeed } from '../feed/access-feed.service.js';
import type { Propagated } from '../feed/propagation.js';
import type { OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { AccessGrantsService } from '../grants/access-grants.service.js';
import type { AccessZonesRepository, ReaderRow, ZoneChanges, ZoneRow } from './access-zones.repository.js';
import type { CreateZoneBody, DeletedReaderDto, DeletedZoneDto, ListZonesQuery, ReaderDto, UpdateZoneBody, ZoneDto } from './access-zones.schemas.js';

/** Spec 02, Limits: a reader is offline after 15 minutes (three missed beats) without a heartbeat. */
export const READER_OFFLINE_AFTER_MS = 15 * 60_000;

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

function toZoneDto(z: ZoneRow): ZoneDto {
  return {
    id: z.id,
    tenantId: z.tenantId,
    outletId: z.outletId,
    name: z.name,
    description: z.description,
    readerIds: z.readerIds,
    hoursJson: z.hoursJson,
    active: z.active,
    createdAt: z.createdAt.toISOString(),
    updatedAt: z.updatedAt.toISOString(),
    deletedAt: iso(z.deletedAt),
    outlet: z.outlet,
  };
}

const zoneNotFound = () => new NotFoundError('Zone not found');
const outletNotFound = () => new NotFoundError('Outlet not found');
const TENANT = { kind: 'tenant' } as const;

/**
 * Zones: the doors' grouping, their readers and opening hours. A reader id belongs to at most one
 * live zone of a tenant, so a tap always resolves to one zone. Deleting a zone is soft and ends
 * its active grants (user and visitor) with REVOKED audit rows.
 */
export class AccessZonesService {
  constructor(
    private readonly repo: AccessZonesRepository,
    private readonly transaction: TransactionRunner,
    private readonly grants: AccessGrantsService,
    private readonly scopes: OutletScopeService,
    private readonly feed: AccessFeed,
    private readonly clock: Clock,
  ) {}

  async list(actor: Actor, q: ListZonesQuery): Promise<ZoneDto[]> {
    return (await this.repo.list(actor.tenantId, q.outletId, await this.scopes.of(actor))).map(toZoneDto);
  }

  async get(actor: Actor, id: string): Promise<ZoneDto> {
    const zone = await this.repo.findLive(null, actor.tenantId, id, await this.scopes.of(actor));
    if (!zone) throw zoneNotFound();
    return toZoneDto(zone);
  }

  async create(actor: Actor, body: CreateZoneBody): Promise<Propagated<ZoneDto>> {
    const now = this.clock.now();
    const id = uuid();
    const { zone, change } = await this.transaction(async (tx) => {
      if (body.outletId && !(await this.repo.outlet(tx, actor.tenantId, body.outletId))) throw outletNotFound();
      await this.assertReadersFree(tx, actor.tenantId, body.readerIds, null);
      await this.repo.insert(tx, {
        id,
        tenantId: actor.tenantId,
        outletId: body.outletId ?? null,
        name: body.name,
        description: body.description ?? null,
        hoursJson: body.hoursJson ?? null,
        active: true,
        createdAt: now,
        updatedAt: now,
      });
      await this.repo.bind(tx, actor.tenantId, id, body.readerIds);
      const change = await this.feed.record(tx, actor.tenantId, 'zone', id);
      return { zone: (await this.repo.findLive(tx, actor.tenantId, id, TENANT))!, change };
    });
    return { value: toZoneDto(zone), propagation: await this.feed.publish(change) };
  }

  async update(actor: Actor, id: string, body: UpdateZoneBody): Promise<Propagated<ZoneDto>> {
    const now = this.clock.now();
    const { zone, change } = await this.transaction(async (tx) => {
      if (!(await this.repo.lockLive(tx, actor.tenantId, id))) throw zoneNotFound();
      if (body.outletId && !(await this.repo.outlet(tx, actor.tenantId, body.outletId))) throw outletNotFound();
      if (body.readerIds) {
        await this.assertReadersFree(tx, actor.tenantId, body.readerIds, id);
        await this.repo.bind(tx, actor.tenantId, id, body.readerIds);
      }
      const changes: ZoneChanges = {};
      if (body.name !== undefined) changes.name = body.name;
      if (body.description !== undefined) changes.description = body.description;
      if (body.outletId !== undefined) changes.outletId = body.outletId;
      if (body.hoursJson !== undefined) changes.hoursJson = body.hoursJson;
      if (body.active !== undefined) changes.active = body.active;
      await this.repo.update(tx, actor.tenantId, id, changes, now);
      const change = await this.feed.record(tx, actor.tenantId, 'zone', id);
      return { zone: (await this.repo.findLive(tx, actor.tenantId, id, TENANT))!, change };
    });
    return { value: toZoneDto(zone), propagation: await this.feed.publish(change) };
  }

  async remove(actor: Actor, id: string): Promise<Propagated<DeletedZoneDto>> {
    const now = this.clock.now();
    const { revoked, changes } = await this.transaction(async (tx) => {
      if (!(await this.repo.lockLive(tx, actor.tenantId, id))) throw zoneNotFound();
      await this.repo.softDelete(tx, actor.tenantId, id, now);
      // Recorded before the grants' changes: versions must rise in the order they are published.
      const zoneChange = await this.feed.record(tx, actor.tenantId, 'zone', id, 'delete');
      const ended = await this.grants.endZoneGrants(tx, actor.tenantId, id, actor.userId, now);
      const changes: AccessChange[] = [zoneChange, ...ended.changes];
      return { revoked: ended.revoked, changes };
    });
    return { value: { deleted: true, id, revokedGrants: revoked }, propagation: await this.feed.publish(changes) };
  }

  /**
   * Forgets a retired reader, freeing its place under the tenant's cap. Its audit rows keep its id;
   * a reader still bound to a zone is refused, since its door would stop answering. A reader still
   * in service that beats again is registered anew, as on its first beat.
   */
  async removeReader(actor: Actor, readerId: string): Promise<DeletedReaderDto> {
    await this.transaction(async (tx) => {
      const reader = await this.repo.lockReader(tx, actor.tenantId, readerId);
      if (!reader) throw new NotFoundError('Reader not found');
      if (reader.zoneName !== null) throw new ConflictError(`The reader is bound to the zone "${reader.zoneName}": take it out of the zone first`, 'READER_IN_ZONE');
      await this.repo.deleteReader(tx, actor.tenantId, readerId);
    });
    return { deleted: true, readerId };
  }

  async readers(actor: Actor): Promise<ReaderDto[]> {
    const now = this.clock.now().getTime();
    return (await this.repo.readers(actor.tenantId, await this.scopes.of(actor))).map((r: ReaderRow) => ({
      id: r.id,
      readerId: r.readerId,
      firmwareVersion: r.firmwareVersion,
      ipAddress: r.ipAddress,
      firstSeenAt: r.firstSeenAt.toISOString(),
      lastSeenAt: r.lastSeenAt.toISOString(),
      online: now - r.lastSeenAt.getTime() < READER_OFFLINE_AFTER_MS,
      zone: r.zone,
    }));
  }

  private async assertReadersFree(tx: Tx, tenantId: string, readerIds: string[], zoneId: string | null): Promise<void> {
    const [taken] = await this.repo.boundElsewhere(tx, tenantId, readerIds, zoneId);
    if (taken) throw new ConflictError(`Reader ${taken.readerId} is already bound to zone ${taken.zoneName} (${taken.zoneId})`);
  }
}
