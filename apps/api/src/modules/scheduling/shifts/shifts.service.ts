import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import { roleAllowed } from '@wfm/core/tenancy';
import type { ShiftStatus, ShiftType } from '@wfm/db/entities/shift-assignment.entity';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Notifier } from '../../notifications/centre/centre.service.js';
import type { Keyed, KeysetPosition } from '@wfm/db/sql';
import type { Actor } from '@wfm/core/principal';
import type { Acting } from '@wfm/core/people-policy';
import { MANAGERS } from '@wfm/core/role-sets';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { ShiftAssignment, ShiftChanges, ShiftFilter, ShiftsRepository } from './shifts.repository.js';
import type { ListShiftsQuery, PublicShiftDto, ShiftDto, UpdateShiftBody } from './shifts.schemas.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { AvailabilityService } from '../availability/availability.service.js';
import { NO_BREACH, type ComplianceService, type ComplianceVerdict } from '../../compliance/rules/compliance.service.js';

/** Longest shift accepted; a longer window is almost always a date typo. */
const MAX_SHIFT_MS = 24 * 60 * 60 * 1000;

/**
 * What a manager may do by hand. IN_PROGRESS and COMPLETED follow clock-in and clock-out, so a shift
 * in progress stays under the worker's control until they clock out; COMPLETED and CANCELLED are final.
 */
const MANAGER_TRANSITIONS: Record<ShiftStatus, readonly ShiftStatus[]> = {
  PROPOSED: ['SCHEDULED', 'CANCELLED'],
  SCHEDULED: ['PROPOSED', 'COMPLETED', 'CANCELLED', 'MISSED'],
  MISSED: ['SCHEDULED', 'COMPLETED', 'CANCELLED'],
  IN_PROGRESS: [],
  COMPLETED: [],
  CANCELLED: [],
};

export interface NewShift {
  userId: string;
  outletId: string;
  scheduledStart: string;
  scheduledEnd: string;
  type: ShiftType;
  status: 'SCHEDULED' | 'PROPOSED';
  note?: string;
  /** Accepts breaches of BLOCK working-time rules, recorded with this reason (roles allowed to override only). */
  complianceOverrideReason?: string;
}

/** A shift written, and what the working-time rules found. */
export interface Assigned {
  shift: ShiftAssignment;
  compliance: ComplianceVerdict;
}

export interface ShiftListFilter {
  userId?: string;
  outletId?: string;
  status?: ShiftStatus;
  from?: string;
  to?: string;
}

export function toPublicShiftDto(s: ShiftAssignment): PublicShiftDto {
  return {
    id: s.id,
    userId: s.userId,
    outletId: s.outletId,
    scheduledStart: s.scheduledStart.toISOString(),
    scheduledEnd: s.scheduledEnd.toISOString(),
    status: s.status,
    type: s.type,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
  };
}

export function toShiftDto(s: ShiftAssignment): ShiftDto {
  return { ...toPublicShiftDto(s), tenantId: s.tenantId, note: s.note, rosterId: s.rosterId, createdByUserId: s.createdByUserId };
}

/** Spec 03, shift.assigned: the fields, and no status (a draft fires the same payload). */
export function assignedPayload(s: ShiftAssignment) {
  return {
    tenantId: s.tenantId,
    shiftAssignmentId: s.id,
    userId: s.userId,
    outletId: s.outletId,
    scheduledStart: s.scheduledStart.toISOString(),
    scheduledEnd: s.scheduledEnd.toISOString(),
  };
}

/**
 * Shift assignments, for the roster screens (JWT) and the developer API alike. No person ever holds
 * two overlapping shifts that are not cancelled; the database enforces it, so racing requests cannot.
 *
 * An OUTLET_MANAGER works on the shifts of their outlets only: a shift elsewhere is 404 to them
 * (unless it is their own, which they see in their list, so it is 403), placing or moving a shift
 * at another outlet is 403, and only people of their outlets can be given a shift (anyone else is
 * 404, as GET /users/:id says). The developer API is tenant-wide.
 */
export class ShiftsService {
  constructor(
    private readonly repo: ShiftsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
    private readonly availability: AvailabilityService,
    private readonly compliance: ComplianceService,
    private readonly notifier: Notifier,
  ) {}

  /** A shift created by a signed-in manager, within their outlet scope. */
  async createFor(actor: Actor, input: NewShift): Promise<Assigned> {
    const scope = await this.scopes.of(actor);
    if (!coversOutlet(scope, input.outletId)) throw outsideScope();
    if (!(await this.scopes.coversUser(actor.tenantId, scope, input.userId))) throw new NotFoundError('User not found');
    return this.create(actor, input);
  }

  /** The actor is a manager or an integration (no userId: the shift has no creator). Spec 03: fires shift.assigned, drafts included. */
  async create(actor: Acting, input: NewShift): Promise<Assigned> {
    const { tenantId } = actor;
    const scheduledStart = new Date(input.scheduledStart);
    const scheduledEnd = new Date(input.scheduledEnd);
    assertWindow(scheduledStart, scheduledEnd);
    const now = this.clock.now();
    const row: ShiftAssignment = {
      id: uuid(),
      tenantId,
      userId: input.userId,
      outletId: input.outletId,
      scheduledStart,
      scheduledEnd,
      status: input.status,
      type: input.type,
      note: input.note ?? null,
      rosterId: null,
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    return this.transaction(async (tx) => {
      await this.assertAssignableUser(tx, tenantId, row.userId);
      await this.people.assert(tx, actor, row.userId, 'work');
      await this.assertActiveOutlet(tx, tenantId, row.outletId);
      await this.availability.checkAssignments(tx, tenantId, [{ userId: row.userId, outletId: row.outletId, start: scheduledStart, end: scheduledEnd, shiftId: null }]);
      await this.repo.insert(tx, row);
      const compliance = await this.checkRules(tx, actor, [row], input.complianceOverrideReason);
      await recordEvent(tx, tenantId, 'shift.assigned', assignedPayload(row), now);
      if (row.status === 'SCHEDULED') await this.tell(tx, tenantId, actor.userId, [{ userId: row.userId, shift: row, change: 'added' }]);
      return { shift: row, compliance };
    });
  }

  /**
   * The working-time rules every path that gives someone a shift asks, after writing it in the same
   * transaction: a BLOCK breach throws (422) and nothing is written.
   */
  checkRules(tx: Tx, actor: Acting, shifts: readonly ShiftAssignment[], overrideReason?: string): Promise<ComplianceVerdict> {
    return this.compliance.assessAssignments(tx, actor, shifts, { overrideReason });
  }

  /**
   * What every path that changes a shift for its holder asks in its transaction (a manager moving,
   * cutting, giving away, cancelling or releasing it): hours taken away inside an advance-notice
   * period carry a premium (recorded, never refused), and the schedule breaches the shift was part
   * of as it stood are withdrawn (the rules are asked again about what stands now). The holders of
   * a published shift that changed are told (never the manager who changed it).
   */
  async shiftChanged(tx: Tx, tenantId: string, before: ShiftAssignment, after: ShiftAssignment, actorUserId: string | null): Promise<void> {
    await this.compliance.recordReduction(tx, tenantId, before, after);
    const moved = after.outletId !== before.outletId || after.scheduledStart.getTime() !== before.scheduledStart.getTime() || after.scheduledEnd.getTime() !== before.scheduledEnd.getTime();
    const changed = after.status === 'CANCELLED' || after.userId !== before.userId || moved;
    if (changed) await this.compliance.withdrawForShifts(tx, tenantId, [before.id]);
    await this.tell(tx, tenantId, actorUserId, toldOfChange(before, after, moved));
  }

  private async tell(tx: Tx, tenantId: string, actorUserId: string | null, told: Array<{ userId: string; shift: ShiftAssignment; change: 'added' | 'changed' | 'cancelled' | 'removed' }>): Promise<void> {
    if (told.length === 0) return;
    await this.notifier.notify(tx, {
      tenantId,
      event: 'shift.changed',
      actorUserId,
      to: told.map(({ userId, shift, change }) => ({ userId, params: { outletId: shift.outletId, change, start: shift.scheduledStart, end: shift.scheduledEnd } })),
    });
  }

  /** Shifts that changed hands by the people's own swap or were dropped as drafts: their schedule breaches are withdrawn. */
  withdrawBreaches(tx: Tx, tenantId: string, shiftIds: readonly string[]): Promise<number> {
    return this.compliance.withdrawForShifts(tx, tenantId, shiftIds);
  }

  list(tenantId: string, filter: ShiftListFilter, page: { limit: number; offset: number }): Promise<ShiftAssignment[]> {
    return this.repo.list(tenantId, toRepoFilter(filter), page.limit, page.offset);
  }

  /** The same list walked by creation, for cursor paging. */
  walk(tenantId: string, filter: ShiftListFilter, after: KeysetPosition | null, limit: number): Promise<Keyed<ShiftAssignment>[]> {
    return this.repo.listAfter(tenantId, toRepoFilter(filter), after, limit);
  }

  /**
   * Managers see the whole tenant, an OUTLET_MANAGER the shifts at their outlets and their own;
   * everyone else sees only their own shifts.
   */
  async listFor(actor: Actor, query: ListShiftsQuery): Promise<ShiftAssignment[]> {
    const { limit, offset, ...filter } = query;
    if (!roleAllowed(actor.role, MANAGERS)) {
      if (filter.userId !== undefined && filter.userId !== actor.userId) throw new ForbiddenError('You can list only your own shifts');
      filter.userId = actor.userId;
      return this.list(actor.tenantId, filter, { limit, offset });
    }
    const scope = await this.scopes.of(actor);
    const visible = scope.kind === 'outlets' ? { outletIds: scope.outletIds, userId: actor.userId } : undefined;
    return this.repo.list(actor.tenantId, { ...toRepoFilter(filter), visible }, limit, offset);
  }

  /** Spec 03: no change made here fires an event, setting COMPLETED and re-assigning included. */
  async update(actor: Actor, id: string, changes: UpdateShiftBody): Promise<Assigned> {
    const { tenantId } = actor;
    const scope = await this.scopes.of(actor);
    if (changes.userId !== undefined && !(await this.scopes.coversUser(tenantId, scope, changes.userId))) throw new NotFoundError('User not found');
    return this.transaction(async (tx) => {
      const shift = await this.repo.lock(tx, tenantId, id);
      if (!shift) throw shiftNotFound();
      if (!coversOutlet(scope, shift.outletId)) throw shift.userId === actor.userId ? outsideScope() : shiftNotFound();
      if (changes.outletId !== undefined && !coversOutlet(scope, changes.outletId)) throw outsideScope();
      await this.people.assert(tx, actor, changes.userId === undefined ? shift.userId : [shift.userId, changes.userId], 'work');
      if (MANAGER_TRANSITIONS[shift.status].length === 0) throw new ConflictError(`A shift that is ${shift.status} cannot be changed`);
      if (changes.status !== undefined && changes.status !== shift.status && !MANAGER_TRANSITIONS[shift.status].includes(changes.status)) {
        throw new ConflictError(`A shift that is ${shift.status} cannot be set to ${changes.status}`);
      }
      const next: ShiftChanges = {};
      if (changes.userId !== undefined && changes.userId !== shift.userId) {
        await this.assertAssignableUser(tx, tenantId, changes.userId);
        next.userId = changes.userId;
      }
      if (changes.scheduledStart !== undefined) next.scheduledStart = new Date(changes.scheduledStart);
      if (changes.scheduledEnd !== undefined) next.scheduledEnd = new Date(changes.scheduledEnd);
      if (changes.type !== undefined) next.type = changes.type;
      if (changes.status !== undefined) next.status = changes.status;
      if (changes.note !== undefined) next.note = changes.note;
      if (changes.outletId !== undefined && changes.outletId !== shift.outletId) {
        await this.assertActiveOutlet(tx, tenantId, changes.outletId);
        next.outletId = changes.outletId;
      }
      const start = next.scheduledStart ?? shift.scheduledStart;
      const end = next.scheduledEnd ?? shift.scheduledEnd;
      assertWindow(start, end);
      // Giving the shift to someone else or moving it is assigning anew; a cancelled shift holds no one.
      if ((next.userId || next.scheduledStart || next.scheduledEnd) && (next.status ?? shift.status) !== 'CANCELLED') {
        await this.availability.checkAssignments(tx, tenantId, [{ userId: next.userId ?? shift.userId, outletId: next.outletId ?? shift.outletId, start, end, shiftId: shift.id }]);
      }
      const updated = await this.repo.update(tx, tenantId, id, next, this.clock.now());
      await this.shiftChanged(tx, tenantId, shift, updated, actor.userId);
      const moved = next.userId !== undefined || next.scheduledStart !== undefined || next.scheduledEnd !== undefined || next.outletId !== undefined;
      const live = updated.status === 'SCHEDULED' || updated.status === 'PROPOSED';
      const compliance = moved && live ? await this.checkRules(tx, actor, [updated], changes.complianceOverrideReason) : NO_BREACH;
      return { shift: updated, compliance };
    });
  }

  /** For clock-in: the worker's own SCHEDULED shift at the outlet they clock in at, locked until commit. */
  async lockForClockIn(tx: Tx, tenantId: string, userId: string, shiftId: string, outletId: string): Promise<ShiftAssignment> {
    const shift = await this.repo.lock(tx, tenantId, shiftId);
    // Another person's shift is answered like a missing one, so ids of colleagues' shifts reveal nothing.
    if (!shift || shift.userId !== userId) throw shiftNotFound();
    if (shift.outletId !== outletId) throw new ConflictError('The shift is at another outlet');
    if (shift.status !== 'SCHEDULED') throw new ConflictError(`A shift that is ${shift.status} cannot be clocked into`);
    return shift;
  }

  markInProgress(tx: Tx, shift: ShiftAssignment, at: Date): Promise<ShiftAssignment> {
    return this.repo.update(tx, shift.tenantId, shift.id, { status: 'IN_PROGRESS' }, at);
  }

  /** Shifts in progress that ended before `endedBefore`, across tenants (the missed clock-out job). */
  overdueInProgress(endedBefore: Date, limit: number): Promise<Array<{ tenantId: string; id: string }>> {
    return this.repo.overdueInProgress(endedBefore, limit);
  }

  /** The shift, locked, if it is still in progress. */
  async lockInProgress(tx: Tx, tenantId: string, id: string): Promise<ShiftAssignment | null> {
    const shift = await this.repo.lock(tx, tenantId, id);
    return shift?.status === 'IN_PROGRESS' ? shift : null;
  }

  /** Clock-out of the shift; the caller records shift.completed in the same transaction. */
  async markCompleted(tx: Tx, tenantId: string, shiftId: string, at: Date): Promise<ShiftAssignment> {
    const shift = await this.repo.lock(tx, tenantId, shiftId);
    if (!shift) throw shiftNotFound();
    return this.repo.update(tx, tenantId, shiftId, { status: 'COMPLETED' }, at);
  }

  /** Work is booked and clocked only at an outlet of the tenant that is open. */
  async assertActiveOutlet(tx: Tx, tenantId: string, outletId: string): Promise<void> {
    const status = await this.repo.outletStatus(tx, tenantId, outletId);
    if (!status) throw new NotFoundError('Outlet not found');
    if (status !== 'ACTIVE') throw new ConflictError('The outlet is not active');
  }

  /** A shift goes only to a live, active person of the tenant. */
  async assertAssignableUser(tx: Tx, tenantId: string, userId: string): Promise<void> {
    const status = await this.repo.userStatus(tx, tenantId, userId);
    if (!status) throw new NotFoundError('User not found');
    if (status !== 'ACTIVE') throw new ConflictError('The user is not active');
  }
}

export function shiftNotFound(): NotFoundError {
  return new NotFoundError('Shift assignment not found');
}

export function outsideScope(): ForbiddenError {
  return new ForbiddenError('You can manage shifts only at your outlets');
}

export function assertWindow(start: Date, end: Date): void {
  if (end.getTime() <= start.getTime()) throw new BadRequestError(['scheduledEnd must be after scheduledStart']);
  if (end.getTime() - start.getTime() > MAX_SHIFT_MS) throw new BadRequestError(['scheduledEnd must be at most 24 hours after scheduledStart']);
}

function toRepoFilter(filter: ShiftListFilter): ShiftFilter {
  return {
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.outletId ? { outletId: filter.outletId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...instantRange(filter.from, filter.to),
  };
}

/** The `from`/`to` list filters as a half-open range [from, to). */
export function instantRange(from: string | undefined, to: string | undefined): { from?: Date; to?: Date } {
  const start = from === undefined ? undefined : new Date(from);
  const end = to === undefined ? undefined : new Date(to);
  if (start && end && end.getTime() < start.getTime()) throw new BadRequestError(['to must not be before from']);
  return { ...(start ? { from: start } : {}), ...(end ? { to: end } : {}) };
}

/**
 * Who hears of a change to a shift: only a published (SCHEDULED) shift is anyone's schedule, so a
 * draft's changes are news to nobody, and a draft confirmed is a shift added. A shift given to
 * someone else is news to both; a completed or missed shift is history, not news.
 */
function toldOfChange(before: ShiftAssignment, after: ShiftAssignment, moved: boolean): Array<{ userId: string; shift: ShiftAssignment; change: 'added' | 'changed' | 'cancelled' | 'removed' }> {
  const live = after.status === 'SCHEDULED';
  if (before.status !== 'SCHEDULED') return live && before.status === 'PROPOSED' ? [{ userId: after.userId, shift: after, change: 'added' }] : [];
  if (after.status === 'CANCELLED') return [{ userId: before.userId, shift: before, change: 'cancelled' }];
  if (!live) return [];
  if (after.userId !== before.userId) return [{ userId: before.userId, shift: before, change: 'removed' }, { userId: after.userId, shift: after, change: 'added' }];
  return moved ? [{ userId: after.userId, shift: after, change: 'changed' }] : [];
}
