import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import type { Propagated } from '../../access/feed/propagation.js';
import type { ContractsService, UserDeactivator } from '../contracts/contracts.service.js';
import type { Offboarding, OffboardingRepository } from './offboarding.repository.js';
import { DEFAULT_CHECKLIST, type ListOffboardingQuery, type StartOffboardingBody } from './offboarding.schemas.js';
import { computeSettlement, type Settlement } from './settlement.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { SettlementLedger } from '../../time/leave-accrual/leave-accrual.service.js';

function offboardingNotFound(): NotFoundError {
  return new NotFoundError('Offboarding not found');
}

/**
 * Offboarding, run by HR roles: started with a reason and a last working day, worked through a
 * checklist, finalized with a settlement computed from the contract and the leave on record. Spec
 * 03: finalizing terminates the active contract and deactivates the person in one transaction and
 * fires only offboarding.settled — not contract.ended, not user.terminated — without any amount.
 */
export class OffboardingService {
  constructor(
    private readonly repo: OffboardingRepository,
    private readonly contracts: ContractsService,
    private readonly users: UserDeactivator,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly people: PeoplePolicy,
    private readonly ledger: SettlementLedger,
  ) {}

  start(actor: Actor, body: StartOffboardingBody): Promise<Offboarding> {
    if (body.userId === actor.userId) throw new ForbiddenError('You cannot offboard yourself');
    return this.transaction(async (tx) => {
      if (!(await this.repo.liveUser(tx, actor.tenantId, body.userId))) throw new NotFoundError('User not found');
      // Offboarding ends in deactivation: the rule of PATCH /users/:id/status, from the first step.
      await this.people.assert(tx, actor, body.userId, 'account');
      const now = this.clock.now();
      const id = uuid();
      await this.repo.insert(tx, {
        id,
        tenantId: actor.tenantId,
        userId: body.userId,
        reason: body.reason,
        lastWorkingDay: body.lastWorkingDay,
        status: 'IN_PROGRESS',
        settlement: null,
        startedByUserId: actor.userId,
        finalizedByUserId: null,
        completedAt: null,
        createdAt: now,
        updatedAt: now,
        checklist: [],
      });
      for (const title of DEFAULT_CHECKLIST) await this.repo.addItem(tx, actor.tenantId, id, { id: uuid(), title });
      return (await this.repo.find(tx, actor.tenantId, id))!;
    });
  }

  /** An offboarding, with a settlement preview while it is in progress. */
  async get(actor: Actor, timezone: string, id: string): Promise<Offboarding> {
    const o = await this.repo.find(null, actor.tenantId, id);
    if (!o) throw offboardingNotFound();
    return o.status === 'IN_PROGRESS' ? { ...o, settlement: await this.settlement(null, o, timezone) } : o;
  }

  list(actor: Actor, query: ListOffboardingQuery): Promise<Offboarding[]> {
    return this.repo.list(actor.tenantId, query.status, query.limit, query.offset);
  }

  addItem(actor: Actor, id: string, title: string): Promise<Offboarding> {
    return this.inProgress(actor, id, async (tx) => this.repo.addItem(tx, actor.tenantId, id, { id: uuid(), title }));
  }

  setItem(actor: Actor, id: string, itemId: string, done: boolean): Promise<Offboarding> {
    return this.inProgress(actor, id, async (tx) => {
      if (!(await this.repo.setItemDone(tx, actor.tenantId, id, itemId, done, actor.userId, this.clock.now()))) throw new NotFoundError('Checklist item not found');
    });
  }

  cancel(actor: Actor, id: string): Promise<Offboarding> {
    return this.inProgress(actor, id, async (tx) => this.repo.cancel(tx, actor.tenantId, id, this.clock.now()));
  }

  async finalize(actor: Actor, timezone: string, id: string): Promise<Propagated<Offboarding>> {
    const { offboarding, afterCommit } = await this.transaction(async (tx) => {
      const o = await this.repo.lock(tx, actor.tenantId, id);
      if (!o) throw offboardingNotFound();
      if (o.status !== 'IN_PROGRESS') throw new ConflictError(`An offboarding that is ${o.status} cannot be finalized`);
      if (o.userId === actor.userId) throw new ForbiddenError('You cannot finalize your own offboarding');
      await this.people.assert(tx, actor, o.userId, 'account');
      const open = o.checklist.filter((i) => !i.done).length;
      if (open > 0) throw new ConflictError(`${open} checklist item(s) are not done`, 'CHECKLIST_INCOMPLETE');
      const now = this.clock.now();
      const settlement = await this.settlement(tx, o, timezone);
      await this.contracts.endForOffboarding(tx, actor.tenantId, o.userId, now);
      const afterCommit = await this.users.deactivateWithin(tx, actor.tenantId, o.userId, now);
      await this.repo.complete(tx, actor.tenantId, id, { settlement, by: actor.userId, at: now });
      await recordEvent(
        tx,
        actor.tenantId,
        'offboarding.settled',
        { tenantId: actor.tenantId, offboardingId: id, userId: o.userId, reason: o.reason, lastWorkingDay: o.lastWorkingDay, completedAt: now.toISOString(), finalizedByUserId: actor.userId },
        now,
      );
      return { offboarding: (await this.repo.find(tx, actor.tenantId, id))!, afterCommit };
    });
    return { value: offboarding, propagation: await afterCommit() };
  }

  private async settlement(tx: Tx | null, o: Offboarding, timezone: string): Promise<Settlement> {
    if (!tx) return this.transaction((t) => this.settlement(t, o, timezone));
    const contract = await this.contracts.lockActiveOf(tx, o.tenantId, o.userId);
    const ledgerBalanceDays = await this.ledger.balanceDays(tx, o.tenantId, o.userId, o.lastWorkingDay);
    const year = o.lastWorkingDay.slice(0, 4);
    const month = o.lastWorkingDay.slice(0, 7);
    return computeSettlement({
      lastWorkingDay: o.lastWorkingDay,
      contract,
      leaveTakenDays: await this.repo.approvedLeaveDays(tx, o.tenantId, o.userId, 'ANNUAL', `${year}-01-01`, o.lastWorkingDay, timezone),
      unpaidLeaveDays: await this.repo.approvedLeaveDays(tx, o.tenantId, o.userId, 'UNPAID', `${month}-01`, o.lastWorkingDay, timezone),
      ...(ledgerBalanceDays === null ? {} : { ledgerBalanceDays }),
    });
  }

  private inProgress(actor: Actor, id: string, change: (tx: Tx) => Promise<void>): Promise<Offboarding> {
    return this.transaction(async (tx) => {
      const o = await this.repo.lock(tx, actor.tenantId, id);
      if (!o) throw offboardingNotFound();
      if (o.status !== 'IN_PROGRESS') throw new ConflictError(`An offboarding that is ${o.status} cannot be changed`);
      await this.people.assert(tx, actor, o.userId, 'account');
      await change(tx);
      return (await this.repo.find(tx, actor.tenantId, id))!;
    });
  }
}
