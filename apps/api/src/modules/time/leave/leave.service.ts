import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed, roleRank } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { Notifier } from '../../notifications/centre/centre.service.js';
import type { LeaveApproverRole } from '@wfm/db/entities/leave.entity';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { MANAGERS } from '@wfm/core/role-sets';
import type { OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { LeaveBalanceGate } from '../leave-accrual/leave-accrual.service.js';
import { leavePeriod } from './leave-period.js';
import { keysetSource } from '../../../lists/public-lists.js';
import type { LeaveApproval, LeaveListFilter, LeaveRepository, LeaveRequest } from './leave.repository.js';
import type {
  ApprovalChainDto,
  CreateLeaveRequestBody,
  LeaveRequestDto,
  ListLeaveRequestsQuery,
  PublicLeaveRequestDto,
  PublicListLeaveRequestsQuery,
  PutApprovalChainBody,
} from './leave.schemas.js';

/** The chain of a tenant that has configured none. */
export const DEFAULT_APPROVAL_CHAIN: readonly LeaveApproverRole[] = ['HR_MANAGER'];

/**
 * Who submits: a person for themselves, or an integration (through /public) for a person it
 * names. Both are submissions and fire leave.requested.
 */
export type Submitter = { kind: 'user'; actor: Actor } | { kind: 'integration'; tenantId: string; credentialId: string; targetUserId: string };


export function toLeaveRequestDto(r: LeaveRequest, approvals: LeaveApproval[]): LeaveRequestDto {
  return {
    id: r.id,
    tenantId: r.tenantId,
    userId: r.userId,
    type: r.leaveType,
    startDate: r.startDate.toISOString(),
    endDate: r.endDate.toISOString(),
    halfDay: r.halfDay,
    days: r.days,
    daysDecimal: r.daysDecimal,
    status: r.status,
    reason: r.reason,
    currentStep: r.currentStep,
    approvals: approvals.map((a) => ({
      step: a.step,
      decision: a.decision,
      decidedByUserId: a.decidedByUserId,
      note: a.note,
      decidedAt: a.decidedAt.toISOString(),
    })),
    createdByUserId: r.createdByUserId,
    createdByCredentialId: r.createdByCredentialId,
    decidedAt: r.decidedAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

export function toPublicLeaveRequestDto(d: LeaveRequestDto): PublicLeaveRequestDto {
  return {
    id: d.id,
    userId: d.userId,
    type: d.type,
    startDate: d.startDate,
    endDate: d.endDate,
    days: d.days,
    daysDecimal: d.daysDecimal,
    status: d.status,
    reason: d.reason,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/**
 * Leave requests and their approval chain. A request moves PENDING → APPROVED when the last step
 * of the chain approves, PENDING → REJECTED at the first rejection, PENDING → CANCELLED when its
 * person withdraws it. A pending request is decided against the chain as it is at decision time:
 * its step s needs the role of chain step min(s, length), and an approval at step ≥ length is the
 * last one, so a changed chain applies to requests already under way.
 *
 * A request belongs to its person, and through them to the outlets they are assigned to; a request
 * an OUTLET_MANAGER may not see is 404 to them, as it is to STAFF.
 */
export class LeaveService {
  constructor(
    private readonly repo: LeaveRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly balances: LeaveBalanceGate,
    private readonly notifier: Notifier,
  ) {}

  submit(by: Submitter, input: CreateLeaveRequestBody): Promise<LeaveRequestDto> {
    const tenantId = by.kind === 'user' ? by.actor.tenantId : by.tenantId;
    const userId = by.kind === 'user' ? by.actor.userId : by.targetUserId;
    return this.transaction(async (tx) => {
      if (by.kind === 'integration' && !(await this.repo.liveUserExists(tx, tenantId, userId))) throw new NotFoundError('User not found');
      const period = leavePeriod(input, await this.repo.tenantTimezone(tx, tenantId));
      const warning = await this.balances.check(tx, tenantId, userId, { id: null, leaveType: input.type, daysDecimal: period.daysDecimal });
      const now = this.clock.now();
      const row: LeaveRequest = {
        id: uuid(),
        tenantId,
        userId,
        leaveType: input.type,
        startDate: period.start,
        endDate: period.end,
        halfDay: input.halfDay ?? null,
        days: period.days,
        daysDecimal: period.daysDecimal,
        reason: input.reason ?? null,
        status: 'PENDING',
        currentStep: 1,
        createdByUserId: by.kind === 'user' ? by.actor.userId : null,
        createdByCredentialId: by.kind === 'integration' ? by.credentialId : null,
        decidedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.repo.insert(tx, row);
      await recordEvent(
        tx,
        tenantId,
        'leave.requested',
        {
          tenantId,
          leaveRequestId: row.id,
          userId,
          leaveType: row.leaveType,
          startDate: row.startDate.toISOString(),
          endDate: row.endDate.toISOString(),
          days: row.days,
          daysDecimal: row.daysDecimal,
        },
        now,
      );
      return withWarning(toLeaveRequestDto(row, []), warning);
    });
  }

  /** STAFF see only their own requests, an OUTLET_MANAGER those of the people of their outlets and their own. */
  async list(actor: Actor, query: ListLeaveRequestsQuery): Promise<LeaveRequestDto[]> {
    const onlyUserId = roleAllowed(actor.role, MANAGERS) ? undefined : actor.userId;
    const scope = onlyUserId === undefined ? await this.scopes.of(actor) : undefined;
    const visible = scope?.kind === 'outlets' ? { outletIds: scope.outletIds, userId: actor.userId } : undefined;
    const rows = await this.repo.list(actor.tenantId, { ...rowFilter(query), onlyUserId, visible }, query);
    return this.withApprovals(actor.tenantId, rows);
  }

  /** An integration reads every request of its tenant, as rows alone: the public record has no approvals. */
  integrationSource(tenantId: string, query: PublicListLeaveRequestsQuery) {
    const filter = rowFilter(query);
    return keysetSource(
      (page) => this.repo.list(tenantId, filter, page),
      (after, limit) => this.repo.listAfter(tenantId, filter, after, limit),
    );
  }

  /** A request the caller may not see is 404, as if it did not exist. */
  async get(actor: Actor, id: string): Promise<LeaveRequestDto> {
    const request = await this.repo.find(actor.tenantId, id);
    if (!request || !(await this.canSee(actor, request))) throw notFound();
    return (await this.withApprovals(actor.tenantId, [request]))[0]!;
  }

  /**
   * Earlier steps fire nothing; the last step completes the request and fires leave.approved. Under
   * an accrual policy, the last step weighs annual leave against the balance (it may have changed
   * since the request was made) and takes it from the ledger.
   */
  approve(actor: Actor, id: string, note: string | undefined): Promise<LeaveRequestDto> {
    return this.transaction(async (tx) => {
      const { request, approvals, chain } = await this.decidable(tx, actor, id, 'approved');
      const last = request.currentStep >= chain.length;
      const warning = last ? await this.balances.check(tx, actor.tenantId, request.userId, { id, leaveType: request.leaveType, daysDecimal: request.daysDecimal }) : null;
      const now = this.clock.now();
      const approval = await this.record(tx, actor, request, 'APPROVED', note ?? null, now);
      const updated = await this.repo.update(tx, actor.tenantId, id, last ? { status: 'APPROVED', decidedAt: now } : { currentStep: request.currentStep + 1 }, now);
      if (last) {
        await this.balances.take(tx, updated, actor.userId, now);
        await recordEvent(tx, actor.tenantId, 'leave.approved', { tenantId: actor.tenantId, leaveRequestId: id, approverUserId: actor.userId }, now);
        await this.tellDecision(tx, actor, updated, 'APPROVED');
      }
      return withWarning(toLeaveRequestDto(updated, [...approvals, approval]), warning);
    });
  }

  /** One rejection, at any step, ends the chain. */
  reject(actor: Actor, id: string, note: string): Promise<LeaveRequestDto> {
    return this.transaction(async (tx) => {
      const { request, approvals } = await this.decidable(tx, actor, id, 'rejected');
      const now = this.clock.now();
      const rejection = await this.record(tx, actor, request, 'REJECTED', note, now);
      const updated = await this.repo.update(tx, actor.tenantId, id, { status: 'REJECTED', decidedAt: now }, now);
      await recordEvent(tx, actor.tenantId, 'leave.rejected', { tenantId: actor.tenantId, leaveRequestId: id, rejecterUserId: actor.userId, note }, now);
      await this.tellDecision(tx, actor, updated, 'REJECTED');
      return toLeaveRequestDto(updated, [...approvals, rejection]);
    });
  }

  /** Only the person the leave is for withdraws it, only while PENDING; spec 03 has no event for it. */
  cancel(actor: Actor, id: string): Promise<LeaveRequestDto> {
    return this.transaction(async (tx) => {
      const request = await this.repo.lock(tx, actor.tenantId, id);
      if (!request || !(await this.canSee(actor, request))) throw notFound();
      if (request.userId !== actor.userId) throw new ForbiddenError('Only the person a leave request is for can cancel it');
      if (request.status !== 'PENDING') throw notPending(request, 'cancelled');
      const now = this.clock.now();
      const updated = await this.repo.update(tx, actor.tenantId, id, { status: 'CANCELLED', decidedAt: now }, now);
      return toLeaveRequestDto(updated, await this.repo.approvalsOf(tx, actor.tenantId, [id]));
    });
  }

  async chain(tenantId: string): Promise<ApprovalChainDto> {
    return chainDto(await this.repo.chain(null, tenantId));
  }

  async setChain(actor: Actor, body: PutApprovalChainBody): Promise<ApprovalChainDto> {
    const roles = body.steps.map((s) => s.approverRole);
    await this.transaction((tx) => this.repo.replaceChain(tx, actor.tenantId, roles));
    return chainDto(roles);
  }

  /**
   * The request, locked, once the actor may decide its current step: it is PENDING, it is not
   * their own, their role is at or above the step's, and they have not decided an earlier step
   * of it (each step of a chain is a different person's judgement).
   */
  private async decidable(tx: Tx, actor: Actor, id: string, verb: string): Promise<{ request: LeaveRequest; approvals: LeaveApproval[]; chain: LeaveApproverRole[] }> {
    const request = await this.repo.lock(tx, actor.tenantId, id);
    if (!request || !(await this.canSee(actor, request))) throw notFound();
    if (request.status !== 'PENDING') throw notPending(request, verb);
    if (request.userId === actor.userId) throw new ForbiddenError('You cannot decide on your own leave request');
    const configured = await this.repo.chain(tx, actor.tenantId);
    const chain = configured.length ? configured : [...DEFAULT_APPROVAL_CHAIN];
    const needed = chain[Math.min(request.currentStep, chain.length) - 1]!;
    // TENANT_GROUP_OWNER ranks above every role, so it passes every step.
    if (roleRank(actor.role) > roleRank(needed)) {
      throw new ForbiddenError(`Step ${request.currentStep} of the approval chain needs ${needed} or above`);
    }
    const approvals = await this.repo.approvalsOf(tx, actor.tenantId, [id]);
    if (approvals.some((a) => a.decidedByUserId === actor.userId)) throw new ForbiddenError('You already approved an earlier step of this leave request');
    return { request, approvals, chain };
  }

  /** The person the leave is for hears of the final decision, not of each step before it. */
  private tellDecision(tx: Tx, actor: Actor, request: LeaveRequest, decision: 'APPROVED' | 'REJECTED'): Promise<void> {
    return this.notifier.notify(tx, {
      tenantId: actor.tenantId,
      event: 'leave.decided',
      actorUserId: actor.userId,
      to: [{ userId: request.userId, params: { decision, start: request.startDate, end: request.endDate } }],
    });
  }

  private async canSee(actor: Actor, request: LeaveRequest): Promise<boolean> {
    if (request.userId === actor.userId) return true;
    if (!roleAllowed(actor.role, MANAGERS)) return false;
    return this.scopes.coversUser(actor.tenantId, await this.scopes.of(actor), request.userId);
  }

  private async record(tx: Tx, actor: Actor, request: LeaveRequest, decision: LeaveApproval['decision'], note: string | null, at: Date): Promise<LeaveApproval> {
    const row: LeaveApproval = {
      id: uuid(),
      tenantId: actor.tenantId,
      leaveRequestId: request.id,
      step: request.currentStep,
      decision,
      decidedByUserId: actor.userId,
      note,
      decidedAt: at,
    };
    await this.repo.insertApproval(tx, row);
    return row;
  }

  private async withApprovals(tenantId: string, rows: LeaveRequest[]): Promise<LeaveRequestDto[]> {
    const byRequest = new Map<string, LeaveApproval[]>();
    for (const a of await this.repo.approvalsOf(null, tenantId, rows.map((r) => r.id))) {
      byRequest.set(a.leaveRequestId, [...(byRequest.get(a.leaveRequestId) ?? []), a]);
    }
    return rows.map((r) => toLeaveRequestDto(r, byRequest.get(r.id) ?? []));
  }
}

function rowFilter(query: Omit<PublicListLeaveRequestsQuery, 'limit' | 'offset' | 'cursor'>): LeaveListFilter {
  return {
    status: query.status,
    type: query.type,
    userId: query.userId,
    from: query.from === undefined ? undefined : new Date(query.from),
    to: query.to === undefined ? undefined : new Date(query.to),
  };
}

function withWarning(dto: LeaveRequestDto, warning: string | null): LeaveRequestDto {
  return warning === null ? dto : { ...dto, balanceWarning: warning };
}

function chainDto(configured: LeaveApproverRole[]): ApprovalChainDto {
  const roles = configured.length ? configured : DEFAULT_APPROVAL_CHAIN;
  return { steps: roles.map((approverRole, i) => ({ step: i + 1, approverRole })), isDefault: configured.length === 0 };
}

function notFound(): NotFoundError {
  return new NotFoundError('Leave request not found');
}

function notPending(request: LeaveRequest, verb: string): ConflictError {
  return new ConflictError(`The leave request is ${request.status}; only a PENDING request can be ${verb}`);
}
