import { ConflictError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { DataSource } from '@wfm/db/data-source';
import { live, many } from '@wfm/db/sql';
import { wallTimeToInstant } from '../../time/leave/leave-period.js';
import { outletZones } from '../../organization/outlets/outlets.repository.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { AvailabilityLookup, Interval, RuleLimitsLookup } from './scheduler.ports.js';
import type { Demand, SolveInput, SolvePerson, Span } from './solver.js';

const HOUR_MS = 3_600_000;
export const WEEK_HOURS = 168;

/** Where a person's hourly cost came from: pay settings are what payroll pays; the others are estimates. */
export type RateSource = 'PAY_HOURLY' | 'PAY_MONTHLY' | 'CONTRACT_SALARY' | 'MEDIAN';

export interface PersonFacts {
  id: string;
  name: string;
  rateSource: RateSource;
  rateMinor: number;
  contractedHours: number;
}

/** The solver's input and what is needed to turn its slots back into instants and names. */
export interface SchedulerWorld {
  input: SolveInput;
  /** Slot 0: local midnight starting the week's Monday. */
  weekStart: Date;
  people: Map<string, PersonFacts>;
  currency: string | null;
}

export const slotInstant = (weekStart: Date, slot: number) => new Date(weekStart.getTime() + slot * HOUR_MS);

/** The slots an interval touches, widened to whole hours (for unavailability: any part of an hour blocks it). */
function touched(weekStart: Date, i: Interval): Span | null {
  const start = Math.max(0, Math.floor((i.start.getTime() - weekStart.getTime()) / HOUR_MS));
  const end = Math.min(WEEK_HOURS, Math.ceil((i.end.getTime() - weekStart.getTime()) / HOUR_MS));
  return end > start ? [start, end] : null;
}

/** The whole slots inside an interval (for preferences: only hours wholly preferred count). */
function inside(weekStart: Date, i: Interval): Span | null {
  const start = Math.max(0, Math.ceil((i.start.getTime() - weekStart.getTime()) / HOUR_MS));
  const end = Math.min(WEEK_HOURS, Math.floor((i.end.getTime() - weekStart.getTime()) / HOUR_MS));
  return end > start ? [start, end] : null;
}

const spanOrNone = (s: Span | null): Span[] => (s ? [s] : []);

/** Adds `days` to a calendar date. */
function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Reads everything a proposal is solved and re-checked against, as it stands now: the outlets'
 * staffing targets, the people who work there (by their outlet assignment, active, and whom the
 * actor may give work to), their roles (the active contract's job title), their hourly cost, their
 * availability and limits through the two ports, and the shifts they already hold that week.
 */
export class SchedulerInputBuilder {
  constructor(
    private readonly ds: DataSource,
    private readonly availability: AvailabilityLookup,
    private readonly limits: RuleLimitsLookup,
    private readonly policy: PeoplePolicy,
  ) {}

  /**
   * The zone a proposal's week and targets are read in: its outlets'. They must share one, as the
   * solver lays one week of hours over all of them (409 otherwise).
   */
  async zone(tenantId: string, outletIds: readonly string[]): Promise<string> {
    const zones = new Set((await outletZones(this.ds, tenantId, outletIds)).values());
    if (zones.size === 0) throw new NotFoundError('Outlet not found');
    if (zones.size > 1) throw new ConflictError(`The outlets are in different timezones (${[...zones].sort().join(', ')}): propose a week for the outlets of each zone`, 'MIXED_TIMEZONES');
    return [...zones][0]!;
  }

  async build(actor: Actor, weekStartDate: string, outletIds: readonly string[]): Promise<SchedulerWorld> {
    const { tenantId } = actor;
    const timeZone = await this.zone(tenantId, outletIds);
    const weekStart = wallTimeToInstant(weekStartDate, 0, timeZone);
    const weekEnd = slotInstant(weekStart, WEEK_HOURS);
    const demands = await this.demands(tenantId, timeZone, weekStartDate, weekStart, outletIds);

    const staff = await many<{ id: string; name: string; outletIds: string[]; jobTitle: string | null }>(
      this.ds,
      `SELECT u.id, u.full_name AS name, array_agg(uo.outlet_id ORDER BY uo.outlet_id) AS "outletIds",
              (SELECT c.job_title FROM hr_contracts c WHERE c.tenant_id = u.tenant_id AND c.user_id = u.id AND c.status = 'ACTIVE') AS "jobTitle"
         FROM users u JOIN user_outlets uo ON uo.user_id = u.id AND uo.tenant_id = u.tenant_id
        WHERE u.tenant_id = $1 AND uo.outlet_id = ANY($2::uuid[]) AND u.status = 'ACTIVE' AND ${live('u')}
        GROUP BY u.id ORDER BY u.id`,
      [tenantId, outletIds],
    );
    const refused = await this.policy.refusals(null, actor, staff.map((s) => s.id), 'work');
    const eligible = staff.filter((s) => !refused.has(s.id));
    const ids = eligible.map((s) => s.id);
    const [availability, limits, pay, booked] = await Promise.all([
      this.availability.forPeople(tenantId, ids, weekStart, weekEnd),
      this.limits.forPeople(tenantId, ids, weekStart),
      many<{ userId: string; type: string; rateMinor: string; currency: string }>(
        this.ds,
        `SELECT user_id AS "userId", type, rate_minor AS "rateMinor", currency FROM pay_settings WHERE tenant_id = $1 AND user_id = ANY($2::uuid[])`,
        [tenantId, ids],
      ),
      many<{ userId: string; start: Date; end: Date }>(
        this.ds,
        `SELECT user_id AS "userId", scheduled_start AS start, scheduled_end AS "end" FROM shift_assignments
          WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) AND status <> 'CANCELLED' AND scheduled_start < $4 AND scheduled_end > $3`,
        [tenantId, ids, weekStart, weekEnd],
      ),
    ]);
    const salaries = await many<{ userId: string; salaryMinor: string }>(
      this.ds,
      `SELECT user_id AS "userId", salary_minor AS "salaryMinor" FROM hr_contracts WHERE tenant_id = $1 AND user_id = ANY($2::uuid[]) AND status = 'ACTIVE' AND salary_minor IS NOT NULL`,
      [tenantId, ids],
    );
    const payBy = new Map(pay.map((p) => [p.userId, p]));
    const salaryBy = new Map(salaries.map((s) => [s.userId, Number(s.salaryMinor)]));
    const currencies = new Set(pay.map((p) => p.currency));

    const people = new Map<string, PersonFacts>();
    for (const s of eligible) {
      const l = limits.get(s.id)!;
      const basis = Math.max(l.contractedHours, 40);
      const p = payBy.get(s.id);
      const salary = salaryBy.get(s.id);
      const [rateSource, rateMinor]: [RateSource, number] = p
        ? p.type === 'HOURLY'
          ? ['PAY_HOURLY', Number(p.rateMinor)]
          : ['PAY_MONTHLY', Math.round((Number(p.rateMinor) * 12) / 52 / basis)]
        : salary !== undefined
          ? ['CONTRACT_SALARY', Math.round(salary / 52 / basis)]
          : ['MEDIAN', 0];
      people.set(s.id, { id: s.id, name: s.name, rateSource, rateMinor, contractedHours: l.contractedHours });
    }
    const known = [...people.values()].filter((p) => p.rateSource !== 'MEDIAN').map((p) => p.rateMinor).sort((a, b) => a - b);
    const median = known.length ? known[Math.floor(known.length / 2)]! : 0;
    for (const p of people.values()) if (p.rateSource === 'MEDIAN') p.rateMinor = median;

    const solvePeople: SolvePerson[] = eligible.map((s) => {
      const l = limits.get(s.id)!;
      const a = availability.get(s.id)!;
      return {
        id: s.id,
        outletIds: s.outletIds,
        roles: s.jobTitle ? [normalizeRole(s.jobTitle)] : [],
        rateMinor: people.get(s.id)!.rateMinor,
        contractedHours: l.contractedHours,
        limits: { minShiftHours: l.minShiftHours, maxShiftHours: l.maxShiftHours, minRestHours: l.minRestHours, maxWeeklyHours: l.maxWeeklyHours, maxConsecutiveDays: l.maxConsecutiveDays },
        unavailable: a.unavailable.flatMap((i) => spanOrNone(touched(weekStart, i))),
        preferred: a.preferred.flatMap((i) => spanOrNone(inside(weekStart, i))),
        booked: booked.filter((b) => b.userId === s.id).flatMap((b) => spanOrNone(touched(weekStart, b))),
      };
    });
    return { input: { hours: WEEK_HOURS, people: solvePeople, demands }, weekStart, people, currency: currencies.size === 1 ? [...currencies][0]! : null };
  }

  /** Targets per outlet and role, laid on the week's slots: weekday and hour are local, so a DST week still lands each on its hour. */
  private async demands(tenantId: string, timeZone: string, weekStartDate: string, weekStart: Date, outletIds: readonly string[]): Promise<Demand[]> {
    const rows = await many<{ outletId: string; role: string; weekday: number; hour: number; required: number }>(
      this.ds,
      `SELECT outlet_id AS "outletId", role, weekday, hour, required FROM staffing_targets
        WHERE tenant_id = $1 AND outlet_id = ANY($2::uuid[]) AND required > 0 ORDER BY outlet_id, role`,
      [tenantId, outletIds],
    );
    const byKey = new Map<string, Demand>();
    for (const r of rows) {
      const key = `${r.outletId}|${r.role}`;
      let d = byKey.get(key);
      if (!d) byKey.set(key, (d = { outletId: r.outletId, role: r.role, required: new Array<number>(WEEK_HOURS).fill(0) }));
      const slot = Math.round((wallTimeToInstant(addDays(weekStartDate, r.weekday - 1), r.hour, timeZone).getTime() - weekStart.getTime()) / HOUR_MS);
      if (slot >= 0 && slot < WEEK_HOURS) (d.required as number[])[slot] = r.required;
    }
    return [...byKey.values()];
  }
}

/** Roles compare trimmed and in lower case: a contract's "Barista" fills a target for "barista". */
export function normalizeRole(role: string): string {
  return role.trim().toLowerCase().replace(/\s+/g, ' ');
}
