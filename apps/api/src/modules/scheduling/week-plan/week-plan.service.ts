import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import { addDays, localDate, wallTimeToInstant } from '../../time/leave/leave-period.js';
import type { AvailabilityService, PersonAvailability } from '../availability/availability.service.js';
import { MAX_ROSTER_ROWS } from '../rosters/rosters.schemas.js';
import type { ShiftAssignment, ShiftsRepository } from '../shifts/shifts.repository.js';
import { assertWindow, outsideScope } from '../shifts/shifts.service.js';
import type { WeekPerson, WeekPlanRepository } from './week-plan.repository.js';
import type { PreviewWeekBody, WeekQuery } from './week-plan.schemas.js';
import { weekTotals, type TimedShift, type WeekTotals } from './week-totals.js';

export interface OutletWeek {
  outletId: string;
  timezone: string;
  weekStart: string;
  days: string[];
  people: Array<WeekPerson & Pick<PersonAvailability, 'unavailable' | 'preferred'>>;
  shifts: ShiftAssignment[];
  totals: WeekTotals;
}

interface Slot {
  id: string | null;
  start: Date;
  end: Date;
}

export interface PersonChanges {
  userId: string;
  fullName: string;
  added: Slot[];
  moved: Array<Slot & { from: { start: Date; end: Date } }>;
  removed: Slot[];
}

export interface WeekPreview {
  changes: PersonChanges[];
  totals: WeekTotals;
}

interface Frame {
  timezone: string;
  days: string[];
  from: Date;
  to: Date;
}

/**
 * An outlet's week as the grid shows it, in the outlet's zone: its staff as rows with their
 * availability, its shifts, and hours and labour cost (week-totals.ts). A preview compares the week
 * a manager is about to publish with the stored one and says, person by person, what changes.
 */
export class WeekPlanService {
  constructor(
    private readonly repo: WeekPlanRepository,
    private readonly shifts: ShiftsRepository,
    private readonly availability: AvailabilityService,
    private readonly scopes: OutletScopeService,
  ) {}

  async week(actor: Actor, query: WeekQuery): Promise<OutletWeek> {
    const frame = await this.frame(actor, query.outletId, query.weekStart);
    const [people, shifts] = await Promise.all([this.repo.people(actor.tenantId, query.outletId, frame.from, frame.to), this.stored(actor, query.outletId, frame)]);
    const times = await this.availability.between(null, actor.tenantId, people.map((p) => p.userId), frame.from, frame.to);
    return {
      outletId: query.outletId,
      timezone: frame.timezone,
      weekStart: query.weekStart,
      days: frame.days,
      people: people.map((p) => ({ ...p, unavailable: times.get(p.userId)?.unavailable ?? [], preferred: times.get(p.userId)?.preferred ?? [] })),
      shifts,
      totals: await this.totals(actor, frame, people.map((p) => p.userId), shifts.map((s) => ({ userId: s.userId, start: s.scheduledStart, end: s.scheduledEnd }))),
    };
  }

  async preview(actor: Actor, body: PreviewWeekBody): Promise<WeekPreview> {
    const frame = await this.frame(actor, body.outletId, body.weekStart);
    const stored = await this.stored(actor, body.outletId, frame);
    const byId = new Map(stored.map((s) => [s.id, s]));
    const planned = body.shifts.map((row, i) => {
      const start = new Date(row.scheduledStart);
      const end = new Date(row.scheduledEnd);
      try {
        assertWindow(start, end);
      } catch (err) {
        throw err instanceof BadRequestError ? new BadRequestError(err.messages.map((m) => `shifts[${i}]: ${m}`)) : err;
      }
      if (row.id !== undefined && !byId.has(row.id.toLowerCase())) throw new BadRequestError([`shifts[${i}].id: not a shift of this outlet's week`]);
      return { id: row.id?.toLowerCase() ?? null, userId: row.userId.toLowerCase(), start, end };
    });
    const ids = [...new Set([...planned.map((p) => p.userId), ...stored.map((s) => s.userId)])];
    const names = new Map((await this.repo.named(actor.tenantId, ids)).map((n) => [n.userId, n.fullName]));
    const missing = planned.findIndex((p) => !names.has(p.userId));
    if (missing >= 0) throw new NotFoundError(`shifts[${missing}]: User not found`);
    const changes = new Map<string, PersonChanges>();
    const of = (userId: string) => {
      let c = changes.get(userId);
      if (!c) changes.set(userId, (c = { userId, fullName: names.get(userId) ?? '', added: [], moved: [], removed: [] }));
      return c;
    };
    const kept = new Set<string>();
    for (const p of planned) {
      const before = p.id ? byId.get(p.id) : undefined;
      const slot = { id: p.id, start: p.start, end: p.end };
      if (!before) of(p.userId).added.push(slot);
      else {
        kept.add(before.id);
        if (before.userId !== p.userId) {
          of(before.userId).removed.push({ id: before.id, start: before.scheduledStart, end: before.scheduledEnd });
          of(p.userId).added.push(slot);
        } else if (before.scheduledStart.getTime() !== p.start.getTime() || before.scheduledEnd.getTime() !== p.end.getTime()) {
          of(p.userId).moved.push({ ...slot, from: { start: before.scheduledStart, end: before.scheduledEnd } });
        }
      }
    }
    for (const s of stored) if (!kept.has(s.id)) of(s.userId).removed.push({ id: s.id, start: s.scheduledStart, end: s.scheduledEnd });
    const people = await this.repo.people(actor.tenantId, body.outletId, frame.from, frame.to);
    return {
      changes: [...changes.values()].sort((a, b) => a.fullName.localeCompare(b.fullName) || a.userId.localeCompare(b.userId)),
      totals: await this.totals(actor, frame, people.map((p) => p.userId), planned),
    };
  }

  private async frame(actor: Actor, outletId: string, weekStart: string): Promise<Frame> {
    const timezone = await this.repo.outletZone(actor.tenantId, outletId);
    if (!timezone) throw new NotFoundError('Outlet not found');
    if (!coversOutlet(await this.scopes.of(actor), outletId)) throw outsideScope();
    const days = Array.from({ length: 7 }, (_, i) => addDays(weekStart, i));
    return { timezone, days, from: wallTimeToInstant(weekStart, 0, timezone), to: wallTimeToInstant(addDays(weekStart, 7), 0, timezone) };
  }

  private async stored(actor: Actor, outletId: string, frame: Frame): Promise<ShiftAssignment[]> {
    const rows = await this.shifts.list(actor.tenantId, { outletId, from: frame.from, to: frame.to }, MAX_ROSTER_ROWS, 0);
    return rows.filter((s) => s.status !== 'CANCELLED');
  }

  private async totals(actor: Actor, frame: Frame, people: string[], shifts: readonly TimedShift[]): Promise<WeekTotals> {
    const pay = await this.repo.pay(actor.tenantId, [...new Set([...people, ...shifts.map((s) => s.userId)])]);
    return weekTotals(shifts, frame.days, (instant) => localDate(instant, frame.timezone), people, pay);
  }
}
