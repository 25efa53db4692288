import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, type ErrorBody } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import { MANAGERS } from '@wfm/core/role-sets';
import { roleAllowed } from '@wfm/core/tenancy';
import type { AvailabilityConflictMode } from '@wfm/db/entities/availability.entity';
import type { TransactionRunner, Tx } from '@wfm/db/transaction';
import type { OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { LeaveRepository } from '../../time/leave/leave.repository.js';
import { clip, daysWithout, expandWeekly, firstGap, merge, overlaps, subtract, type Interval, type WeeklyWindow } from './availability-intervals.js';
import type { AvailabilityRepository, AvailabilityWindow, TimeOff } from './availability.repository.js';
import { MAX_CONFLICT_SHIFTS } from './availability.schemas.js';
import type {
  AvailabilityConflictDto,
  ConflictsDto,
  ConflictsQuery,
  CreateTimeOffBody,
  ListTimeOffQuery,
  PutWeeklyAvailabilityBody,
  UpdateTimeOffBody,
  WeeklyAvailabilityDto,
} from './availability.schemas.js';

/** A shift about to be written (or already written), as availability sees it. */
export interface ProposedShift {
  userId: string;
  outletId: string;
  start: Date;
  end: Date;
  /** Null while it is not written yet. */
  shiftId: string | null;
  /** Its index in a roster body, so a refusal names the row. */
  row?: number;
}

export type UnavailableSource = 'WEEKLY' | 'TIME_OFF' | 'LEAVE';

export interface UnavailableInterval extends Interval {
  source: UnavailableSource;
  /** The weekly window, time-off window or leave request. */
  id: string;
  note: string | null;
}

/** One person's time over a range, as the auto-scheduler reads it. */
export interface PersonAvailability {
  userId: string;
  /** Hard: weekly unavailable windows, time off and approved leave, each as it is (not clipped to the range). */
  unavailable: UnavailableInterval[];
  /** The range minus `unavailable`: where a shift may go at all. */
  available: Interval[];
  /**
   * Where a shift raises no conflict at all: on a local day with preferred (AVAILABLE) windows,
   * those windows; on a day with none, the whole day; minus `unavailable`, clipped to the range.
   */
  preferred: Interval[];
}

/** What the conflict check needs beyond the lookup: the preferred time before hard unavailability is taken out. */
interface Computed extends PersonAvailability {
  preferredAll: Interval[];
}

/** Spec 01's business-rule refusal: 409 with the standard body, `error` naming the rule, plus every conflict. */
export class AvailabilityConflictError extends ConflictError {
  constructor(readonly conflicts: AvailabilityConflictDto[]) {
    const first = conflicts[0]!;
    const prefix = first.shift.row === undefined ? '' : `assignments[${first.shift.row}]: `;
    super(`${prefix}The shift falls in time the person is unavailable (${first.kind})${conflicts.length > 1 ? ` and ${conflicts.length - 1} more conflict(s)` : ''}`, 'AVAILABILITY_CONFLICT');
  }
  override body(): ErrorBody {
    return { ...super.body(), conflicts: this.conflicts };
  }
}

/** Refused to someone claiming an open shift in their own hard unavailability, whatever the mode. */
export function unavailableForClaim(): ConflictError {
  return new ConflictError('You marked yourself unavailable for this time', 'UNAVAILABLE');
}

const CONFLICT_KIND = { WEEKLY: 'UNAVAILABLE', TIME_OFF: 'TIME_OFF', LEAVE: 'LEAVE' } as const satisfies Record<UnavailableSource, AvailabilityConflictDto['kind']>;

function hhmm(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

function minuteOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

function asWeekly(w: AvailabilityWindow): WeeklyWindow {
  return { id: w.id, kind: w.kind, weekday: w.weekday, startMinute: w.startMinute, endMinute: w.endMinute, effectiveFrom: w.effectiveFrom, effectiveTo: w.effectiveTo };
}

function groupBy<T extends { userId: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) out.set(r.userId, [...(out.get(r.userId) ?? []), r]);
  return out;
}

/**
 * Each person's availability: weekly windows in the tenant's timezone (AVAILABLE, a preference;
 * UNAVAILABLE, hard), one-off time off (hard) and approved leave, read from the leave module
 * (hard). A person manages their own; managers those of their people, within their outlet scope
 * and by the rank rule (PeoplePolicy, 'work'). Every path that assigns a shift asks
 * `checkAssignments`, which applies the tenant's mode: OFF ignores availability, WARN lets the
 * shift through (conflicts are listed by GET /availability/conflicts), BLOCK refuses a hard
 * conflict with AvailabilityConflictError and nothing is written.
 */
export class AvailabilityService {
  constructor(
    private readonly repo: AvailabilityRepository,
    private readonly leave: LeaveRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
  ) {}

  async weekly(actor: Actor, userId: string): Promise<WeeklyAvailabilityDto> {
    await this.assertReach(actor, userId);
    const { timezone } = await this.settings(null, actor.tenantId);
    return this.toWeeklyDto(userId, timezone, await this.repo.windowsOf(null, actor.tenantId, [userId]));
  }

  async replaceWeekly(actor: Actor, userId: string, body: PutWeeklyAvailabilityBody): Promise<WeeklyAvailabilityDto> {
    await this.assertReach(actor, userId);
    const now = this.clock.now();
    const rows: AvailabilityWindow[] = body.windows.map((w) => ({
      id: uuid(),
      tenantId: actor.tenantId,
      userId,
      kind: w.kind,
      weekday: w.weekday,
      startMinute: minuteOf(w.start),
      endMinute: minuteOf(w.end),
      effectiveFrom: w.effectiveFrom,
      effectiveTo: w.effectiveTo,
      createdAt: now,
    }));
    await this.transaction((tx) => this.repo.replaceWindows(tx, actor.tenantId, userId, rows));
    return this.weekly(actor, userId);
  }

  async listTimeOff(actor: Actor, userId: string, query: ListTimeOffQuery): Promise<TimeOff[]> {
    await this.assertReach(actor, userId);
    const { from, to, limit, offset } = query;
    return this.repo.listTimeOff(actor.tenantId, userId, { ...(from ? { from: new Date(from) } : {}), ...(to ? { to: new Date(to) } : {}), limit, offset });
  }

  async addTimeOff(actor: Actor, userId: string, body: CreateTimeOffBody): Promise<TimeOff> {
    await this.assertReach(actor, userId);
    const now = this.clock.now();
    const row: TimeOff = {
      id: uuid(),
      tenantId: actor.tenantId,
      userId,
      startsAt: new Date(body.startsAt),
      endsAt: new Date(body.endsAt),
      note: body.note ?? null,
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    await this.transaction((tx) => this.repo.insertTimeOff(tx, row));
    return row;
  }

  async updateTimeOff(actor: Actor, userId: string, id: string, body: UpdateTimeOffBody): Promise<TimeOff> {
    await this.assertReach(actor, userId);
    return this.transaction(async (tx) => {
      const current = await this.repo.lockTimeOff(tx, actor.tenantId, userId, id);
      if (!current) throw timeOffNotFound();
      const startsAt = body.startsAt === undefined ? current.startsAt : new Date(body.startsAt);
      const endsAt = body.endsAt === undefined ? current.endsAt : new Date(body.endsAt);
      if (endsAt.getTime() <= startsAt.getTime()) throw new BadRequestError(['endsAt must be after startsAt']);
      return this.repo.updateTimeOff(
        tx,
        actor.tenantId,
        id,
        { ...(body.startsAt !== undefined ? { startsAt } : {}), ...(body.endsAt !== undefined ? { endsAt } : {}), ...(body.note !== undefined ? { note: body.note } : {}) },
        this.clock.now(),
      );
    });
  }

  async removeTimeOff(actor: Actor, userId: string, id: string): Promise<void> {
    await this.assertReach(actor, userId);
    await this.transaction(async (tx) => {
      if (!(await this.repo.lockTimeOff(tx, actor.tenantId, userId, id))) throw timeOffNotFound();
      await this.repo.deleteTimeOff(tx, actor.tenantId, id);
    });
  }

  /**
   * The auto-scheduler's lookup: for each of `userIds` (every one gets an entry, even with nothing
   * stated), their hard unavailability, where a shift may go, and their preferred windows over
   * [from, to), as instants. Weekly windows are expanded day by day in the tenant's timezone, each
   * bound converted on its own date, so a window keeps its wall-clock times across a DST change.
   * `tx` reads inside a caller's transaction; null reads on its own.
   */
  async between(tx: Tx | null, tenantId: string, userIds: readonly string[], from: Date, to: Date): Promise<Map<string, PersonAvailability>> {
    const { timezone } = await this.settings(tx, tenantId);
    const computed = await this.compute(tx, tenantId, timezone, [...new Set(userIds)], from, to);
    return new Map([...computed].map(([id, { preferredAll: _, ...person }]) => [id, person]));
  }

  /**
   * The one hook every path that assigns shifts calls, inside its transaction and before writing:
   * the conflicts of these shifts under the tenant's mode. BLOCK throws on any hard conflict
   * (listing every hard one), so nothing is written; WARN returns them all; OFF returns none.
   */
  async checkAssignments(tx: Tx, tenantId: string, shifts: readonly ProposedShift[]): Promise<AvailabilityConflictDto[]> {
    if (!shifts.length) return [];
    const { timezone, mode } = await this.settings(tx, tenantId);
    if (mode === 'OFF') return [];
    const conflicts = await this.conflictsOf(tx, tenantId, timezone, shifts);
    const hard = conflicts.filter((c) => c.hard);
    if (mode === 'BLOCK' && hard.length) throw new AvailabilityConflictError(hard);
    return conflicts;
  }

  /** Which of these stretches fall in the person's hard unavailability (open shifts: what staff are offered and may claim). */
  async inHardUnavailability(tx: Tx | null, tenantId: string, timezone: string, userId: string, stretches: readonly Interval[]): Promise<boolean[]> {
    if (!stretches.length) return [];
    const from = new Date(Math.min(...stretches.map((s) => s.start.getTime())));
    const to = new Date(Math.max(...stretches.map((s) => s.end.getTime())));
    const person = (await this.compute(tx, tenantId, timezone, [userId], from, to)).get(userId)!;
    return stretches.map((s) => person.unavailable.some((u) => overlaps(u, s)));
  }

  /** GET /availability/conflicts: the conflicts of the shifts (not cancelled) starting in the range, within the caller's scope. */
  async listConflicts(actor: Actor, query: ConflictsQuery): Promise<ConflictsDto> {
    const { timezone, mode } = await this.settings(null, actor.tenantId);
    if (mode === 'OFF') return { mode, conflicts: [] };
    const scope = await this.scopes.of(actor);
    const shifts = await this.repo.shiftsBetween(
      actor.tenantId,
      {
        from: new Date(query.from),
        to: new Date(query.to),
        ...(query.outletId ? { outletId: query.outletId } : {}),
        ...(query.userId ? { userId: query.userId } : {}),
        ...(scope.kind === 'outlets' ? { visible: { outletIds: scope.outletIds, userId: actor.userId } } : {}),
      },
      MAX_CONFLICT_SHIFTS,
    );
    const proposed = shifts.map((s) => ({ userId: s.userId, outletId: s.outletId, start: s.scheduledStart, end: s.scheduledEnd, shiftId: s.id }));
    return { mode, conflicts: await this.conflictsOf(null, actor.tenantId, timezone, proposed) };
  }

  private async conflictsOf(tx: Tx | null, tenantId: string, timezone: string, shifts: readonly ProposedShift[]): Promise<AvailabilityConflictDto[]> {
    if (!shifts.length) return [];
    const from = new Date(Math.min(...shifts.map((s) => s.start.getTime())));
    const to = new Date(Math.max(...shifts.map((s) => s.end.getTime())));
    const people = await this.compute(tx, tenantId, timezone, [...new Set(shifts.map((s) => s.userId))], from, to);
    const out: AvailabilityConflictDto[] = [];
    for (const s of shifts) {
      const person = people.get(s.userId)!;
      const shift = {
        id: s.shiftId,
        ...(s.row !== undefined ? { row: s.row } : {}),
        outletId: s.outletId,
        scheduledStart: s.start.toISOString(),
        scheduledEnd: s.end.toISOString(),
      };
      for (const u of person.unavailable) {
        if (!overlaps(u, s)) continue;
        out.push({ userId: s.userId, shift, kind: CONFLICT_KIND[u.source], hard: true, window: { id: u.id, start: u.start.toISOString(), end: u.end.toISOString(), note: u.note } });
      }
      const gap = firstGap(s, person.preferredAll);
      if (gap) out.push({ userId: s.userId, shift, kind: 'OUTSIDE_AVAILABILITY', hard: false, window: { id: null, start: gap.start.toISOString(), end: gap.end.toISOString(), note: null } });
    }
    return out;
  }

  private async compute(
    tx: Tx | null,
    tenantId: string,
    timezone: string,
    userIds: readonly string[],
    from: Date,
    to: Date,
  ): Promise<Map<string, Computed>> {
    // One after another: inside a transaction they share one connection.
    const windows = await this.repo.windowsOf(tx, tenantId, userIds);
    const timeOff = await this.repo.timeOffBetween(tx, tenantId, userIds, from, to);
    const leave = await this.leave.approvedBetween(tx, tenantId, userIds, from, to);
    const windowsBy = groupBy(windows);
    const timeOffBy = groupBy(timeOff);
    const leaveBy = groupBy(leave);
    const range = { start: from, end: to };
    const out = new Map<string, Computed>();
    for (const userId of userIds) {
      const weekly = (windowsBy.get(userId) ?? []).map(asWeekly);
      const occurrences = expandWeekly(weekly, from, to, timezone);
      const unavailable: UnavailableInterval[] = [
        ...occurrences.filter((o) => o.kind === 'UNAVAILABLE').map((o) => ({ start: o.start, end: o.end, source: 'WEEKLY' as const, id: o.windowId, note: null })),
        ...(timeOffBy.get(userId) ?? []).map((t) => ({ start: t.startsAt, end: t.endsAt, source: 'TIME_OFF' as const, id: t.id, note: t.note })),
        ...(leaveBy.get(userId) ?? []).map((l) => ({ start: l.start, end: l.end, source: 'LEAVE' as const, id: l.id, note: l.leaveType })),
      ].sort((a, b) => a.start.getTime() - b.start.getTime());
      const preferredWindows = weekly.filter((w) => w.kind === 'AVAILABLE');
      const preferredAll = merge([...occurrences.filter((o) => o.kind === 'AVAILABLE'), ...daysWithout(preferredWindows, from, to, timezone)]);
      out.set(userId, {
        userId,
        unavailable,
        available: subtract([range], unavailable),
        preferred: subtract(clip(preferredAll, range), unavailable),
        preferredAll,
      });
    }
    return out;
  }

  private async settings(tx: Tx | null, tenantId: string): Promise<{ timezone: string; mode: AvailabilityConflictMode }> {
    const s = await this.repo.settings(tx, tenantId);
    if (!s) throw new NotFoundError('Tenant not found');
    return s;
  }

  /**
   * Oneself always; another person only as a manager, within the outlet scope (anyone outside it,
   * or nobody, is 404 as GET /users/:id answers) and at or below the manager's rank (403).
   */
  private async assertReach(actor: Actor, userId: string): Promise<void> {
    if (userId === actor.userId) return;
    if (!roleAllowed(actor.role, MANAGERS)) throw new ForbiddenError('You can manage only your own availability');
    const scope = await this.scopes.of(actor);
    if (!(await this.repo.liveUserExists(null, actor.tenantId, userId)) || !(await this.scopes.coversUser(actor.tenantId, scope, userId))) {
      throw new NotFoundError('User not found');
    }
    await this.people.assert(null, actor, userId, 'work');
  }

  private toWeeklyDto(userId: string, timezone: string, rows: AvailabilityWindow[]): WeeklyAvailabilityDto {
    return {
      userId,
      timezone,
      windows: rows.map((w) => ({
        id: w.id,
        kind: w.kind,
        weekday: w.weekday,
        start: hhmm(w.startMinute),
        end: hhmm(w.endMinute),
        effectiveFrom: w.effectiveFrom,
        effectiveTo: w.effectiveTo,
      })),
    };
  }
}

function timeOffNotFound(): NotFoundError {
  return new NotFoundError('Time off not found');
}
