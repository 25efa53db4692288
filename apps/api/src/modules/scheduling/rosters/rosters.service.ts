import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError } from '@wfm/core/errors';
import type { ShiftStatus } from '@wfm/db/entities/shift-assignment.entity';
import { recordEvent } from '@wfm/db/domain-events.repository';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { Notifier } from '../../notifications/centre/centre.service.js';
import type { Actor } from '@wfm/core/principal';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import { outletZone } from '../../organization/outlets/outlets.repository.js';
import { addDays, addLocalDays, wallTimeToInstant } from '../../time/leave/leave-period.js';
import type { ShiftAssignment, ShiftsRepository } from '../shifts/shifts.repository.js';
import { assignedPayload, assertWindow, outsideScope, type ShiftsService } from '../shifts/shifts.service.js';
import type { Roster, RostersRepository } from './rosters.repository.js';
import type { CloneWeekBody, ListRostersQuery, PublishRosterBody, RosterDecisionBody } from './rosters.schemas.js';
import { MAX_ROSTER_ROWS } from './rosters.schemas.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { AvailabilityService } from '../availability/availability.service.js';
import type { ComplianceVerdict } from '../../compliance/rules/compliance.service.js';

const DAY_MS = 86_400_000;

export interface RosterResult {
  roster: Roster;
  assignments: ShiftAssignment[];
}

export interface PublishedRoster extends RosterResult {
  compliance: ComplianceVerdict;
}

export interface CloneResult extends PublishedRoster {
  skipped: Array<{ sourceShiftId: string; userId: string; reason: string }>;
}

/** The error of one row of a roster, with the row named, so a manager can find it in a week of shifts. */
function atRow(index: number, err: unknown): unknown {
  const prefix = `assignments[${index}]: `;
  if (err instanceof BadRequestError) return new BadRequestError(err.messages.map((m) => prefix + m));
  if (err instanceof ConflictError || err instanceof NotFoundError || err instanceof ForbiddenError) {
    const body = err.body();
    return new (err.constructor as typeof ConflictError)(prefix + String(body.message), String(body.error));
  }
  return err;
}

function rosterNotFound(): NotFoundError {
  return new NotFoundError('Roster not found');
}

/**
 * Rosters: many assignments at one outlet published (or cloned from another week) in one call,
 * all or none. Spec 03: publishing fires shift.assigned for every assignment, drafts included;
 * cloning a week, approving and rejecting fire nothing. With the tenant's roster approval on,
 * a roster's assignments are PROPOSED until an approver (AREA_MANAGER and above, never the
 * person who published it) approves (SCHEDULED) or rejects (CANCELLED) them.
 */
export class RostersService {
  constructor(
    private readonly repo: RostersRepository,
    private readonly shiftsRepo: ShiftsRepository,
    private readonly shifts: ShiftsService,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
    private readonly availability: AvailabilityService,
    private readonly notifier: Notifier,
  ) {}

  async publish(actor: Actor, body: PublishRosterBody): Promise<PublishedRoster> {
    const scope = await this.scopes.of(actor);
    if (!coversOutlet(scope, body.outletId)) throw outsideScope();
    const windows = body.assignments.map((row, i) => {
      const start = new Date(row.scheduledStart);
      const end = new Date(row.scheduledEnd);
      try {
        assertWindow(start, end);
      } catch (err) {
        throw atRow(i, err);
      }
      return { start, end };
    });
    for (const [i, userId] of body.assignments.map((r) => r.userId).entries()) {
      if (!(await this.scopes.coversUser(actor.tenantId, scope, userId))) throw atRow(i, new NotFoundError('User not found'));
    }
    const now = this.clock.now();
    return this.transaction(async (tx) => {
      await this.shifts.assertActiveOutlet(tx, actor.tenantId, body.outletId);
      const draft = await this.repo.approvalRequired(tx, actor.tenantId);
      const roster = await this.newRoster(tx, actor, body.outletId, 'PUBLISH', draft, body.assignments.length, now);
      await this.assertAssignable(tx, actor, body.assignments.map((r) => r.userId));
      await this.availability.checkAssignments(
        tx,
        actor.tenantId,
        body.assignments.map((row, i) => ({ userId: row.userId, outletId: body.outletId, start: windows[i]!.start, end: windows[i]!.end, shiftId: null, row: i })),
      );
      const assignments: ShiftAssignment[] = [];
      for (const [i, row] of body.assignments.entries()) {
        const shift: ShiftAssignment = {
          id: uuid(),
          tenantId: actor.tenantId,
          userId: row.userId,
          outletId: body.outletId,
          scheduledStart: windows[i]!.start,
          scheduledEnd: windows[i]!.end,
          status: draft ? 'PROPOSED' : 'SCHEDULED',
          type: row.type,
          note: row.note ?? null,
          rosterId: roster.id,
          createdByUserId: actor.userId,
          createdAt: now,
          updatedAt: now,
        };
        await this.shiftsRepo.insert(tx, shift).catch((err: unknown) => {
          throw atRow(i, err);
        });
        await recordEvent(tx, actor.tenantId, 'shift.assigned', assignedPayload(shift), now);
        assignments.push(shift);
      }
      const compliance = await this.shifts.checkRules(tx, actor, assignments, body.complianceOverrideReason);
      await this.announce(tx, actor, assignments);
      return { roster, assignments, compliance };
    });
  }

  /**
   * Copies the outlet's shifts of one week (not cancelled) to another, at the same local times in
   * the outlet's timezone. People no longer active are skipped and reported; an overlap with a
   * shift already in the target week stops the whole copy (409 naming the row).
   */
  async cloneWeek(actor: Actor, body: CloneWeekBody): Promise<CloneResult> {
    const scope = await this.scopes.of(actor);
    if (!coversOutlet(scope, body.outletId)) throw outsideScope();
    const days = Math.round((Date.parse(body.toWeekStart) - Date.parse(body.fromWeekStart)) / DAY_MS);
    const now = this.clock.now();
    return this.transaction(async (tx) => {
      await this.shifts.assertActiveOutlet(tx, actor.tenantId, body.outletId);
      const tz = (await outletZone(tx, actor.tenantId, body.outletId))!;
      const from = wallTimeToInstant(body.fromWeekStart, 0, tz);
      const to = wallTimeToInstant(addDays(body.fromWeekStart, 7), 0, tz);
      const source = await this.shiftsRepo.atOutletBetween(tx, actor.tenantId, body.outletId, from, to);
      if (source.length === 0) throw new ConflictError('The outlet has no shifts in the week of fromWeekStart', 'NOTHING_TO_CLONE');
      if (source.length > MAX_ROSTER_ROWS) throw new ConflictError(`The week has more than ${MAX_ROSTER_ROWS} shifts`);
      const people = [...new Set(source.map((s) => s.userId))];
      const statuses = await this.repo.userStatuses(tx, actor.tenantId, people);
      const outranking = await this.people.refusals(tx, actor, people, 'work');
      const skipped: CloneResult['skipped'] = [];
      const copied = source.filter((s) => {
        const status = statuses.get(s.userId);
        const refusal = outranking.get(s.userId);
        if (status === 'ACTIVE' && !refusal) return true;
        skipped.push({ sourceShiftId: s.id, userId: s.userId, reason: refusal ?? (status ? 'The user is not active' : 'The user was removed') });
        return false;
      });
      if (copied.length === 0) throw new ConflictError('None of the week’s shifts belongs to an active user', 'NOTHING_TO_CLONE');
      const draft = await this.repo.approvalRequired(tx, actor.tenantId);
      const roster = await this.newRoster(tx, actor, body.outletId, 'CLONE', draft, copied.length, now);
      const assignments: ShiftAssignment[] = copied.map((s) => ({
        ...s,
        id: uuid(),
        scheduledStart: addLocalDays(s.scheduledStart, days, tz),
        scheduledEnd: addLocalDays(s.scheduledEnd, days, tz),
        status: draft ? 'PROPOSED' : 'SCHEDULED',
        rosterId: roster.id,
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      }));
      await this.availability.checkAssignments(
        tx,
        actor.tenantId,
        assignments.map((s, i) => ({ userId: s.userId, outletId: s.outletId, start: s.scheduledStart, end: s.scheduledEnd, shiftId: null, row: i })),
      );
      for (const [i, shift] of assignments.entries()) {
        await this.shiftsRepo.insert(tx, shift).catch((err: unknown) => {
          throw atRow(i, err);
        });
      }
      const compliance = await this.shifts.checkRules(tx, actor, assignments, body.complianceOverrideReason);
      await this.announce(tx, actor, assignments);
      return { roster, assignments, skipped, compliance };
    });
  }

  approve(actor: Actor, id: string, body: RosterDecisionBody): Promise<RosterResult> {
    return this.decide(actor, id, body, 'APPROVED', 'SCHEDULED');
  }

  reject(actor: Actor, id: string, body: RosterDecisionBody): Promise<RosterResult> {
    return this.decide(actor, id, body, 'REJECTED', 'CANCELLED');
  }

  async list(actor: Actor, query: ListRostersQuery): Promise<Roster[]> {
    const { limit, offset, ...filter } = query;
    const scope = await this.scopes.of(actor);
    return this.repo.list(actor.tenantId, { ...filter, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) }, limit, offset);
  }

  async get(actor: Actor, id: string): Promise<RosterResult> {
    const roster = await this.repo.find(actor.tenantId, id);
    if (!roster || !coversOutlet(await this.scopes.of(actor), roster.outletId)) throw rosterNotFound();
    return { roster, assignments: await this.shiftsRepo.list(actor.tenantId, { rosterId: id }, MAX_ROSTER_ROWS, 0) };
  }

  /** Spec 03: deciding a roster fires nothing; its drafts were announced when published. */
  private async decide(actor: Actor, id: string, body: RosterDecisionBody, status: 'APPROVED' | 'REJECTED', to: ShiftStatus): Promise<RosterResult> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const roster = await this.repo.lock(tx, actor.tenantId, id);
      if (!roster || !coversOutlet(scope, roster.outletId)) throw rosterNotFound();
      if (roster.status !== 'PENDING_APPROVAL') throw new ConflictError(`A roster that is ${roster.status} cannot be ${status.toLowerCase()}`);
      if (roster.publishedByUserId === actor.userId) throw new ForbiddenError('A roster is decided by someone other than the person who published it');
      const now = this.clock.now();
      await this.shiftsRepo.lockByRoster(tx, actor.tenantId, id);
      // Drafts already hold their places (the overlap rule counts PROPOSED), so approving cannot
      // collide; drafts a manager confirmed or cancelled one by one keep that decision.
      await this.shiftsRepo.setRosterStatus(tx, actor.tenantId, id, 'PROPOSED', to, now);
      const decided = await this.repo.decide(tx, actor.tenantId, id, { status, by: actor.userId, at: now, note: body.note ?? null });
      const assignments = await this.shiftsRepo.lockByRoster(tx, actor.tenantId, id);
      // Rejected drafts never became anyone's schedule: what they would have broken is withdrawn.
      if (to === 'CANCELLED') await this.shifts.withdrawBreaches(tx, actor.tenantId, assignments.filter((a) => a.status === 'CANCELLED').map((a) => a.id));
      // An approved roster is published now: its people hear of it as they would have at once.
      await this.announce(tx, actor, assignments);
      return { roster: decided, assignments };
    });
  }

  private announce(tx: Tx, actor: Actor, assignments: readonly ShiftAssignment[]): Promise<void> {
    return announceRoster(this.notifier, tx, actor, assignments);
  }

  private async newRoster(tx: Tx, actor: Actor, outletId: string, source: Roster['source'], draft: boolean, count: number, now: Date): Promise<Roster> {
    const roster = newRosterRow(actor, outletId, source, draft, count, now);
    await this.repo.insert(tx, roster);
    return roster;
  }

  /** One query for every person of the roster; the first row naming a missing, inactive or outranking one is the error. */
  private async assertAssignable(tx: Tx, actor: Actor, userIds: string[]): Promise<void> {
    const statuses = await this.repo.userStatuses(tx, actor.tenantId, [...new Set(userIds)]);
    const outranking = await this.people.refusals(tx, actor, userIds, 'work');
    for (const [i, userId] of userIds.entries()) {
      const status = statuses.get(userId);
      if (!status) throw atRow(i, new NotFoundError('User not found'));
      const refusal = outranking.get(userId);
      if (refusal) throw atRow(i, new ForbiddenError(refusal));
      if (status !== 'ACTIVE') throw atRow(i, new ConflictError('The user is not active'));
    }
  }
}

/** A roster as a publisher makes it: published at once, or awaiting an approver when the tenant requires one. */
export function newRosterRow(actor: Actor, outletId: string, source: Roster['source'], draft: boolean, count: number, now: Date): Roster {
  return {
    id: uuid(),
    tenantId: actor.tenantId,
    outletId,
    source,
    status: draft ? 'PENDING_APPROVAL' : 'PUBLISHED',
    assignmentCount: count,
    publishedByUserId: actor.userId,
    decidedByUserId: null,
    decidedAt: null,
    decisionNote: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** Each person with a published (SCHEDULED) shift in it hears once: how many, and the first. Drafts are nobody's schedule yet. */
export async function announceRoster(notifier: Notifier, tx: Tx, actor: Actor, assignments: readonly ShiftAssignment[]): Promise<void> {
  const byPerson = new Map<string, ShiftAssignment[]>();
  for (const a of assignments) if (a.status === 'SCHEDULED') byPerson.set(a.userId, [...(byPerson.get(a.userId) ?? []), a]);
  if (byPerson.size === 0) return;
  await notifier.notify(tx, {
    tenantId: actor.tenantId,
    event: 'roster.published',
    actorUserId: actor.userId,
    to: [...byPerson].map(([userId, shifts]) => {
      const first = shifts.reduce((a, b) => (b.scheduledStart < a.scheduledStart ? b : a));
      return { userId, params: { outletId: first.outletId, shifts: shifts.length, firstStart: first.scheduledStart, firstEnd: first.scheduledEnd } };
    }),
  });
}
