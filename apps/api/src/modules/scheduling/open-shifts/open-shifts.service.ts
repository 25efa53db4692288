import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed } from '@wfm/core/tenancy';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { Notifier } from '../../notifications/centre/centre.service.js';
import { overlaps } from '../availability/availability-intervals.js';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import { MANAGERS } from '@wfm/core/role-sets';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { ShiftAssignment, ShiftsRepository } from '../shifts/shifts.repository.js';
import { outsideScope, shiftNotFound, type ShiftsService } from '../shifts/shifts.service.js';
import type { ComplianceVerdict } from '../../compliance/rules/compliance.service.js';
import type { OpenShift, OpenShiftsRepository } from './open-shifts.repository.js';
import type { ListOpenShiftsQuery, ReleaseShiftBody } from './open-shifts.schemas.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import { unavailableForClaim, type AvailabilityService } from '../availability/availability.service.js';

function openShiftNotFound(): NotFoundError {
  return new NotFoundError('Open shift not found');
}

/**
 * The open-shifts marketplace. A manager releases an assigned shift that has not started: the
 * assignment is cancelled and an open shift takes its place (spec 03: shift.released, no tenantId
 * in the payload). Eligible people (assigned to the outlet, with no overlapping shift and no
 * approved leave on its days) see it and claim it; the first claim to commit wins and gets a new
 * SCHEDULED assignment (shift.claimed), every later one is 409. Nobody is offered, or may claim, a
 * shift in their own hard unavailability (weekly unavailable windows, time off), whatever the
 * tenant's conflict mode: it is what they said about themselves. A manager may withdraw an open
 * shift nobody took; that fires nothing.
 */
export class OpenShiftsService {
  constructor(
    private readonly repo: OpenShiftsRepository,
    private readonly shiftsRepo: ShiftsRepository,
    private readonly shifts: ShiftsService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
    private readonly availability: AvailabilityService,
    private readonly notifier: Notifier,
  ) {}

  async release(actor: Actor, assignmentId: string, body: ReleaseShiftBody): Promise<OpenShift> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const shift = await this.shiftsRepo.lock(tx, actor.tenantId, assignmentId);
      if (!shift) throw shiftNotFound();
      if (!coversOutlet(scope, shift.outletId)) throw shift.userId === actor.userId ? outsideScope() : shiftNotFound();
      await this.people.assert(tx, actor, shift.userId, 'work');
      if (shift.status !== 'SCHEDULED') throw new ConflictError(`A shift that is ${shift.status} cannot be released`);
      const now = this.clock.now();
      if (shift.scheduledStart.getTime() <= now.getTime()) throw new ConflictError('A shift that has started cannot be released');
      await this.shifts.shiftChanged(tx, actor.tenantId, shift, await this.shiftsRepo.update(tx, actor.tenantId, shift.id, { status: 'CANCELLED' }, now), actor.userId);
      const open: OpenShift = {
        id: uuid(),
        tenantId: actor.tenantId,
        outletId: shift.outletId,
        scheduledStart: shift.scheduledStart,
        scheduledEnd: shift.scheduledEnd,
        type: shift.type,
        note: body.note ?? shift.note,
        status: 'OPEN',
        releasedAssignmentId: shift.id,
        previousUserId: shift.userId,
        releasedByUserId: actor.userId,
        claimedByUserId: null,
        claimedAssignmentId: null,
        closedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.repo.insert(tx, open);
      await recordEvent(
        tx,
        actor.tenantId,
        'shift.released',
        {
          shiftId: open.id,
          outletId: open.outletId,
          scheduledStart: open.scheduledStart.toISOString(),
          scheduledEnd: open.scheduledEnd.toISOString(),
          type: open.type,
          previousUserId: shift.userId,
          releasedByUserId: actor.userId,
        },
        now,
      );
      await this.offer(tx, actor, open);
      return open;
    });
  }

  /**
   * Everyone who could claim it now is told it is offered, by the rules a claim is checked by (hard
   * unavailability included); the person it was taken from and the manager who released it are not.
   */
  private async offer(tx: Tx, actor: Actor, open: OpenShift): Promise<void> {
    const window = { start: open.scheduledStart, end: open.scheduledEnd };
    const candidates = (await this.repo.eligible(tx, actor.tenantId, open.id)).filter((userId) => userId !== open.previousUserId);
    if (candidates.length === 0) return;
    const time = await this.availability.between(tx, actor.tenantId, candidates, window.start, window.end);
    const eligible = candidates.filter((userId) => !(time.get(userId)?.unavailable ?? []).some((u) => overlaps(u, window)));
    if (eligible.length === 0) return;
    const params = { outletId: open.outletId, start: open.scheduledStart, end: open.scheduledEnd };
    await this.notifier.notify(tx, { tenantId: actor.tenantId, event: 'shift.offered', actorUserId: actor.userId, to: eligible.map((userId) => ({ userId, params })) });
  }

  /** Managers list the open shifts of their scope; everyone else only what they may claim. */
  async listFor(actor: Actor, timezone: string, query: ListOpenShiftsQuery): Promise<OpenShift[]> {
    const { limit, offset, outletId } = query;
    const now = this.clock.now();
    if (!roleAllowed(actor.role, MANAGERS)) return this.claimable(actor, timezone, now, outletId, limit, offset);
    const scope = await this.scopes.of(actor);
    return this.repo.open(actor.tenantId, now, { outletId, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) }, limit, offset);
  }

  /**
   * What the person may claim, with their hard unavailability (availability) taken out. That rule
   * is read in the tenant's timezone by the availability module, not in SQL, so the SQL pages are
   * filtered here and the caller's page cut from what is left.
   */
  private async claimable(actor: Actor, timezone: string, now: Date, outletId: string | undefined, limit: number, offset: number): Promise<OpenShift[]> {
    const kept: OpenShift[] = [];
    const batch = Math.max(100, offset + limit);
    for (let read = 0; kept.length < offset + limit; read += batch) {
      const rows = await this.repo.claimableBy(actor.tenantId, actor.userId, now, { outletId }, batch, read);
      const blocked = await this.availability.inHardUnavailability(null, actor.tenantId, timezone, actor.userId, rows.map((o) => ({ start: o.scheduledStart, end: o.scheduledEnd })));
      kept.push(...rows.filter((_, i) => !blocked[i]));
      if (rows.length < batch) break;
    }
    return kept.slice(offset, offset + limit);
  }

  /** First come, first served: the row lock makes racing claims wait, and all but the first find it taken. */
  claim(actor: Actor, timezone: string, id: string): Promise<{ open: OpenShift; assignment: ShiftAssignment; compliance: ComplianceVerdict }> {
    return this.transaction(async (tx) => {
      const open = await this.repo.lock(tx, actor.tenantId, id);
      if (!open) throw openShiftNotFound();
      const ineligible = await this.repo.ineligibility(tx, actor.tenantId, actor.userId, id);
      // Someone not at the outlet never sees the shift, so it does not exist for them.
      if (ineligible === 'NOT_AT_OUTLET') throw openShiftNotFound();
      if (open.status !== 'OPEN') throw new ConflictError('The shift has already been taken', 'SHIFT_TAKEN');
      const now = this.clock.now();
      if (open.scheduledStart.getTime() <= now.getTime()) throw new ConflictError('The shift has started', 'SHIFT_STARTED');
      if (ineligible === 'OVERLAP') throw new ConflictError('The shift overlaps another shift of yours', 'SHIFT_OVERLAP');
      if (ineligible === 'ON_LEAVE') throw new ConflictError('You are on approved leave that day', 'ON_LEAVE');
      const [unavailable] = await this.availability.inHardUnavailability(tx, actor.tenantId, timezone, actor.userId, [{ start: open.scheduledStart, end: open.scheduledEnd }]);
      if (unavailable) throw unavailableForClaim();
      const assignment: ShiftAssignment = {
        id: uuid(),
        tenantId: actor.tenantId,
        userId: actor.userId,
        outletId: open.outletId,
        scheduledStart: open.scheduledStart,
        scheduledEnd: open.scheduledEnd,
        status: 'SCHEDULED',
        type: open.type,
        note: open.note,
        rosterId: null,
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      };
      await this.shiftsRepo.insert(tx, assignment);
      const compliance = await this.shifts.checkRules(tx, actor, [assignment]);
      const claimed = await this.repo.close(tx, actor.tenantId, id, { status: 'CLAIMED', at: now, claimedByUserId: actor.userId, claimedAssignmentId: assignment.id });
      await recordEvent(
        tx,
        actor.tenantId,
        'shift.claimed',
        {
          shiftId: open.id,
          outletId: open.outletId,
          scheduledStart: open.scheduledStart.toISOString(),
          scheduledEnd: open.scheduledEnd.toISOString(),
          type: open.type,
          claimedByUserId: actor.userId,
        },
        now,
      );
      return { open: claimed, assignment, compliance };
    });
  }

  async withdraw(actor: Actor, id: string): Promise<OpenShift> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const open = await this.repo.lock(tx, actor.tenantId, id);
      if (!open || !coversOutlet(scope, open.outletId)) throw openShiftNotFound();
      if (open.status !== 'OPEN') throw new ConflictError(`An open shift that is ${open.status} cannot be withdrawn`);
      return this.repo.close(tx, actor.tenantId, id, { status: 'WITHDRAWN', at: this.clock.now() });
    });
  }
}
