import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed } from '@wfm/core/tenancy';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Notifier } from '../../notifications/centre/centre.service.js';
import type { Actor } from '@wfm/core/principal';
import { MANAGERS } from '@wfm/core/role-sets';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { ShiftAssignment, ShiftsRepository } from '../shifts/shifts.repository.js';
import { shiftNotFound, type ShiftsService } from '../shifts/shifts.service.js';
import type { ShiftSwap, ShiftSwapsRepository, SwapCandidate } from './shift-swaps.repository.js';
import type { ListSwapsQuery, RequestSwapBody, SwapCandidatesQuery, SwapDecisionBody } from './shift-swaps.schemas.js';

/** About two months of a busy outlet's shifts: the soonest are the ones people swap. */
const MAX_CANDIDATES = 200;

function swapNotFound(): NotFoundError {
  return new NotFoundError('Shift swap not found');
}

/**
 * Two people exchanging shifts at one outlet: the holder of one asks the holder of the other, who
 * accepts or declines; a manager (not a party to it) then approves, which exchanges the two
 * people, or rejects. Spec 03: approving a swap fires nothing (neither shift.assigned nor any other).
 */
export class ShiftSwapsService {
  constructor(
    private readonly repo: ShiftSwapsRepository,
    private readonly shiftsRepo: ShiftsRepository,
    private readonly shifts: ShiftsService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly notifier: Notifier,
  ) {}

  request(actor: Actor, body: RequestSwapBody): Promise<ShiftSwap> {
    return this.transaction(async (tx) => {
      const mine = await this.shiftsRepo.lock(tx, actor.tenantId, body.shiftAssignmentId);
      if (!mine || mine.userId !== actor.userId) throw shiftNotFound();
      const theirs = await this.shiftsRepo.lock(tx, actor.tenantId, body.withShiftAssignmentId);
      if (!theirs || theirs.outletId !== mine.outletId) throw new NotFoundError('No shift with this id at the outlet of yours');
      if (theirs.userId === actor.userId) throw new ConflictError('Both shifts are yours');
      const now = this.clock.now();
      this.assertSwappable(mine, now);
      this.assertSwappable(theirs, now);
      const swap: ShiftSwap = {
        id: uuid(),
        tenantId: actor.tenantId,
        requesterUserId: actor.userId,
        requesterAssignmentId: mine.id,
        peerUserId: theirs.userId,
        peerAssignmentId: theirs.id,
        status: 'PENDING_PEER',
        note: body.note ?? null,
        decidedByUserId: null,
        decidedAt: null,
        decisionNote: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.repo.insert(tx, swap);
      await this.notifier.notify(tx, {
        tenantId: actor.tenantId,
        event: 'swap.requested',
        actorUserId: actor.userId,
        to: [
          {
            userId: theirs.userId,
            params: { outletId: mine.outletId, requesterName: await this.repo.fullName(tx, actor.tenantId, actor.userId), theirStart: mine.scheduledStart, theirEnd: mine.scheduledEnd, yourStart: theirs.scheduledStart, yourEnd: theirs.scheduledEnd },
          },
        ],
      });
      return swap;
    });
  }

  accept(actor: Actor, id: string): Promise<ShiftSwap> {
    return this.byParty(actor, id, 'peer', 'PENDING_PEER', 'PENDING_APPROVAL');
  }

  decline(actor: Actor, id: string): Promise<ShiftSwap> {
    return this.byParty(actor, id, 'peer', 'PENDING_PEER', 'DECLINED');
  }

  cancel(actor: Actor, id: string): Promise<ShiftSwap> {
    return this.transaction(async (tx) => {
      const swap = await this.visibleToParty(tx, actor, id);
      if (swap.requesterUserId !== actor.userId) throw new ForbiddenError('Only the person who asked can cancel a swap');
      if (swap.status !== 'PENDING_PEER' && swap.status !== 'PENDING_APPROVAL') throw new ConflictError(`A swap that is ${swap.status} cannot be cancelled`);
      return this.repo.setStatus(tx, actor.tenantId, id, 'CANCELLED', this.clock.now());
    });
  }

  /** Exchanges the two people. Each shift must still be theirs and SCHEDULED; either may not overlap the other person's other shifts. */
  approve(actor: Actor, id: string, body: SwapDecisionBody): Promise<ShiftSwap> {
    return this.decide(actor, id, body, async (tx, swap, now) => {
      const a = await this.shiftsRepo.lock(tx, actor.tenantId, swap.requesterAssignmentId);
      const b = await this.shiftsRepo.lock(tx, actor.tenantId, swap.peerAssignmentId);
      if (!a || !b || a.userId !== swap.requesterUserId || b.userId !== swap.peerUserId) throw new ConflictError('A shift of this swap has changed hands since it was asked', 'SWAP_STALE');
      this.assertSwappable(a, now);
      this.assertSwappable(b, now);
      // A first steps aside (cancelled rows are outside the overlap rule), so the exchange never
      // has one person briefly holding both shifts.
      await this.shiftsRepo.update(tx, actor.tenantId, a.id, { status: 'CANCELLED' }, now);
      const toRequester = await this.shiftsRepo.update(tx, actor.tenantId, b.id, { userId: swap.requesterUserId }, now);
      const toPeer = await this.shiftsRepo.update(tx, actor.tenantId, a.id, { userId: swap.peerUserId, status: 'SCHEDULED' }, now);
      // The breaches each shift made for its former holder are gone with it; the new holders' are recorded
      // (WARN, listed by GET /compliance/violations) or refuse the approval (BLOCK).
      await this.shifts.withdrawBreaches(tx, actor.tenantId, [a.id, b.id]);
      await this.shifts.checkRules(tx, actor, [toRequester, toPeer]);
      return 'APPROVED';
    });
  }

  reject(actor: Actor, id: string, body: SwapDecisionBody): Promise<ShiftSwap> {
    return this.decide(actor, id, body, async () => 'REJECTED');
  }

  /**
   * What the caller may ask for in exchange for one of their shifts: the colleagues' scheduled shifts
   * ahead at its outlet. A STAFF member sees no one else's shifts otherwise, so without this they
   * could not pick the other half of a swap. Their own shift must be one they could offer.
   */
  candidates(actor: Actor, query: SwapCandidatesQuery): Promise<SwapCandidate[]> {
    return this.transaction(async (tx) => {
      const mine = await this.shiftsRepo.lock(tx, actor.tenantId, query.shiftAssignmentId);
      if (!mine || mine.userId !== actor.userId) throw shiftNotFound();
      const now = this.clock.now();
      this.assertSwappable(mine, now);
      return this.repo.candidates(actor.tenantId, mine.outletId, actor.userId, now, MAX_CANDIDATES);
    });
  }

  /** Managers see the swaps of their scope, everyone else those they are a party to. */
  async list(actor: Actor, query: ListSwapsQuery): Promise<ShiftSwap[]> {
    const { limit, offset, status } = query;
    if (!roleAllowed(actor.role, MANAGERS)) return this.repo.list(actor.tenantId, { status, partyUserId: actor.userId }, limit, offset);
    const scope = await this.scopes.of(actor);
    return this.repo.list(actor.tenantId, { status, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) }, limit, offset);
  }

  private decide(actor: Actor, id: string, body: SwapDecisionBody, apply: (tx: Tx, swap: ShiftSwap, now: Date) => Promise<'APPROVED' | 'REJECTED'>): Promise<ShiftSwap> {
    return this.transaction(async (tx) => {
      const swap = await this.repo.lock(tx, actor.tenantId, id);
      if (!swap) throw swapNotFound();
      const shift = await this.shiftsRepo.lock(tx, actor.tenantId, swap.requesterAssignmentId);
      if (!shift || !coversOutlet(await this.scopes.of(actor), shift.outletId)) throw swapNotFound();
      if (swap.requesterUserId === actor.userId || swap.peerUserId === actor.userId) throw new ForbiddenError('A swap is decided by a manager who is not part of it');
      if (swap.status !== 'PENDING_APPROVAL') throw new ConflictError(`A swap that is ${swap.status} cannot be decided`);
      const now = this.clock.now();
      const status = await apply(tx, swap, now);
      return this.repo.setStatus(tx, actor.tenantId, id, status, now, { by: actor.userId, note: body.note ?? null });
    });
  }

  private byParty(actor: Actor, id: string, party: 'peer', from: ShiftSwap['status'], to: ShiftSwap['status']): Promise<ShiftSwap> {
    return this.transaction(async (tx) => {
      const swap = await this.visibleToParty(tx, actor, id);
      if (swap[`${party}UserId`] !== actor.userId) throw new ForbiddenError('Only the colleague asked can answer a swap');
      if (swap.status !== from) throw new ConflictError(`A swap that is ${swap.status} cannot be answered`);
      return this.repo.setStatus(tx, actor.tenantId, id, to, this.clock.now());
    });
  }

  /** A swap exists for its two parties only; anyone else hears 404. */
  private async visibleToParty(tx: Tx, actor: Actor, id: string): Promise<ShiftSwap> {
    const swap = await this.repo.lock(tx, actor.tenantId, id);
    if (!swap || (swap.requesterUserId !== actor.userId && swap.peerUserId !== actor.userId)) throw swapNotFound();
    return swap;
  }

  private assertSwappable(shift: ShiftAssignment, now: Date): void {
    if (shift.status !== 'SCHEDULED') throw new ConflictError(`A shift that is ${shift.status} cannot be swapped`);
    if (shift.scheduledStart.getTime() <= now.getTime()) throw new ConflictError('A shift that has started cannot be swapped');
  }
}
