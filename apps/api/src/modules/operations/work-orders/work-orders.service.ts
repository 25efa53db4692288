import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import { OPERATIONS_MANAGERS } from '@wfm/core/role-sets';
import { roleAllowed } from '@wfm/core/tenancy';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { IssuesService } from '../issues/issues.service.js';
import type { MaintenanceService } from '../maintenance/maintenance.service.js';
import type { WorkOrder, WorkOrderChanges, WorkOrderStatus, WorkOrdersRepository } from './work-orders.repository.js';
import type { AssignWorkOrderBody, CreateWorkOrderBody, ListWorkOrdersQuery, UpdateWorkOrderBody } from './work-orders.schemas.js';

/** The workflow; moving to the status an order already has is accepted and changes nothing. */
const TRANSITIONS: Record<WorkOrderStatus, readonly WorkOrderStatus[]> = {
  OPEN: ['ASSIGNED', 'CANCELLED'],
  ASSIGNED: ['ASSIGNED', 'IN_PROGRESS', 'CANCELLED'],
  IN_PROGRESS: ['COMPLETED', 'CANCELLED'],
  // Rejected at verification: back to work.
  COMPLETED: ['VERIFIED', 'IN_PROGRESS'],
  VERIFIED: [],
  CANCELLED: [],
};

function workOrderNotFound(): NotFoundError {
  return new NotFoundError('Work order not found');
}

/** Who acts on an order: a manager whose scope covers its outlet, or the person it is assigned to. */
type Standing = 'manager' | 'assignee';

/**
 * Work orders at outlets: raised by OPERATIONS_MANAGERS (from an issue, for an asset, or neither),
 * assigned to a vendor or a person, started and completed by that person (or a manager), verified
 * or rejected by a manager. Verifying resolves the issue it was raised from silently (spec 03: no
 * issue.resolved for side-effect resolution by a verified work order).
 */
export class WorkOrdersService {
  constructor(
    private readonly repo: WorkOrdersRepository,
    private readonly maintenance: MaintenanceService,
    private readonly issues: IssuesService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
  ) {}

  async create(actor: Actor, body: CreateWorkOrderBody): Promise<WorkOrder> {
    const scope = await this.scopes.of(actor);
    let outletId = body.outletId?.toLowerCase() ?? null;
    let assetId = body.assetId ?? null;
    const agree = (other: string, what: string) => {
      if (outletId && outletId !== other) throw new ConflictError(`The ${what} is at another outlet`);
      outletId = other;
    };
    if (body.issueId) {
      const issue = await this.repo.issueRef(actor.tenantId, body.issueId);
      if (!issue || !coversOutlet(scope, issue.outletId)) throw new NotFoundError('Issue not found');
      agree(issue.outletId, 'issue');
      assetId ??= issue.assetId;
    }
    if (assetId) agree((await this.maintenance.assetFor(actor, assetId, 'manage')).outletId, 'asset');
    if (!outletId) throw new ConflictError('A work order needs an outletId, an assetId or an issueId');
    if (!(await this.repo.outletExists(actor.tenantId, outletId))) throw new NotFoundError('Outlet not found');
    if (!coversOutlet(scope, outletId)) throw new ForbiddenError('You can raise work orders only at your outlets');
    await this.assertAssignee(actor, body);
    const now = this.clock.now();
    const id = uuid();
    return this.transaction(async (tx) => {
      await this.repo.insert(tx, {
        id,
        tenantId: actor.tenantId,
        outletId: outletId!,
        assetId,
        issueId: body.issueId ?? null,
        title: body.title,
        description: body.description ?? null,
        priority: body.priority,
        status: body.vendorId || body.assigneeUserId ? 'ASSIGNED' : 'OPEN',
        dueOn: body.dueOn ?? null,
        vendorId: body.vendorId ?? null,
        assigneeUserId: body.assigneeUserId ?? null,
        completionNote: null,
        completedAt: null,
        verifiedByUserId: null,
        verifiedAt: null,
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      });
      return (await this.repo.find(now, actor.tenantId, id, tx))!;
    });
  }

  /** A person outside an OUTLET_MANAGER's outlets is as unknown to them as another tenant's. */
  private async assertAssignee(actor: Actor, body: { vendorId?: string | undefined; assigneeUserId?: string | undefined }): Promise<void> {
    await this.maintenance.assertVendor(actor.tenantId, body.vendorId);
    if (!body.assigneeUserId) return;
    const scope = await this.scopes.of(actor);
    if (!(await this.repo.activeUser(actor.tenantId, body.assigneeUserId)) || !(await this.scopes.coversUser(actor.tenantId, scope, body.assigneeUserId))) {
      throw new NotFoundError('User not found');
    }
    // A work order given to a person is work: the rank rule's `work` (at or below the giver).
    await this.people.assert(null, actor, body.assigneeUserId, 'work');
  }

  /**
   * A work order opened by the platform (an automation's OPEN_WORK_ORDER) inside the caller's
   * transaction, with no one as its author. A vendor deleted or a person gone since the rule was
   * written is dropped, and the order opens unassigned (`assigned: false`) for a manager to give.
   */
  async openSilently(
    tx: Tx,
    o: { tenantId: string; outletId: string; assetId: string | null; issueId: string | null; title: string; description: string; priority: WorkOrder['priority']; dueOn: string; vendorId: string | null; assigneeUserId: string | null },
  ): Promise<{ id: string; assigned: boolean }> {
    const vendorId = o.vendorId && (await this.maintenance.vendorLive(o.tenantId, o.vendorId, tx)) ? o.vendorId : null;
    const assigneeUserId = o.assigneeUserId && (await this.repo.activeUser(o.tenantId, o.assigneeUserId, tx)) ? o.assigneeUserId : null;
    const now = this.clock.now();
    const id = uuid();
    await this.repo.insert(tx, {
      id,
      tenantId: o.tenantId,
      outletId: o.outletId,
      assetId: o.assetId,
      issueId: o.issueId,
      title: o.title,
      description: o.description,
      priority: o.priority,
      status: vendorId || assigneeUserId ? 'ASSIGNED' : 'OPEN',
      dueOn: o.dueOn,
      vendorId,
      assigneeUserId,
      completionNote: null,
      completedAt: null,
      verifiedByUserId: null,
      verifiedAt: null,
      createdByUserId: null,
      createdAt: now,
      updatedAt: now,
    });
    return { id, assigned: vendorId !== null || assigneeUserId !== null };
  }

  async list(actor: Actor, query: ListWorkOrdersQuery): Promise<WorkOrder[]> {
    const { limit, offset, ...filter } = query;
    const now = this.clock.now();
    if (!roleAllowed(actor.role, OPERATIONS_MANAGERS)) return this.repo.list(now, actor.tenantId, { ...filter, onlyAssignee: actor.userId }, limit, offset);
    const scope = await this.scopes.of(actor);
    return this.repo.list(now, actor.tenantId, { ...filter, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds, orAssignee: actor.userId } : {}) }, limit, offset);
  }

  async get(actor: Actor, id: string): Promise<WorkOrder> {
    const order = await this.repo.find(this.clock.now(), actor.tenantId, id);
    if (!order || !(await this.standing(actor, order))) throw workOrderNotFound();
    return order;
  }

  private async standing(actor: Actor, order: WorkOrder): Promise<Standing | null> {
    if (roleAllowed(actor.role, OPERATIONS_MANAGERS) && coversOutlet(await this.scopes.of(actor), order.outletId)) return 'manager';
    return order.assigneeUserId === actor.userId ? 'assignee' : null;
  }

  update(actor: Actor, id: string, body: UpdateWorkOrderBody): Promise<WorkOrder> {
    return this.move(actor, id, 'manager', null, () => body);
  }

  async assign(actor: Actor, id: string, body: AssignWorkOrderBody): Promise<WorkOrder> {
    await this.assertAssignee(actor, body);
    return this.move(actor, id, 'manager', 'ASSIGNED', () => ({ vendorId: body.vendorId ?? null, assigneeUserId: body.assigneeUserId ?? null }));
  }

  start(actor: Actor, id: string): Promise<WorkOrder> {
    return this.move(actor, id, 'assignee', 'IN_PROGRESS', () => ({}));
  }

  complete(actor: Actor, id: string, completionNote: string): Promise<WorkOrder> {
    return this.move(actor, id, 'assignee', 'COMPLETED', (now) => ({ completionNote, completedAt: now }));
  }

  reject(actor: Actor, id: string): Promise<WorkOrder> {
    return this.move(actor, id, 'manager', 'IN_PROGRESS', () => ({ completedAt: null }), 'COMPLETED');
  }

  cancel(actor: Actor, id: string): Promise<WorkOrder> {
    return this.move(actor, id, 'manager', 'CANCELLED', () => ({}));
  }

  /** VERIFIED by a manager; the issue it was raised from becomes RESOLVED with no issue.resolved (spec 03). */
  verify(actor: Actor, id: string): Promise<WorkOrder> {
    return this.move(actor, id, 'manager', 'VERIFIED', (now) => ({ verifiedByUserId: actor.userId, verifiedAt: now }), undefined, async (tx, order) => {
      if (order.issueId) await this.issues.resolveSilently(tx, actor.tenantId, order.issueId, { userId: actor.userId, note: order.completionNote ?? `Work order verified: ${order.title}` });
    });
  }

  /**
   * One move of an order, locked: who may make it (`needs`: a manager, or the assignee too), the
   * status it goes to (null: an edit, not in a final status), the fields it writes. A move to the
   * status the order has is accepted and changes nothing; `from` narrows where the move starts.
   */
  private async move(
    actor: Actor,
    id: string,
    needs: Standing,
    to: WorkOrderStatus | null,
    changes: (now: Date) => WorkOrderChanges,
    from?: WorkOrderStatus,
    after?: (tx: Tx, order: WorkOrder) => Promise<void>,
  ): Promise<WorkOrder> {
    return this.transaction(async (tx) => {
      const now = this.clock.now();
      const order = await this.repo.lock(tx, now, actor.tenantId, id);
      const standing = order ? await this.standing(actor, order) : null;
      if (!order || !standing) throw workOrderNotFound();
      if (needs === 'manager' && standing !== 'manager') throw new ForbiddenError('Only a manager of its outlet may do this');
      if (to === null) {
        if (order.status === 'VERIFIED' || order.status === 'CANCELLED') throw new ConflictError(`A work order that is ${order.status} cannot be changed`);
        return this.repo.update(tx, now, actor.tenantId, id, changes(now));
      }
      if (order.status === to && to !== 'ASSIGNED' && from === undefined) return order;
      if ((from !== undefined && order.status !== from) || !TRANSITIONS[order.status].includes(to)) {
        throw new ConflictError(`A work order that is ${order.status} cannot be set to ${to}`);
      }
      const updated = await this.repo.update(tx, now, actor.tenantId, id, { ...changes(now), status: to });
      await after?.(tx, updated);
      return updated;
    });
  }
}
