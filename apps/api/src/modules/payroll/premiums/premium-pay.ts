import { duration, evaluate, type Violation } from '../../compliance/engine/engine.js';
import { addDays, localDate, startOfLocalDay, weekStart } from '../../compliance/engine/local-time.js';
import type { ApplicableRule, RuleCheck } from '../../compliance/packs/pack.types.js';
import { mulDivRound, type PaySetting, type PayslipLine, type PremiumCode, type PremiumPay } from '../runs/payroll-engine.js';

/**
 * Premium pay from a person's working-time rules (issue 31): the engine flags breaches and explains
 * them, this computes the money. Pure.
 *
 * Hours bands (California): every clocked minute of the workweek is put in exactly one band, in
 * time order: on the seventh consecutive day of the workweek its first minutes at the first
 * multiplier and the rest at the second; otherwise the highest daily threshold it is beyond (8 h at
 * 1.5×, 12 h at 2×); otherwise, once the week's regular minutes reached the weekly threshold,
 * weekly overtime. So a 13 h day is 8 h regular, 4 h at 1.5× and 1 h at 2×, and daily overtime
 * minutes never count towards the 40 weekly hours. A band line pays its minutes in full at the
 * multiplier (they are not also on the REGULAR line).
 *
 * Per-day premiums (meal period, rest break) pay premiumHoursOfPay hours at the regular rate, one of
 * each kind per day at most. Flat premiums (clopening from clock records; advance notice from the
 * schedule change the compliance check recorded) pay the pack's amount.
 *
 * Rounding: each line is computed exactly (minutes × hourly rate × multiplier ÷ 60, the rate of a
 * monthly salary being salary × 12 ÷ 2,080 h) and rounded once, half up (away from zero), to the
 * minor unit. Minutes are whole: a clock record counts from its clock-in minute for the whole
 * minutes it lasted, as the rest of the payslip counts them.
 */

const MINUTE = 60_000;
const HOURS_PER_YEAR = 2080;

export interface ClockedRecord {
  id: string;
  start: Date;
  end: Date;
}

/** An advance-notice breach the compliance check recorded when a shift was scheduled late. */
export interface RecordedNotice {
  violationId: string;
  ruleId: string;
  packId: string;
  packVersion: number;
  violationKey: string;
  /** The local day of the shift. */
  date: string;
  sentence: string;
  premiumMinor: number;
  currency: string;
}

export interface PremiumInput {
  setting: PaySetting;
  yearMonth: string;
  timeZone: string;
  rules: readonly ApplicableRule[];
  /** Approved clock records from the start of the first workweek touching the month to the month's end. */
  records: readonly ClockedRecord[];
  notices: readonly RecordedNotice[];
  /** The ids of the clock breaches compliance recorded, by violation key, for the lines' references. */
  recordedIds?: ReadonlyMap<string, string>;
}

const HOURS_KINDS = new Set(['DAILY_OVERTIME', 'WEEKLY_OVERTIME', 'SEVENTH_DAY']);
const PREMIUM_KINDS = new Set([...HOURS_KINDS, 'MEAL_PERIODS', 'REST_BREAKS', 'CLOPENING', 'ADVANCE_NOTICE']);

/** Whether a person's rules pay any premium: without one, the payslip is computed exactly as before. */
export function hasPremiumRules(rules: readonly ApplicableRule[]): boolean {
  return rules.some((r) => PREMIUM_KINDS.has(r.rule.check.kind));
}

type Of<K extends RuleCheck['kind']> = ApplicableRule & { rule: { check: Extract<RuleCheck, { kind: K }> } };
const ofKind = <K extends RuleCheck['kind']>(rules: readonly ApplicableRule[], kind: K) => rules.filter((r): r is Of<K> => r.rule.check.kind === kind);

/** A minute's band: the rule that pays it, at what multiplier, under which code, and the day or week its line belongs to. */
interface Band {
  rule: ApplicableRule;
  code: PremiumCode;
  pct: number;
  period: string;
}

interface Piece {
  paid: boolean;
  minutes: number;
}

const pctOf = (multiplier: number) => Math.round(multiplier * 100);

export function premiumPay(input: PremiumInput): PremiumPay {
  const { setting, yearMonth, timeZone: tz, rules } = input;
  const rate = regularRate(setting);
  const lines: PayslipLine[] = [];
  const violations = new Map<string, Violation>();
  const clockRules = rules.filter((r) => PREMIUM_KINDS.has(r.rule.check.kind) && r.rule.phases.includes('CLOCK'));
  for (const v of evaluate({ timezone: tz, phase: 'CLOCK', segments: input.records.map((r) => ({ id: r.id, kind: 'CLOCK' as const, start: r.start, end: r.end })), rules: clockRules })) {
    violations.set(v.key, v);
  }
  /** The breach a line answers: a band's day (or week) is its key; a per-period breach names its own. */
  const reference = (rule: ApplicableRule, date: string, arithmetic: string, key = `${rule.rule.id}:${date}`) => {
    const v = violations.get(key);
    return {
      ruleId: rule.rule.id,
      packId: rule.packId,
      packVersion: rule.packVersion,
      violationKey: v ? key : null,
      violationId: (v && input.recordedIds?.get(key)) ?? null,
      date,
      explanation: v?.trace.sentence ?? arithmetic,
      arithmetic,
    };
  };

  const daily = ofKind(rules, 'DAILY_OVERTIME').sort((a, b) => b.rule.check.thresholdMinutes - a.rule.check.thresholdMinutes);
  const weekly = ofKind(rules, 'WEEKLY_OVERTIME').sort((a, b) => a.rule.check.thresholdMinutes - b.rule.check.thresholdMinutes)[0];
  const seventh = ofKind(rules, 'SEVENTH_DAY')[0];
  const replacesOvertime = daily.length > 0 || weekly !== undefined || seventh !== undefined;
  let bandedMinutes = 0;
  if (replacesOvertime) {
    const banded = new Map<string, { band: Band; minutes: number }>();
    const days = piecesByDay(input.records, yearMonth, tz);
    const weeks = new Map<string, string[]>();
    for (const day of [...days.keys()].sort()) weeks.set(weekStart(day), [...(weeks.get(weekStart(day)) ?? []), day]);
    const daysAscending = [...daily].reverse();
    for (const [week, weekDays] of weeks) {
      const seventhDay = seventh && weekDays.length === 7 ? addDays(week, 6) : null;
      let weekRegular = 0;
      for (const day of weekDays) {
        const bandOf = (rule: ApplicableRule, code: PremiumCode, multiplier: number, period = day): Band => ({ rule, code, pct: pctOf(multiplier), period });
        const weeklyBand = weekly && bandOf(weekly, 'PREMIUM_WEEKLY_OVERTIME', weekly.rule.check.multiplier, week);
        const dailyBands = daily.map((d) => bandOf(d, d.rule.check.multiplier >= 2 ? 'PREMIUM_DOUBLE_TIME' : 'PREMIUM_DAILY_OVERTIME', d.rule.check.multiplier));
        const seventhBands = seventh && [bandOf(seventh, 'PREMIUM_SEVENTH_DAY', seventh.rule.check.firstMultiplier), bandOf(seventh, 'PREMIUM_SEVENTH_DAY_DOUBLE_TIME', seventh.rule.check.beyondMultiplier)];
        let dayMinute = 0;
        for (const piece of days.get(day)!) {
          // The piece is walked in spans that share a band: up to the next threshold of the day, or the end of the week's regular time.
          for (let left = piece.minutes; left > 0; ) {
            let band: Band | null;
            let span: number;
            if (day === seventhDay) {
              const first = seventh!.rule.check.firstMinutes;
              [band, span] = dayMinute < first ? [seventhBands![0]!, first - dayMinute] : [seventhBands![1]!, left];
            } else {
              const over = daily.findIndex((d) => dayMinute >= d.rule.check.thresholdMinutes);
              const next = daysAscending.find((d) => d.rule.check.thresholdMinutes > dayMinute);
              span = next ? next.rule.check.thresholdMinutes - dayMinute : left;
              if (over >= 0) band = dailyBands[over]!;
              else if (weeklyBand && weekRegular >= weekly!.rule.check.thresholdMinutes) band = weeklyBand;
              else {
                band = null;
                if (weekly) span = Math.min(span, weekly.rule.check.thresholdMinutes - weekRegular);
              }
            }
            const take = Math.min(left, span);
            if (band === null) weekRegular += take;
            else if (piece.paid) {
              const key = `${band.code}:${band.period}`;
              const entry = banded.get(key) ?? { band, minutes: 0 };
              entry.minutes += take;
              banded.set(key, entry);
            }
            dayMinute += take;
            left -= take;
          }
        }
      }
    }
    for (const { band, minutes } of [...banded.values()].sort(bandOrder)) {
      bandedMinutes += minutes;
      const amountMinor = mulDivRound([...rate.numerator, minutes, band.pct], rate.denominator * 60 * 100);
      const arithmetic = `${duration(minutes)} × ${rate.text} × ${band.pct / 100} = ${money(amountMinor, setting.currency)}`;
      lines.push({ code: band.code, description: `${LABELS[band.code]} at ${band.pct / 100}× (${band.code === 'PREMIUM_WEEKLY_OVERTIME' ? `week of ${band.period}` : band.period})`, quantity: minutes, amountMinor, premium: reference(band.rule, band.period, arithmetic) });
    }
  }

  for (const [kind, code] of [['MEAL_PERIODS', 'PREMIUM_MEAL_PERIOD'], ['REST_BREAKS', 'PREMIUM_REST_BREAK']] as const) {
    const paidDays = new Set<string>();
    for (const rule of ofKind(rules, kind)) {
      for (const v of [...violations.values()].filter((x) => x.ruleId === rule.rule.id && x.date.startsWith(yearMonth))) {
        // One premium of each kind per workday, however many meals or breaks were missed (Labor Code §226.7).
        if (paidDays.has(v.date)) continue;
        paidDays.add(v.date);
        const hundredthsOfHour = Math.round(rule.rule.check.premiumHoursOfPay * 100);
        const amountMinor = mulDivRound([...rate.numerator, hundredthsOfHour], rate.denominator * 100);
        const arithmetic = `${rule.rule.check.premiumHoursOfPay} h × ${rate.text} = ${money(amountMinor, setting.currency)}`;
        lines.push({ code, description: `${LABELS[code]} (${v.date})`, quantity: rule.rule.check.premiumHoursOfPay * 60, amountMinor, premium: reference(rule, v.date, arithmetic, v.key) });
      }
    }
  }

  for (const rule of ofKind(rules, 'CLOPENING')) {
    const c = rule.rule.check;
    if (c.currency !== setting.currency) continue;
    for (const v of [...violations.values()].filter((x) => x.ruleId === rule.rule.id && x.date.startsWith(yearMonth))) {
      lines.push({
        code: 'PREMIUM_CLOPENING',
        description: `${LABELS.PREMIUM_CLOPENING} (${v.date})`,
        quantity: 1,
        amountMinor: c.premiumMinor,
        premium: reference(rule, v.date, `flat ${money(c.premiumMinor, c.currency)}`, v.key),
      });
    }
  }

  for (const n of input.notices) {
    if (n.currency !== setting.currency || !n.date.startsWith(yearMonth)) continue;
    lines.push({
      code: 'PREMIUM_SCHEDULE_CHANGE',
      description: `${LABELS.PREMIUM_SCHEDULE_CHANGE} (${n.date})`,
      quantity: 1,
      amountMinor: n.premiumMinor,
      premium: { ruleId: n.ruleId, packId: n.packId, packVersion: n.packVersion, violationKey: n.violationKey, violationId: n.violationId, date: n.date, explanation: n.sentence, arithmetic: `flat ${money(n.premiumMinor, n.currency)}, the tier of the notice given` },
    });
  }
  return { lines, bandedMinutes, replacesOvertime };
}

/** Days in order, the higher multiplier second within a day; weekly overtime after the days. */
function bandOrder(a: { band: Band }, b: { band: Band }): number {
  const weekly = (x: Band) => (x.code === 'PREMIUM_WEEKLY_OVERTIME' ? 1 : 0);
  return weekly(a.band) - weekly(b.band) || a.band.period.localeCompare(b.band.period) || a.band.pct - b.band.pct;
}

const LABELS: Record<PremiumCode, string> = {
  PREMIUM_DAILY_OVERTIME: 'Daily overtime',
  PREMIUM_DOUBLE_TIME: 'Double time',
  PREMIUM_WEEKLY_OVERTIME: 'Weekly overtime',
  PREMIUM_SEVENTH_DAY: 'Seventh consecutive day',
  PREMIUM_SEVENTH_DAY_DOUBLE_TIME: 'Seventh consecutive day beyond 8 h',
  PREMIUM_MEAL_PERIOD: 'Meal period premium',
  PREMIUM_REST_BREAK: 'Rest break premium',
  PREMIUM_CLOPENING: 'Clopening premium',
  PREMIUM_SCHEDULE_CHANGE: 'Schedule change premium',
};

/** The regular hourly rate as an exact fraction: the hourly rate, or a monthly salary × 12 ÷ 2,080 h. */
export function regularRate(setting: PaySetting): { numerator: number[]; denominator: number; text: string } {
  if (setting.type === 'HOURLY') return { numerator: [setting.rateMinor], denominator: 1, text: `${money(setting.rateMinor, setting.currency)}/h` };
  return { numerator: [setting.rateMinor, 12], denominator: HOURS_PER_YEAR, text: `(${money(setting.rateMinor, setting.currency)} × 12 ÷ ${HOURS_PER_YEAR} h)` };
}

function money(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} ${currency}`;
}

/**
 * Each record's whole minutes cut at local midnights, by local day, in time order. A piece is paid
 * this month when its record was clocked in this month (the payslip's rule); the others are read
 * only for the bands they push later minutes into.
 */
function piecesByDay(records: readonly ClockedRecord[], yearMonth: string, tz: string): Map<string, Piece[]> {
  const days = new Map<string, Piece[]>();
  for (const r of [...records].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const s = Math.floor(r.start.getTime() / MINUTE) * MINUTE;
    const e = s + Math.max(0, Math.floor((r.end.getTime() - r.start.getTime()) / MINUTE)) * MINUTE;
    const paid = localDate(r.start.getTime(), tz).startsWith(yearMonth);
    let from = s;
    let date = localDate(s, tz);
    while (from < e) {
      const to = Math.min(e, startOfLocalDay(addDays(date, 1), tz));
      if (to > from) days.set(date, [...(days.get(date) ?? []), { paid, minutes: Math.round((to - from) / MINUTE) }]);
      from = to;
      date = addDays(date, 1);
    }
  }
  return days;
}
