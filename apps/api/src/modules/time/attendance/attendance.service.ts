import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, ForbiddenError, NotFoundError, PolicyAcknowledgementRequiredError } from '@wfm/core/errors';
import type { Acting } from '@wfm/core/people-policy';
import { roleAllowed } from '@wfm/core/tenancy';
import type { AttendanceStatus } from '@wfm/db/entities/attendance-event.entity';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { Keyed, KeysetPosition } from '@wfm/db/sql';
import type { Actor } from '@wfm/core/principal';
import { MANAGERS } from '@wfm/core/role-sets';
import type { PoliciesService } from '../policies/policies.service.js';
import { coversOutlet, type OutletScope, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import { instantRange, type ShiftsService } from '../../scheduling/shifts/shifts.service.js';
import type { ShiftAssignment } from '../../scheduling/shifts/shifts.repository.js';
import { alreadyClockedIn, type AttendanceEvent, type AttendanceFilter, type AttendanceRepository } from './attendance.repository.js';
import type { AttendanceDto, ClockInBody, ClockOutBody, ListAttendanceQuery, ReviewAttendanceBody } from './attendance.schemas.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { ComplianceService } from '../../compliance/rules/compliance.service.js';

export interface AttendanceListFilter {
  userId?: string;
  outletId?: string;
  status?: AttendanceStatus;
  from?: string;
  to?: string;
}

export function toAttendanceDto(a: AttendanceEvent): AttendanceDto {
  return {
    id: a.id,
    userId: a.userId,
    outletId: a.outletId,
    shiftAssignmentId: a.shiftAssignmentId,
    clockInAt: a.clockInAt.toISOString(),
    clockOutAt: a.clockOutAt?.toISOString() ?? null,
    status: a.status,
    reviewNote: a.reviewNote,
    reviewedByUserId: a.reviewedByUserId,
    reviewedAt: a.reviewedAt?.toISOString() ?? null,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/**
 * Clock-in and clock-out of the signed-in worker, and the review of what they recorded.
 *
 * States: OPEN (clocked in) → VERIFIED (clocked out of an assigned shift) or PENDING_REVIEW
 * (clocked out with no shift); a closed event is then APPROVED or REJECTED once, by a manager or an
 * integration. Reviewing does not change the shift.
 *
 * An event belongs to the outlet it was clocked at (`outletId`), which is also its shift's outlet:
 * clock-in requires it, and a shift cannot move once clocked into. An OUTLET_MANAGER lists the
 * events of their outlets and their own, and reviews only events of their outlets (another
 * outlet's event is 404 to them; their own elsewhere, which they can list, is 403).
 */
export class AttendanceService {
  constructor(
    private readonly repo: AttendanceRepository,
    private readonly shifts: ShiftsService,
    private readonly policies: PoliciesService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly logger: Logger,
    private readonly people: PeoplePolicy,
    private readonly compliance: ComplianceService,
  ) {}

  clockIn(actor: Actor, input: ClockInBody): Promise<AttendanceEvent> {
    return this.transaction(async (tx) => {
      await this.shifts.assertActiveOutlet(tx, actor.tenantId, input.outletId);
      const shift = input.shiftAssignmentId
        ? await this.shifts.lockForClockIn(tx, actor.tenantId, actor.userId, input.shiftAssignmentId, input.outletId)
        : null;
      const pending = await this.policies.unacknowledgedRequired(actor.tenantId, actor.userId);
      if (pending.length > 0) throw new PolicyAcknowledgementRequiredError(pending);
      if (await this.repo.lockOpen(tx, actor.tenantId, actor.userId)) throw alreadyClockedIn();
      const now = this.clock.now();
      const row: AttendanceEvent = {
        id: uuid(),
        tenantId: actor.tenantId,
        userId: actor.userId,
        outletId: input.outletId,
        shiftAssignmentId: shift?.id ?? null,
        clockInAt: now,
        clockOutAt: null,
        status: 'OPEN',
        reviewNote: null,
        reviewedByUserId: null,
        reviewedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      await this.repo.insert(tx, row);
      if (shift) await this.shifts.markInProgress(tx, shift, now);
      return row;
    });
  }

  /** Spec 03: closing an assigned shift fires shift.completed in the same transaction; closing without one fires nothing. */
  async clockOut(actor: Actor, input: ClockOutBody): Promise<AttendanceEvent> {
    const closed = await this.transaction(async (tx) => {
      let event: AttendanceEvent | null;
      if (input.attendanceEventId) {
        event = await this.repo.lock(tx, actor.tenantId, input.attendanceEventId);
        if (!event || event.userId !== actor.userId) throw attendanceNotFound();
        if (event.status !== 'OPEN') throw new ConflictError('This attendance event is already closed');
      } else {
        event = await this.repo.lockOpen(tx, actor.tenantId, actor.userId);
        if (!event) throw new ConflictError('You are not clocked in');
      }
      const now = this.clock.now();
      if (!event.shiftAssignmentId) {
        return this.repo.update(tx, actor.tenantId, event.id, { clockOutAt: now, status: 'PENDING_REVIEW' }, now);
      }
      const closed = await this.repo.update(tx, actor.tenantId, event.id, { clockOutAt: now, status: 'VERIFIED' }, now);
      const shift = await this.shifts.markCompleted(tx, actor.tenantId, event.shiftAssignmentId, now);
      await recordEvent(tx, actor.tenantId, 'shift.completed', completedPayload(shift, closed, now), now);
      return closed;
    });
    await this.recordBreaches(closed);
    return closed;
  }

  /**
   * The missed clock-out safety net (a job): a shift still IN_PROGRESS `graceMs` after its end is
   * closed as the worker would have been at the scheduled end — the shift COMPLETED, its open
   * attendance event closed at the scheduled end as PENDING_REVIEW, for a manager to check since
   * nobody recorded the real time. Spec 03: fires nothing (shift.completed is for a real clock-out).
   * Each shift in its own tenant-scoped transaction, so one bad row never holds up the rest.
   */
  async closeMissedClockOuts(graceMs: number, batch = 500): Promise<number> {
    const now = this.clock.now();
    const overdue = await this.shifts.overdueInProgress(new Date(now.getTime() - graceMs), batch);
    let closed = 0;
    for (const { tenantId, id } of overdue) {
      try {
        const done = await this.transaction(async (tx) => {
          const shift = await this.shifts.lockInProgress(tx, tenantId, id);
          if (!shift || shift.scheduledEnd.getTime() + graceMs > now.getTime()) return null;
          const event = await this.repo.lockOpenForShift(tx, tenantId, id);
          // Never before the clock-in, for a worker who clocked in after the scheduled end.
          const record = event ? await this.repo.update(tx, tenantId, event.id, { clockOutAt: new Date(Math.max(shift.scheduledEnd.getTime(), event.clockInAt.getTime())), status: 'PENDING_REVIEW' }, now) : undefined;
          await this.shifts.markCompleted(tx, tenantId, id, now);
          return { record };
        });
        if (done) {
          closed++;
          if (done.record) await this.recordBreaches(done.record);
        }
      } catch (err) {
        this.logger.error({ err, tenantId, shiftAssignmentId: id }, 'missed clock-out not closed; the next run tries again');
      }
    }
    return closed;
  }

  /**
   * Working-time breaches of a closed clock record (missed breaks, long days, short rests) are
   * recorded after the clock-out commits, in their own transaction: a failure to record them is
   * logged and never undoes or refuses the clock-out.
   */
  private async recordBreaches(closed: AttendanceEvent): Promise<void> {
    try {
      await this.transaction((tx) => this.compliance.recordClocked(tx, closed.tenantId, closed.userId, { id: closed.id, outletId: closed.outletId, clockInAt: closed.clockInAt, clockOutAt: closed.clockOutAt! }));
    } catch (err) {
      this.logger.error({ err, tenantId: closed.tenantId, attendanceEventId: closed.id }, 'working-time breaches of a clock-out not recorded');
    }
  }

  list(tenantId: string, filter: AttendanceListFilter, page: { limit: number; offset: number }): Promise<AttendanceEvent[]> {
    return this.repo.list(tenantId, toRepoFilter(filter), page.limit, page.offset);
  }

  /** The same list walked for cursor paging. */
  walk(tenantId: string, filter: AttendanceListFilter, after: KeysetPosition | null, limit: number): Promise<Keyed<AttendanceEvent>[]> {
    return this.repo.listAfter(tenantId, toRepoFilter(filter), after, limit);
  }

  /** Managers see the whole tenant, an OUTLET_MANAGER their outlets' events and their own; everyone else only their own. */
  async listFor(actor: Actor, query: ListAttendanceQuery): Promise<AttendanceEvent[]> {
    const { limit, offset, ...filter } = query;
    if (!roleAllowed(actor.role, MANAGERS)) {
      if (filter.userId !== undefined && filter.userId !== actor.userId) throw new ForbiddenError('You can list only your own attendance');
      filter.userId = actor.userId;
      return this.list(actor.tenantId, filter, { limit, offset });
    }
    const scope = await this.scopes.of(actor);
    const visible = scope.kind === 'outlets' ? { outletIds: scope.outletIds, userId: actor.userId } : undefined;
    return this.repo.list(actor.tenantId, { ...toRepoFilter(filter), visible }, limit, offset);
  }

  /** A review by a signed-in manager, within their outlet scope. */
  async reviewAs(actor: Actor, id: string, decision: ReviewAttendanceBody): Promise<AttendanceEvent> {
    return this.review(actor, await this.scopes.of(actor), id, decision);
  }

  /**
   * Approve or reject a closed event, once. An integration reviews with no outlet scope and no
   * reviewer recorded. An open event has nothing to judge yet; a decided one stays decided, so the
   * record is not rewritten.
   */
  review(actor: Acting, scope: OutletScope | null, id: string, decision: ReviewAttendanceBody): Promise<AttendanceEvent> {
    const { tenantId } = actor;
    return this.transaction(async (tx) => {
      const event = await this.repo.lock(tx, tenantId, id);
      if (!event) throw attendanceNotFound();
      if (scope && !coversOutlet(scope, event.outletId)) {
        throw event.userId === actor.userId ? new ForbiddenError('You can review attendance only at your outlets') : attendanceNotFound();
      }
      await this.people.assert(tx, actor, event.userId, 'work');
      if (event.status === 'OPEN') throw new ConflictError('An open attendance event cannot be reviewed before clock-out');
      if (event.status === 'APPROVED' || event.status === 'REJECTED') throw new ConflictError(`This attendance event is already ${event.status}`);
      const now = this.clock.now();
      return this.repo.update(
        tx,
        tenantId,
        id,
        { status: decision.status, reviewNote: decision.note ?? null, reviewedByUserId: actor.userId, reviewedAt: now },
        now,
      );
    });
  }
}

function completedPayload(shift: ShiftAssignment, event: AttendanceEvent, clockOutAt: Date) {
  return {
    tenantId: shift.tenantId,
    shiftAssignmentId: shift.id,
    userId: shift.userId,
    outletId: shift.outletId,
    scheduledStart: shift.scheduledStart.toISOString(),
    scheduledEnd: shift.scheduledEnd.toISOString(),
    clockOutAt: clockOutAt.toISOString(),
    attendanceEventId: event.id,
    status: event.status,
  };
}

function attendanceNotFound(): NotFoundError {
  return new NotFoundError('Attendance event not found');
}

function toRepoFilter(filter: AttendanceListFilter): AttendanceFilter {
  return {
    ...(filter.userId ? { userId: filter.userId } : {}),
    ...(filter.outletId ? { outletId: filter.outletId } : {}),
    ...(filter.status ? { status: filter.status } : {}),
    ...instantRange(filter.from, filter.to),
  };
}
