import type { Actor } from '@wfm/core/principal';
import type { UserOutletsRepository } from './user-outlets.repository.js';

/**
 * How far a caller's authority reaches inside their tenant. An OUTLET_MANAGER acts at the outlets
 * assigned to them (PUT /users/:id/outlets) and on the people assigned to those outlets; every other
 * role a route admits acts tenant-wide. An OUTLET_MANAGER with no outlets reaches nothing but
 * themselves.
 */
export type OutletScope = { kind: 'tenant' } | { kind: 'outlets'; outletIds: string[] };

/** Ids come from PostgreSQL in lower case, request bodies in either. */
export function coversOutlet(scope: OutletScope, outletId: string): boolean {
  return scope.kind === 'tenant' || scope.outletIds.includes(outletId.toLowerCase());
}

/** The one place that decides who is outlet-scoped; routes for people, shifts, attendance, leave and access all ask it. */
export class OutletScopeService {
  constructor(private readonly repo: UserOutletsRepository) {}

  async of(actor: Actor): Promise<OutletScope> {
    if (actor.role !== 'OUTLET_MANAGER') return { kind: 'tenant' };
    return { kind: 'outlets', outletIds: await this.repo.outletIdsOf(null, actor.tenantId, actor.userId) };
  }

  /**
   * Where a person works, for what they do on the floor (an asset to report, a checklist to
   * complete, a guide to follow): STAFF, like an OUTLET_MANAGER, at the outlets assigned to them;
   * every other role tenant-wide.
   */
  async workplaceOf(actor: Actor): Promise<OutletScope> {
    if (actor.role !== 'STAFF') return this.of(actor);
    return { kind: 'outlets', outletIds: await this.repo.outletIdsOf(null, actor.tenantId, actor.userId) };
  }

  /**
   * Whether a person is within the scope: tenant-wide, anyone; outlet-scoped, someone assigned to one
   * of its outlets. A person assigned to no outlet belongs to none, so only tenant-wide roles reach them.
   */
  async coversUser(tenantId: string, scope: OutletScope, userId: string): Promise<boolean> {
    return scope.kind === 'tenant' || this.repo.assignedToAny(tenantId, userId, scope.outletIds);
  }
}
