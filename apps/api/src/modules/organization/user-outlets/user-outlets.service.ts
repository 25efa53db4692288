import { NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import { assertMayActOn } from '@wfm/core/people-policy';
import type { Actor } from '@wfm/core/principal';
import type { OutletScopeService } from './outlet-scope.service.js';
import type { UserOutletsRepository } from './user-outlets.repository.js';
import type { UserOutletsDto } from './user-outlets.schemas.js';

const userNotFound = () => new NotFoundError('User not found');

/**
 * The outlets a person looks after. It is what limits an OUTLET_MANAGER's view of access zones,
 * readers and audit to their own outlets.
 */
export class UserOutletsService {
  constructor(
    private readonly repo: UserOutletsRepository,
    private readonly transaction: TransactionRunner,
    private readonly scopes: OutletScopeService,
  ) {}

  /** An OUTLET_MANAGER reads themselves and the people of their outlets; anyone else is 404 to them. */
  async get(actor: Actor, userId: string): Promise<UserOutletsDto> {
    const visible = userId === actor.userId || (await this.scopes.coversUser(actor.tenantId, await this.scopes.of(actor), userId));
    if (!visible || !(await this.repo.liveUserRole(null, actor.tenantId, userId))) throw userNotFound();
    return { userId, outletIds: await this.repo.outletIdsOf(null, actor.tenantId, userId) };
  }

  /** Places a user created in the caller's transaction (a converted hire) at outlets of the tenant, as PUT does. */
  async placeWithin(tx: Tx, tenantId: string, userId: string, outletIds: string[]): Promise<void> {
    const known = await this.repo.existingOutlets(tx, tenantId, outletIds);
    const missing = outletIds.find((id) => !known.has(id.toLowerCase()));
    if (missing) throw new NotFoundError(`Outlet ${missing} not found`);
    await this.repo.replace(tx, tenantId, userId, outletIds);
  }

  set(actor: Actor, userId: string, outletIds: string[]): Promise<UserOutletsDto> {
    return this.transaction(async (tx) => {
      const role = await this.repo.liveUserRole(tx, actor.tenantId, userId);
      if (!role) throw userNotFound();
      assertMayActOn(actor, { id: userId, role }, 'account');
      const known = await this.repo.existingOutlets(tx, actor.tenantId, outletIds);
      const missing = outletIds.find((id) => !known.has(id.toLowerCase()));
      if (missing) throw new NotFoundError(`Outlet ${missing} not found`);
      await this.repo.replace(tx, actor.tenantId, userId, outletIds);
      return { userId, outletIds: await this.repo.outletIdsOf(tx, actor.tenantId, userId) };
    });
  }
}
