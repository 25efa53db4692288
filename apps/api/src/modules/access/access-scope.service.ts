import { roleAllowed, type Role } from '@wfm/core/tenancy';
import { ACCESS_MANAGE_ROLES } from './access-roles.js';
import type { AccessScopeRepository } from './access-scope.repository.js';

/**
 * How much of a tenant's access data a reader sees: managers see the whole tenant; an
 * OUTLET_MANAGER sees what belongs to the outlets assigned to them (PUT /users/:id/outlets), so
 * tenant-wide zones, and readers and taps of no zone, stay hidden from them.
 */
export type OutletScope = { kind: 'tenant' } | { kind: 'outlets'; outletIds: string[] };

export class AccessScopeService {
  constructor(private readonly repo: AccessScopeRepository) {}

  async of(actor: { tenantId: string; userId: string; role: Role }): Promise<OutletScope> {
    if (roleAllowed(actor.role, ACCESS_MANAGE_ROLES)) return { kind: 'tenant' };
    return { kind: 'outlets', outletIds: await this.repo.outletIdsOf(actor.tenantId, actor.userId) };
  }
}
