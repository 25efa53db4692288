import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import { roleAllowed } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { PEOPLE_ADMINS } from '@wfm/core/role-sets';
import type { Propagation } from '../../access/feed/propagation.js';
import type { Contract, ContractChanges, ContractsRepository } from './contracts.repository.js';
import type { CreateContractBody, ListContractsQuery, UpdateContractBody } from './contracts.schemas.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';

/** What the expiry needs of the users module: deactivation inside its transaction, silently. */
export interface UserDeactivator {
  deactivateWithin(tx: Tx, tenantId: string, userId: string, at: Date): Promise<() => Promise<Propagation>>;
}

function contractNotFound(): NotFoundError {
  return new NotFoundError('Contract not found');
}

/** Spec 03, contract.*: the fields of every contract event; salary is never among them. */
function contractPayload(c: Contract) {
  return {
    tenantId: c.tenantId,
    contractId: c.id,
    userId: c.userId,
    jobTitle: c.jobTitle,
    employmentType: c.employmentType,
    status: c.status,
    startDate: c.startDate,
    endDate: c.endDate,
  };
}

/**
 * HR contracts: DRAFT → ACTIVE → TERMINATED or EXPIRED, one ACTIVE per person. Spec 03: creating
 * fires contract.created (DRAFT), editing contract.updated, the Terminate action contract.ended;
 * activation (and the silent end of the contract it supersedes), the bulk staff import, offboarding
 * and the expiry job fire nothing. Salary is seen by HR roles only.
 */
export class ContractsService {
  constructor(
    private readonly repo: ContractsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly users: UserDeactivator,
    private readonly people: PeoplePolicy,
  ) {}

  create(actor: Actor, body: CreateContractBody): Promise<Contract> {
    const now = this.clock.now();
    const contract: Contract = {
      id: uuid(),
      tenantId: actor.tenantId,
      userId: body.userId,
      jobTitle: body.jobTitle,
      employmentType: body.employmentType,
      status: 'DRAFT',
      startDate: body.startDate,
      endDate: body.endDate ?? null,
      salaryMinor: body.salaryMinor ?? null,
      currency: body.currency ?? null,
      annualLeaveDays: body.annualLeaveDays ?? 28,
      endReason: null,
      endedAt: null,
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    return this.transaction(async (tx) => {
      if (!(await this.repo.userStatus(tx, actor.tenantId, body.userId))) throw new NotFoundError('User not found');
      await this.people.assert(tx, actor, body.userId, 'record');
      await this.repo.insert(tx, contract);
      await recordEvent(tx, actor.tenantId, 'contract.created', contractPayload(contract), now);
      return contract;
    });
  }

  /** HR roles see every contract; anyone else only their own. */
  list(actor: Actor, query: ListContractsQuery): Promise<Contract[]> {
    const { limit, offset, ...filter } = query;
    if (roleAllowed(actor.role, PEOPLE_ADMINS)) return this.repo.list(actor.tenantId, filter, limit, offset);
    if (filter.userId !== undefined && filter.userId !== actor.userId) throw new ForbiddenError('You can list only your own contracts');
    return this.repo.list(actor.tenantId, { ...filter, userId: actor.userId }, limit, offset);
  }

  async get(actor: Actor, id: string): Promise<Contract> {
    const contract = await this.repo.find(actor.tenantId, id);
    if (!contract || (!roleAllowed(actor.role, PEOPLE_ADMINS) && contract.userId !== actor.userId)) throw contractNotFound();
    return contract;
  }

  /** A draft or active contract; fires contract.updated (salary changes included, salary never in it). */
  update(actor: Actor, id: string, body: UpdateContractBody): Promise<Contract> {
    return this.transaction(async (tx) => {
      const current = await this.lockOpen(tx, actor.tenantId, id, 'edited');
      await this.people.assert(tx, actor, current.userId, 'record');
      const next = { ...current, ...body } as Contract;
      if (next.endDate !== null && next.endDate < next.startDate) throw new ConflictError('endDate must not be before startDate');
      const now = this.clock.now();
      const changes: ContractChanges = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const updated = await this.repo.update(tx, actor.tenantId, id, changes, now);
      await recordEvent(tx, actor.tenantId, 'contract.updated', contractPayload(updated), now);
      return updated;
    });
  }

  /** DRAFT → ACTIVE, ending the person's active contract (SUPERSEDED); spec 03: fires nothing. */
  activate(actor: Actor, id: string): Promise<Contract> {
    return this.transaction(async (tx) => {
      const draft = await this.repo.lock(tx, actor.tenantId, id);
      if (!draft) throw contractNotFound();
      await this.people.assert(tx, actor, draft.userId, 'record');
      if (draft.status !== 'DRAFT') throw new ConflictError(`A contract that is ${draft.status} cannot be activated`);
      if ((await this.repo.userStatus(tx, actor.tenantId, draft.userId)) !== 'ACTIVE') throw new ConflictError('The user is not active');
      const now = this.clock.now();
      const previous = await this.repo.lockActiveOf(tx, actor.tenantId, draft.userId);
      if (previous) await this.repo.setStatus(tx, actor.tenantId, previous.id, 'TERMINATED', now, { reason: 'SUPERSEDED' });
      return this.repo.setStatus(tx, actor.tenantId, id, 'ACTIVE', now);
    });
  }

  /** The Terminate action: ACTIVE → TERMINATED; fires contract.ended with the reason. */
  terminate(actor: Actor, id: string, reason: string): Promise<Contract> {
    return this.transaction(async (tx) => {
      const contract = await this.repo.lock(tx, actor.tenantId, id);
      if (!contract) throw contractNotFound();
      await this.people.assert(tx, actor, contract.userId, 'record');
      if (contract.status !== 'ACTIVE') throw new ConflictError(`A contract that is ${contract.status} cannot be terminated`);
      const now = this.clock.now();
      const ended = await this.repo.setStatus(tx, actor.tenantId, id, 'TERMINATED', now, { reason });
      await recordEvent(tx, actor.tenantId, 'contract.ended', { ...contractPayload(ended), reason }, now);
      return ended;
    });
  }

  /** Offboarding's end of the active contract, in its transaction; spec 03: no contract.ended. */
  async endForOffboarding(tx: Tx, tenantId: string, userId: string, at: Date): Promise<Contract | null> {
    const active = await this.repo.lockActiveOf(tx, tenantId, userId);
    return active ? this.repo.setStatus(tx, tenantId, active.id, 'TERMINATED', at, { reason: 'OFFBOARDING' }) : null;
  }

  lockActiveOf(tx: Tx, tenantId: string, userId: string): Promise<Contract | null> {
    return this.repo.lockActiveOf(tx, tenantId, userId);
  }

  /**
   * The daily expiry (a job, run hourly so each tenant's midnight is caught in its timezone):
   * active contracts whose end date has passed become EXPIRED, and an intern whose contract
   * expired is set INACTIVE (the intern-expiry of spec 03). Fires nothing: neither contract.ended
   * nor user.terminated. Each tenant in its own transaction, so one failure holds up no other.
   */
  async expirePastEndDate(batch = 1000): Promise<number> {
    const now = this.clock.now();
    const due = await this.repo.pastEndDate(now, batch);
    const byTenant = new Map<string, string[]>();
    for (const { tenantId, id } of due) byTenant.set(tenantId, [...(byTenant.get(tenantId) ?? []), id]);
    let expired = 0;
    for (const [tenantId, ids] of byTenant) {
      try {
        const afterCommit = await this.transaction(async (tx) => {
          const rows = await this.repo.expire(tx, tenantId, ids, now);
          expired += rows.length;
          const interns = [...new Set(rows.filter((r) => r.employmentType === 'INTERN').map((r) => r.userId))];
          return Promise.all(interns.map((userId) => this.users.deactivateWithin(tx, tenantId, userId, now)));
        });
        await Promise.all(afterCommit.map((propagate) => propagate()));
      } catch (err) {
        this.logger.error({ err, tenantId }, 'contracts not expired; the next run tries again');
      }
    }
    return expired;
  }

  private async lockOpen(tx: Tx, tenantId: string, id: string, verb: string): Promise<Contract> {
    const contract = await this.repo.lock(tx, tenantId, id);
    if (!contract) throw contractNotFound();
    if (contract.status !== 'DRAFT' && contract.status !== 'ACTIVE') throw new ConflictError(`A contract that is ${contract.status} cannot be ${verb}`);
    return contract;
  }
}
