import type { Limit } from './solver.js';

/**
 * The two narrow ports the auto-scheduler reads people through, composed in
 * scheduling.composition.ts: availability from the availability feature (weekly windows, time off,
 * approved leave), limits from the working-time rules over the contract's hours and defaults.
 */

/** A half-open instant interval [start, end). */
export interface Interval {
  start: Date;
  end: Date;
}

export interface PersonAvailability {
  /** When the person cannot work: the solver never schedules them then. */
  unavailable: Interval[];
  /** When the person prefers to work; empty means no preference. Hours outside it are allowed, at a penalty, and reported. */
  preferred: Interval[];
}

export interface AvailabilityLookup {
  /** Every person asked for has an entry (empty lists when nothing is known), for intervals meeting [from, to). */
  forPeople(tenantId: string, userIds: readonly string[], from: Date, to: Date): Promise<Map<string, PersonAvailability>>;
}

/**
 * The limits the solver honours for one person. A BLOCK limit is never exceeded; a WARN limit may
 * be, when that is the only way to cover demand, and the proposal lists it as bent.
 */
export interface PersonLimits {
  /** Weekly hours the contract promises; fairness pulls scheduled hours toward it. */
  contractedHours: number;
  /** Shortest and longest shift the solver builds (whole hours). */
  minShiftHours: number;
  maxShiftHours: number;
  minRestHours: Limit;
  maxWeeklyHours: Limit;
  maxConsecutiveDays: Limit;
}

export interface RuleLimitsLookup {
  /** Every person asked for has an entry; `weekStart` is the first instant of the week scheduled. */
  forPeople(tenantId: string, userIds: readonly string[], weekStart: Date): Promise<Map<string, PersonLimits>>;
}
