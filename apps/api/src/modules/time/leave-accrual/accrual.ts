/**
 * The arithmetic of leave accrual, pure. Amounts are integer hundredths of the policy's unit (a day
 * or an hour): every ledger line is rounded once, half away from zero, to 0.01 of its unit, and a
 * balance is the exact sum of its lines.
 */

export interface MonthlyRule {
  /** A full month's amount, in hundredths; null when it is the yearly entitlement spread evenly. */
  amountPerMonth: number | null;
  /** The yearly entitlement in hundredths, used when amountPerMonth is null. */
  yearly: number;
}

/** round(n / d), half away from zero, for integers (d > 0). */
export function divRound(n: number, d: number): number {
  const a = Math.abs(n);
  const q = Math.floor(a / d);
  const up = 2 * (a - q * d) >= d ? q + 1 : q;
  return n < 0 ? -up : up;
}

/** Hundredths from a value read as a decimal of two places (numeric(9,2)). */
export function hundredths(value: number): number {
  return Math.round(value * 100);
}

/** Hundredths as a plain number of units, for the API. */
export function units(h: number): number {
  return h / 100;
}

/**
 * One month's accrual. A whole month of a spread entitlement is the year's entitlement to the end of
 * this month, rounded, less that to the end of the last month (`monthOfYear` counts 1–12 from the
 * leave year's first month), so twelve whole months add up to the entitlement exactly. A month the
 * policy covers only in part (it starts or the contract ends inside it) accrues pro rata by calendar
 * days: the full month's amount × days covered / days in the month.
 */
export function monthlyAccrual(rule: MonthlyRule, monthOfYear: number, daysCovered: number, daysInMonth: number): number {
  if (daysCovered >= daysInMonth) {
    if (rule.amountPerMonth !== null) return rule.amountPerMonth;
    return divRound(rule.yearly * monthOfYear, 12) - divRound(rule.yearly * (monthOfYear - 1), 12);
  }
  if (rule.amountPerMonth !== null) return divRound(rule.amountPerMonth * daysCovered, daysInMonth);
  return divRound(rule.yearly * daysCovered, 12 * daysInMonth);
}

/** Accrual on hours worked: minutes × rate (basis points), in hundredths of an hour. 1207 bp of 60 min is 0.1207 h, 0.12. */
export function hoursWorkedAccrual(minutesWorked: number, rateBasisPoints: number): number {
  return divRound(minutesWorked * rateBasisPoints, 6000);
}

/** An accrual no larger than what keeps the balance within the cap (never negative: a balance above the cap accrues nothing). */
export function capped(accrual: number, balanceBefore: number, cap: number | null): number {
  if (cap === null) return accrual;
  return Math.max(0, Math.min(accrual, cap - balanceBefore));
}

/**
 * What the close of a leave year does to a balance: it carries up to `max` (everything when null);
 * the rest is forfeited. A negative balance carries whole (it is owed, not forfeited). The line
 * posted is `carried - balance`, zero or negative.
 */
export function carryOver(balance: number, max: number | null): { carried: number; forfeited: number } {
  const carried = max === null || balance <= max ? balance : max;
  return { carried, forfeited: balance - carried };
}

/**
 * Carried leave not used by the end of its window expires. Leave taken in the new year is drawn from
 * the carried leave first, so what expires is the carried amount less what was taken since the year
 * began, and never more than the balance holds.
 */
export function expiring(carried: number, takenSinceYearStart: number, balance: number): number {
  return Math.max(0, Math.min(carried - takenSinceYearStart, balance));
}

/** A leave request's amount in the policy's unit: days, or days × hours per day. */
export function requestAmount(daysDecimal: number, unit: 'DAYS' | 'HOURS', hoursPerDay: number | null): number {
  return unit === 'DAYS' ? hundredths(daysDecimal) : divRound(hundredths(daysDecimal) * hundredths(hoursPerDay ?? 0), 100);
}

/** `YYYY-MM` arithmetic. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const i = y * 12 + (m - 1) + n;
  return `${String(Math.floor(i / 12)).padStart(4, '0')}-${String((i % 12) + 1).padStart(2, '0')}`;
}

export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

export function lastDayOf(month: string): string {
  return `${month}-${String(daysInMonth(month)).padStart(2, '0')}`;
}

/** The first month of the leave year that `month` is in. */
export function leaveYearOf(month: string, startMonth: number): string {
  const m = Number(month.slice(5, 7));
  return addMonths(`${month.slice(0, 4)}-${String(startMonth).padStart(2, '0')}`, m >= startMonth ? 0 : -12);
}

/** 1–12: the place of `month` in its leave year. */
export function monthOfLeaveYear(month: string, startMonth: number): number {
  return ((Number(month.slice(5, 7)) - startMonth + 12) % 12) + 1;
}

/** Calendar days of `month` within [from, to] (dates, `to` null for open-ended). */
export function daysCovered(month: string, from: string, to: string | null): number {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  const start = from > first ? from : first;
  const end = to !== null && to < last ? to : last;
  if (end < start) return 0;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** `12.34` with two places, for a line's explanation. */
export function fmt(h: number): string {
  const sign = h < 0 ? '-' : '';
  const a = Math.abs(h);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}
