import type { PaySetting } from '../../payroll/runs/payroll-engine.js';

/**
 * Hours and labour cost of an outlet's week, pure. Money is integer minor units, rounded half up
 * once per person and day. A shift counts on the local day (the outlet's zone) it starts on, at its
 * scheduled length.
 *
 * HOURLY people cost their rate per hour; minutes beyond their pay setting's standard day in one
 * local day cost the overtime multiplier, as the payroll run pays them. MONTHLY (salaried) people
 * cost the same whatever they are rostered for: their hours count, their days cost nothing, and a
 * week in which they are rostered at the outlet costs a 52nd of their yearly pay (monthly × 12 / 52)
 * once, in their own row and the week's total. People without pay settings count hours and no cost, and are named `unpriced`.
 */

export interface TimedShift {
  userId: string;
  start: Date;
  end: Date;
}

export interface Money {
  currency: string;
  amountMinor: number;
}

export interface PersonTotals {
  userId: string;
  minutes: number;
  /** Minutes per day of the week, in the order of `days`. */
  dayMinutes: number[];
  payType: PaySetting['type'] | null;
  cost: Money | null;
}

export interface DayTotals {
  date: string;
  minutes: number;
  /** One amount per currency among the people working that day; salaried people add none. */
  costs: Money[];
}

export interface WeekTotals {
  people: PersonTotals[];
  days: DayTotals[];
  minutes: number;
  costs: Money[];
  /** People with scheduled time and no pay settings: their time has no cost here. */
  unpriced: string[];
}

const MINUTE_MS = 60_000;

/** a / b rounded half up, for non-negative integers. */
function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/** An HOURLY person's cost of one day's minutes: the standard day at the rate, the rest at the overtime multiplier. */
export function hourlyDayCost(minutes: number, pay: PaySetting): number {
  const regular = Math.min(minutes, pay.overtimeDailyMinutes);
  const overtime = minutes - regular;
  return roundDiv(pay.rateMinor * (regular * 100 + overtime * pay.overtimeMultiplierPct), 6000);
}

/** A salaried person's week: monthly × 12 / 52. */
export function salariedWeekCost(pay: PaySetting): number {
  return roundDiv(pay.rateMinor * 12, 52);
}

function add(into: Map<string, number>, money: Money): void {
  into.set(money.currency, (into.get(money.currency) ?? 0) + money.amountMinor);
}

function amounts(sums: Map<string, number>): Money[] {
  return [...sums].sort(([a], [b]) => a.localeCompare(b)).map(([currency, amountMinor]) => ({ currency, amountMinor }));
}

/**
 * `days` are the week's 7 local dates; `dayOf` gives the local date of an instant; `people` are the
 * rows in order (everyone with a shift is added after them). Shifts starting on another day are ignored.
 */
export function weekTotals(shifts: readonly TimedShift[], days: readonly string[], dayOf: (instant: Date) => string, people: readonly string[], pay: ReadonlyMap<string, PaySetting>): WeekTotals {
  const index = new Map(days.map((d, i) => [d, i]));
  const rows = new Map<string, number[]>(people.map((id) => [id, days.map(() => 0)]));
  for (const s of shifts) {
    const day = index.get(dayOf(s.start));
    if (day === undefined) continue;
    let row = rows.get(s.userId);
    if (!row) rows.set(s.userId, (row = days.map(() => 0)));
    row[day]! += Math.round((s.end.getTime() - s.start.getTime()) / MINUTE_MS);
  }
  const dayCosts = days.map(() => new Map<string, number>());
  const weekCosts = new Map<string, number>();
  const unpriced: string[] = [];
  const personTotals = [...rows].map(([userId, dayMinutes]): PersonTotals => {
    const minutes = dayMinutes.reduce((a, b) => a + b, 0);
    const setting = pay.get(userId);
    if (!setting) {
      if (minutes > 0) unpriced.push(userId);
      return { userId, minutes, dayMinutes, payType: null, cost: null };
    }
    let amountMinor: number;
    if (setting.type === 'MONTHLY') amountMinor = minutes > 0 ? salariedWeekCost(setting) : 0;
    else {
      amountMinor = 0;
      dayMinutes.forEach((m, i) => {
        const cost = hourlyDayCost(m, setting);
        amountMinor += cost;
        if (m > 0) add(dayCosts[i]!, { currency: setting.currency, amountMinor: cost });
      });
    }
    const cost = { currency: setting.currency, amountMinor };
    add(weekCosts, cost);
    return { userId, minutes, dayMinutes, payType: setting.type, cost };
  });
  return {
    people: personTotals,
    days: days.map((date, i) => ({ date, minutes: personTotals.reduce((sum, p) => sum + p.dayMinutes[i]!, 0), costs: amounts(dayCosts[i]!) })),
    minutes: personTotals.reduce((sum, p) => sum + p.minutes, 0),
    costs: amounts(weekCosts),
    unpriced,
  };
}
