import { BREAK_GAP_MINUTES } from '../../compliance/engine/engine.js';
import type { ClockRecord } from './reports.repository.js';

/** Payroll's standard day when a person has no pay setting (POST /payroll/pay-settings defaults overtimeDailyMinutes to it). */
export const STANDARD_DAY_MINUTES = 480;

const MINUTE_MS = 60_000;

/** One closed clock record's minutes, split at the day's overtime threshold. */
export interface WorkedPiece {
  record: ClockRecord;
  minutes: number;
  regular: number;
  overtime: number;
}

/** A person's local day of closed clock records. */
export interface WorkedDay {
  userId: string;
  userName: string;
  day: string;
  /** All the day's minutes, in scope or not: what the overtime threshold is held against. */
  clockedMinutes: number;
  breakMinutes: number;
  pieces: WorkedPiece[];
}

/** Whole minutes, as payroll counts a clock record (`computePayslip`). */
export const minutesOf = (from: Date, to: Date) => Math.max(0, Math.floor((to.getTime() - from.getTime()) / MINUTE_MS));

/**
 * Closed clock records grouped by person and local day, as payroll pays them: a record belongs
 * whole to the local day of its clock-in, and minutes of a day beyond the person's standard day
 * (`threshold`, the pay setting's overtimeDailyMinutes) are overtime — the last minutes worked,
 * so overtime lands on the outlet worked at the end of the day. A break is a gap between two
 * records of the same day shorter than the compliance engine's BREAK_GAP_MINUTES (a longer gap
 * starts a new working period there, so it is rest, not a break); only gaps between two records
 * in scope count. Records come sorted by person then clock-in; open ones (still clocked in, or a
 * missed clock-out not yet closed) are left out.
 */
export function workedDays(records: readonly ClockRecord[], threshold: (userId: string) => number): WorkedDay[] {
  const days = new Map<string, WorkedDay>();
  for (const record of records) {
    if (record.clockOutAt === null) continue;
    const key = `${record.userId}|${record.day}`;
    let day = days.get(key);
    if (!day) {
      day = { userId: record.userId, userName: record.userName, day: record.day, clockedMinutes: 0, breakMinutes: 0, pieces: [] };
      days.set(key, day);
    }
    const previous = day.pieces.at(-1)?.record;
    if (previous?.inScope && record.inScope) {
      const gap = minutesOf(previous.clockOutAt!, record.clockInAt);
      if (gap > 0 && gap < BREAK_GAP_MINUTES) day.breakMinutes += gap;
    }
    const minutes = minutesOf(record.clockInAt, record.clockOutAt);
    const regular = Math.max(0, Math.min(minutes, threshold(record.userId) - day.clockedMinutes));
    day.pieces.push({ record, minutes, regular, overtime: minutes - regular });
    day.clockedMinutes += minutes;
  }
  return [...days.values()];
}
