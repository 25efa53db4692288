import { toCsv } from '@wfm/core/csv';

/**
 * The payroll computation, pure: one person's month from their pay setting, their approved
 * attendance and approved leave, and the tenant's deduction lines. Money is integer minor units;
 * every line is rounded once, half up (away from zero), from exact integer arithmetic, and the
 * payslip's totals are sums of its lines, so a run's totals equal the sum of its payslips exactly.
 */

export type PayType = 'HOURLY' | 'MONTHLY';

export interface PaySetting {
  type: PayType;
  rateMinor: number;
  currency: string;
  /** A standard day: minutes beyond it in one day are overtime; also the length of a paid leave day. */
  overtimeDailyMinutes: number;
  overtimeMultiplierPct: number;
}

export interface DeductionRule {
  id: string;
  name: string;
  kind: 'PERCENT' | 'FIXED';
  basisPoints: number | null;
  amountMinor: number | null;
  accountCode: string;
}

export interface WorkedInterval {
  start: Date;
  end: Date;
}

export interface LeaveSpan {
  type: string;
  start: Date;
  end: Date;
  halfDay: 'AM' | 'PM' | null;
}

/** Premium pay a working-time rule owes (issue 31), one code per kind of premium. */
export const PREMIUM_CODES = [
  'PREMIUM_DAILY_OVERTIME',
  'PREMIUM_DOUBLE_TIME',
  'PREMIUM_WEEKLY_OVERTIME',
  'PREMIUM_SEVENTH_DAY',
  'PREMIUM_SEVENTH_DAY_DOUBLE_TIME',
  'PREMIUM_MEAL_PERIOD',
  'PREMIUM_REST_BREAK',
  'PREMIUM_CLOPENING',
  'PREMIUM_SCHEDULE_CHANGE',
] as const;
export type PremiumCode = (typeof PREMIUM_CODES)[number];

export const LINE_CODES = ['SALARY', 'REGULAR', 'OVERTIME', ...PREMIUM_CODES, 'PAID_LEAVE', 'UNPAID_LEAVE', 'DEDUCTION'] as const;
export type LineCode = (typeof LINE_CODES)[number];

/** Why a premium line is owed: the rule, the breach it answers (recorded in compliance_violations when one was), and the arithmetic. */
export interface PremiumReference {
  ruleId: string;
  packId: string;
  packVersion: number;
  /** The breach's key as the compliance engine gives it; null when the band has no breach of its own. */
  violationKey: string | null;
  /** The recorded breach (GET /compliance/violations), when compliance recorded it. */
  violationId: string | null;
  /** The local day (the week's Monday for weekly overtime) the premium belongs to. */
  date: string;
  /** The trace's sentence: why the rule fired. */
  explanation: string;
  /** How the amount was computed, before rounding. */
  arithmetic: string;
}

/** What a person's working-time rules add to the payslip; the hours bands replace the pay setting's daily overtime. */
export interface PremiumPay {
  lines: PayslipLine[];
  /** Minutes paid on a band line, so not on the REGULAR line. */
  bandedMinutes: number;
  /** The rules pay overtime by the law's bands, in place of the pay setting's daily overtime. */
  replacesOvertime: boolean;
}

export interface PayslipLine {
  code: LineCode;
  description: string;
  /** Minutes for time lines, days for leave lines, 1 for salary and deductions. */
  quantity: number;
  amountMinor: number;
  /** The deduction rule, for DEDUCTION lines. */
  ruleId?: string;
  accountCode?: string;
  /** PREMIUM_* lines. */
  premium?: PremiumReference;
}

export interface ComputedPayslip {
  grossMinor: number;
  deductionsMinor: number;
  netMinor: number;
  lines: PayslipLine[];
}

const DAY_MS = 86_400_000;
/** 52 weeks of 40 hours: a monthly salary's hourly equivalent, for overtime. */
const HOURS_PER_YEAR = 2080n;

/** round(product(numerator) / denominator), half away from zero, in exact integers. */
export function mulDivRound(numerator: readonly (number | bigint)[], denominator: number | bigint): number {
  const n = numerator.reduce<bigint>((acc, v) => acc * BigInt(v), 1n);
  const d = BigInt(denominator);
  const q = n / d;
  const r = n % d;
  const away = 2n * (r < 0n ? -r : r) >= (d < 0n ? -d : d);
  return Number(away ? q + (n < 0n === d < 0n ? 1n : -1n) : q);
}

/** The local calendar date (YYYY-MM-DD) of an instant in a timezone. */
export function localDate(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** Monday to Friday in the month: the divisor of a monthly salary's day rate. */
export function workingDays(yearMonth: string): number {
  const [y, m] = yearMonth.split('-').map(Number) as [number, number];
  let n = 0;
  for (let d = new Date(Date.UTC(y, m - 1, 1)); d.getUTCMonth() === m - 1; d = new Date(d.getTime() + DAY_MS)) {
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) n++;
  }
  return n;
}

/** Days of the leave that fall in the month (local dates); a half day counts a half. */
export function leaveDaysIn(span: LeaveSpan, yearMonth: string, timeZone: string): number {
  const first = localDate(span.start, timeZone);
  const last = localDate(span.end, timeZone);
  if (span.halfDay) return first.startsWith(yearMonth) ? 0.5 : 0;
  let n = 0;
  for (let d = Date.parse(`${first}T00:00:00Z`); d <= Date.parse(`${last}T00:00:00Z`); d += DAY_MS) {
    if (new Date(d).toISOString().startsWith(yearMonth)) n++;
  }
  return n;
}

/**
 * One payslip. Attendance belongs to the month of its clock-in (local date), whole, even when the
 * shift runs past midnight into the next month; overtime is counted per local day of clock-in.
 * Paid leave pays a standard day per leave day (hourly staff; salaried staff are paid through it),
 * unpaid leave takes a working day's salary off a monthly salary (hourly staff are simply not paid).
 */
export function computePayslip(input: { setting: PaySetting; yearMonth: string; timeZone: string; worked: WorkedInterval[]; leave: LeaveSpan[]; rules: DeductionRule[]; premiums?: PremiumPay }): ComputedPayslip {
  const { setting, yearMonth, timeZone } = input;
  const rate = setting.rateMinor;
  const perDay = new Map<string, number>();
  for (const w of input.worked) {
    const day = localDate(w.start, timeZone);
    if (!day.startsWith(yearMonth)) continue;
    perDay.set(day, (perDay.get(day) ?? 0) + Math.max(0, Math.floor((w.end.getTime() - w.start.getTime()) / 60_000)));
  }
  let regular = 0;
  let overtime = 0;
  const premiums = input.premiums;
  if (premiums?.replacesOvertime) {
    regular = [...perDay.values()].reduce((sum, m) => sum + m, 0) - premiums.bandedMinutes;
  } else {
    for (const minutes of perDay.values()) {
      regular += Math.min(minutes, setting.overtimeDailyMinutes);
      overtime += Math.max(0, minutes - setting.overtimeDailyMinutes);
    }
  }
  const paidLeaveDays = input.leave.filter((l) => l.type !== 'UNPAID').reduce((sum, l) => sum + leaveDaysIn(l, yearMonth, timeZone), 0);
  const unpaidLeaveDays = input.leave.filter((l) => l.type === 'UNPAID').reduce((sum, l) => sum + leaveDaysIn(l, yearMonth, timeZone), 0);

  const lines: PayslipLine[] = [];
  if (setting.type === 'HOURLY') {
    if (regular > 0) lines.push({ code: 'REGULAR', description: 'Hours worked', quantity: regular, amountMinor: mulDivRound([rate, regular], 60) });
    if (overtime > 0) lines.push({ code: 'OVERTIME', description: `Overtime at ${setting.overtimeMultiplierPct}%`, quantity: overtime, amountMinor: mulDivRound([rate, overtime, setting.overtimeMultiplierPct], 6000) });
    if (paidLeaveDays > 0) {
      lines.push({ code: 'PAID_LEAVE', description: 'Paid leave', quantity: paidLeaveDays, amountMinor: mulDivRound([rate, paidLeaveDays * 2, setting.overtimeDailyMinutes], 120) });
    }
  } else {
    lines.push({ code: 'SALARY', description: 'Monthly salary', quantity: 1, amountMinor: rate });
    if (overtime > 0) {
      lines.push({ code: 'OVERTIME', description: `Overtime at ${setting.overtimeMultiplierPct}%`, quantity: overtime, amountMinor: mulDivRound([rate, 12, overtime, setting.overtimeMultiplierPct], HOURS_PER_YEAR * 60n * 100n) });
    }
    if (unpaidLeaveDays > 0) {
      lines.push({ code: 'UNPAID_LEAVE', description: 'Unpaid leave', quantity: unpaidLeaveDays, amountMinor: -mulDivRound([rate, unpaidLeaveDays * 2], workingDays(yearMonth) * 2) });
    }
  }
  // Premiums come after the time and salary lines, before leave: the order the payslip reads in.
  const firstLeave = lines.findIndex((l) => l.code === 'PAID_LEAVE' || l.code === 'UNPAID_LEAVE');
  lines.splice(firstLeave < 0 ? lines.length : firstLeave, 0, ...(premiums?.lines ?? []));
  const grossMinor = Math.max(0, lines.reduce((sum, l) => sum + l.amountMinor, 0));
  let deductionsMinor = 0;
  for (const rule of input.rules) {
    const wanted = rule.kind === 'PERCENT' ? mulDivRound([grossMinor, rule.basisPoints!], 10_000) : rule.amountMinor!;
    // Deductions never take the net below zero.
    const amount = Math.min(wanted, grossMinor - deductionsMinor);
    deductionsMinor += amount;
    lines.push({ code: 'DEDUCTION', description: rule.name, quantity: 1, amountMinor: -amount, ruleId: rule.id, accountCode: rule.accountCode });
  }
  return { grossMinor, deductionsMinor, netMinor: grossMinor - deductionsMinor, lines };
}

export interface JournalLine {
  accountCode: string;
  accountName: string;
  description: string;
  debitMinor: number;
  creditMinor: number;
}

export interface Journal {
  currency: string;
  periodYearMonth: string;
  lines: JournalLine[];
  totalDebitMinor: number;
  totalCreditMinor: number;
}

/** Xero's default chart: 477 Wages and Salaries (expense), 814 Wages Payable (liability). */
export const WAGES_ACCOUNT = { code: '477', name: 'Wages and Salaries' };
export const NET_PAY_ACCOUNT = { code: '814', name: 'Wages Payable - Payroll' };

/**
 * A run's double entry: wages debited with the gross, each deduction's account and net pay credited.
 * Premium pay is wages too: it is debited to the wages account on a line of its own per kind of
 * premium, so the journal shows what the working-time rules cost. Balanced by construction.
 */
export function buildJournal(periodYearMonth: string, currency: string, payslips: ComputedPayslip[]): Journal {
  const gross = payslips.reduce((s, p) => s + p.grossMinor, 0);
  const byPremium = new Map<PremiumCode, { name: string; amount: number }>();
  for (const p of payslips) {
    for (const l of p.lines) {
      if (!isPremium(l.code)) continue;
      const current = byPremium.get(l.code) ?? { name: PREMIUM_JOURNAL_NAMES[l.code], amount: 0 };
      current.amount += l.amountMinor;
      byPremium.set(l.code, current);
    }
  }
  const premiums = [...byPremium.values()].reduce((s, p) => s + p.amount, 0);
  const net = payslips.reduce((s, p) => s + p.netMinor, 0);
  const byRule = new Map<string, { name: string; accountCode: string; amount: number }>();
  for (const p of payslips) {
    for (const l of p.lines.filter((x) => x.code === 'DEDUCTION')) {
      const current = byRule.get(l.ruleId!) ?? { name: l.description, accountCode: l.accountCode!, amount: 0 };
      current.amount += -l.amountMinor;
      byRule.set(l.ruleId!, current);
    }
  }
  const lines: JournalLine[] = [
    { accountCode: WAGES_ACCOUNT.code, accountName: WAGES_ACCOUNT.name, description: `Gross pay ${periodYearMonth}${premiums > 0 ? ' excluding premiums' : ''}`, debitMinor: gross - premiums, creditMinor: 0 },
    ...[...byPremium.values()].map((p) => ({ accountCode: WAGES_ACCOUNT.code, accountName: WAGES_ACCOUNT.name, description: `${p.name} ${periodYearMonth}`, debitMinor: p.amount, creditMinor: 0 })),
    ...[...byRule.values()].map((r) => ({ accountCode: r.accountCode, accountName: r.name, description: `${r.name} ${periodYearMonth}`, debitMinor: 0, creditMinor: r.amount })),
    { accountCode: NET_PAY_ACCOUNT.code, accountName: NET_PAY_ACCOUNT.name, description: `Net pay ${periodYearMonth}`, debitMinor: 0, creditMinor: net },
  ];
  return {
    currency,
    periodYearMonth,
    lines,
    totalDebitMinor: lines.reduce((s, l) => s + l.debitMinor, 0),
    totalCreditMinor: lines.reduce((s, l) => s + l.creditMinor, 0),
  };
}

export function isPremium(code: LineCode): code is PremiumCode {
  return (PREMIUM_CODES as readonly string[]).includes(code);
}

const PREMIUM_JOURNAL_NAMES: Record<PremiumCode, string> = {
  PREMIUM_DAILY_OVERTIME: 'Premium pay: daily overtime',
  PREMIUM_DOUBLE_TIME: 'Premium pay: double time',
  PREMIUM_WEEKLY_OVERTIME: 'Premium pay: weekly overtime',
  PREMIUM_SEVENTH_DAY: 'Premium pay: seventh day',
  PREMIUM_SEVENTH_DAY_DOUBLE_TIME: 'Premium pay: seventh day double time',
  PREMIUM_MEAL_PERIOD: 'Premium pay: meal periods',
  PREMIUM_REST_BREAK: 'Premium pay: rest breaks',
  PREMIUM_CLOPENING: 'Premium pay: clopening',
  PREMIUM_SCHEDULE_CHANGE: 'Premium pay: schedule changes',
};

/** The journal as CSV: one line per entry, amounts in minor units (deduction names are the tenant's text, so formula-safe). */
export function journalCsv(j: Journal): string {
  return toCsv(
    ['period', 'currency', 'account_code', 'account_name', 'description', 'debit_minor', 'credit_minor'],
    j.lines.map((l) => [j.periodYearMonth, j.currency, l.accountCode, l.accountName, l.description, l.debitMinor, l.creditMinor]),
  );
}
