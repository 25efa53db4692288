import type { ApplicableRule, RuleCheck, RuleDefinition, RuleKind, RulePhase } from '../packs/pack.types.js';
import { addDays, daysBetween, localDate, localStamp, startOfLocalDay, wallMs, weekStart } from './local-time.js';

/**
 * The compliance evaluator: pure and synchronous. It takes one person's shifts (or clock records)
 * and the rules that apply to them, and returns every breach with a trace of its arithmetic.
 *
 * Working time is read in the tenant's timezone. Segments closer than BREAK_GAP_MINUTES apart, or
 * starting on the same local day, form one working period (a split shift is one working day); a
 * gap inside a period is a break, a gap between periods is a rest.
 */
export const BREAK_GAP_MINUTES = 180;

const MINUTE = 60_000;

export type SegmentKind = 'SHIFT' | 'CLOCK';

export interface WorkSegment {
  id: string;
  kind: SegmentKind;
  start: Date;
  end: Date;
}

export interface EvaluationInput {
  timezone: string;
  phase: RulePhase;
  segments: readonly WorkSegment[];
  rules: readonly ApplicableRule[];
  /**
   * The segments being written now. When given, only breaches involving one of them are returned,
   * and only they are checked for advance notice (the others were scheduled before).
   */
  focusIds?: ReadonlySet<string>;
  /** The instant the focus segments are written, which is when the person is told of them. */
  now?: Date;
}

export interface TraceSegment {
  id: string;
  kind: SegmentKind;
  start: string;
  end: string;
  localStart: string;
  localEnd: string;
}

/** The arithmetic of a breach: the measured quantity against the rule's limit, and the terms that produced it. */
export interface TraceArithmetic {
  measure: string;
  unit: 'MINUTES' | 'DAYS';
  actual: number;
  limit: number;
  comparison: 'BELOW_MINIMUM' | 'ABOVE_MAXIMUM';
  terms: Record<string, number | string>;
}

export interface ViolationTrace {
  ruleId: string;
  packId: string;
  packVersion: number;
  title: string;
  source: string;
  segments: TraceSegment[];
  arithmetic: TraceArithmetic;
  sentence: string;
}

export interface Violation {
  ruleId: string;
  packId: string;
  packVersion: number;
  mode: ApplicableRule['mode'];
  kind: RuleKind;
  /** The breach's identity: evaluating the same shifts again yields the same key, so it is recorded once. */
  key: string;
  /** The local day (or the first day of the local week) the breach belongs to. */
  date: string;
  segmentIds: string[];
  trace: ViolationTrace;
}

interface Seg extends WorkSegment {
  s: number;
  e: number;
  startDate: string;
}

interface Period {
  segs: Seg[];
  workMs: number;
}

interface Bucket {
  ms: number;
  segs: Seg[];
}

/** The timeline of one person, computed once and read by every rule. */
class Timeline {
  readonly segs: Seg[];
  readonly periods: Period[] = [];
  readonly days = new Map<string, Bucket>();
  readonly weeks = new Map<string, Bucket>();

  constructor(
    segments: readonly WorkSegment[],
    readonly tz: string,
    private readonly focus: ReadonlySet<string> | undefined,
  ) {
    this.segs = [];
    for (const x of segments) {
      const s = x.start.getTime();
      const e = x.end.getTime();
      if (e > s) this.segs.push({ id: x.id, kind: x.kind, start: x.start, end: x.end, s, e, startDate: localDate(s, tz) });
    }
    this.segs.sort((a, b) => a.s - b.s || a.e - b.e);
    let current: Period | null = null;
    for (const seg of this.segs) {
      const last = current?.segs[current.segs.length - 1];
      if (current && last && (seg.s - last.e < BREAK_GAP_MINUTES * MINUTE || seg.startDate === current.segs[0]!.startDate)) {
        current.segs.push(seg);
        current.workMs += seg.e - seg.s;
      } else {
        current = { segs: [seg], workMs: seg.e - seg.s };
        this.periods.push(current);
      }
      this.splitByDay(seg);
    }
  }

  private splitByDay(seg: Seg) {
    let from = seg.s;
    let date = seg.startDate;
    while (from < seg.e) {
      const next = addDays(date, 1);
      const to = Math.min(seg.e, startOfLocalDay(next, this.tz));
      if (to > from) {
        add(this.days, date, seg, to - from);
        add(this.weeks, weekStart(date), seg, to - from);
      }
      from = to;
      date = next;
    }
  }

  /** Whether a breach over these segments could be returned: without a focus, any; with one, only those involving it. */
  touches(segs: readonly Seg[]): boolean {
    return !this.focus || segs.some((x) => this.focus!.has(x.id));
  }

  seg(x: Seg): TraceSegment {
    return { id: x.id, kind: x.kind, start: x.start.toISOString(), end: x.end.toISOString(), localStart: localStamp(x.s, this.tz), localEnd: localStamp(x.e, this.tz) };
  }

  label(x: Seg): string {
    return `${x.kind === 'SHIFT' ? 'shift' : 'clock record'} ${x.id.slice(0, 8)}`;
  }

  stamp(ms: number): string {
    return localStamp(ms, this.tz);
  }
}

function add(map: Map<string, Bucket>, key: string, seg: Seg, ms: number) {
  const bucket = map.get(key);
  if (!bucket) map.set(key, { ms, segs: [seg] });
  else {
    bucket.ms += ms;
    if (bucket.segs[bucket.segs.length - 1] !== seg) bucket.segs.push(seg);
  }
}

const minutes = (ms: number) => Math.round(ms / MINUTE);

/** "9 h 30 min", "11 h", "45 min": how traces say a duration. */
export function duration(totalMinutes: number): string {
  const m = Math.round(totalMinutes);
  const h = Math.trunc(m / 60);
  const rest = Math.abs(m % 60);
  if (h === 0) return `${m} min`;
  return rest === 0 ? `${h} h` : `${h} h ${rest} min`;
}

const money = (minor: number, currency: string) => `${(minor / 100).toFixed(2)} ${currency}`;

interface Breach {
  key: string;
  date: string;
  segs: Seg[];
  arithmetic: TraceArithmetic;
  sentence: string;
}

type Checker<K extends RuleKind> = (t: Timeline, check: Extract<RuleCheck, { kind: K }>, input: EvaluationInput) => Breach[];

const checkers: { [K in RuleKind]: Checker<K> } = {
  MIN_DAILY_REST(t, c) {
    const out: Breach[] = [];
    for (let i = 1; i < t.periods.length; i++) {
      const a = t.periods[i - 1]!.segs.at(-1)!;
      const b = t.periods[i]!.segs[0]!;
      if (!t.touches([a, b])) continue;
      const rest = minutes(b.s - a.e);
      if (rest >= c.minRestMinutes) continue;
      out.push({
        key: `${a.id}:${b.id}`,
        date: b.startDate,
        segs: [a, b],
        arithmetic: { measure: 'rest', unit: 'MINUTES', actual: rest, limit: c.minRestMinutes, comparison: 'BELOW_MINIMUM', terms: { previousEnd: a.end.toISOString(), nextStart: b.start.toISOString() } },
        sentence: `rest ${duration(rest)} between ${t.label(a)} ending ${t.stamp(a.e)} and ${t.label(b)} starting ${t.stamp(b.s)} < ${duration(c.minRestMinutes)} required`,
      });
    }
    return out;
  },

  MIN_WEEKLY_REST(t, c) {
    const out: Breach[] = [];
    for (const [week, bucket] of t.weeks) {
      if (!t.touches(bucket.segs)) continue;
      // The rest counts inside the week only: the law asks for it in each seven-day period.
      const from = startOfLocalDay(week, t.tz);
      const to = startOfLocalDay(addDays(week, 7), t.tz);
      let cursor = from;
      let longest = 0;
      let span: [number, number] = [from, from];
      for (const x of bucket.segs) {
        if (x.s - cursor > longest) {
          longest = x.s - cursor;
          span = [cursor, x.s];
        }
        cursor = Math.max(cursor, x.e);
      }
      if (to - cursor > longest) {
        longest = to - cursor;
        span = [cursor, to];
      }
      const rest = minutes(longest);
      if (rest >= c.minRestMinutes) continue;
      out.push({
        key: week,
        date: week,
        segs: bucket.segs,
        arithmetic: {
          measure: 'longest uninterrupted rest in the week',
          unit: 'MINUTES',
          actual: rest,
          limit: c.minRestMinutes,
          comparison: 'BELOW_MINIMUM',
          terms: { weekStart: week, restFrom: new Date(span[0]).toISOString(), restTo: new Date(span[1]).toISOString() },
        },
        sentence: `week of ${week}: longest uninterrupted rest ${duration(rest)} (${t.stamp(span[0])} to ${t.stamp(span[1])}) < ${duration(c.minRestMinutes)} required`,
      });
    }
    return out;
  },

  MAX_AVERAGE_WEEKLY_WORK(t, c) {
    const out: Breach[] = [];
    for (const [week, bucket] of t.weeks) {
      if (!t.touches(bucket.segs)) continue;
      const firstWeek = addDays(week, -7 * (c.referenceWeeks - 1));
      let total = 0;
      for (let i = 0; i < c.referenceWeeks; i++) total += t.weeks.get(addDays(firstWeek, 7 * i))?.ms ?? 0;
      const totalMinutes = minutes(total);
      if (totalMinutes <= c.maxAverageMinutes * c.referenceWeeks) continue;
      const average = Math.round(totalMinutes / c.referenceWeeks);
      out.push({
        key: week,
        date: week,
        segs: bucket.segs,
        arithmetic: {
          measure: 'average weekly working time',
          unit: 'MINUTES',
          actual: average,
          limit: c.maxAverageMinutes,
          comparison: 'ABOVE_MAXIMUM',
          terms: { totalMinutes, referenceWeeks: c.referenceWeeks, firstWeek, lastWeek: week },
        },
        sentence: `${duration(totalMinutes)} worked in the ${c.referenceWeeks} weeks ${firstWeek} to week of ${week}: average ${duration(average)} a week > ${duration(c.maxAverageMinutes)} allowed`,
      });
    }
    return out;
  },

  BREAK_AFTER(t, c) {
    const out: Breach[] = [];
    for (const p of t.periods) {
      if (!t.touches(p.segs)) continue;
      const worked = minutes(p.workMs);
      if (worked <= c.workOverMinutes) continue;
      const longest = minutes(longestGap(p));
      if (longest >= c.minBreakMinutes) continue;
      const first = p.segs[0]!;
      out.push({
        key: first.id,
        date: first.startDate,
        segs: p.segs,
        arithmetic: { measure: 'longest break', unit: 'MINUTES', actual: longest, limit: c.minBreakMinutes, comparison: 'BELOW_MINIMUM', terms: { workedMinutes: worked, workOverMinutes: c.workOverMinutes } },
        sentence: `${duration(worked)} worked from ${t.stamp(first.s)} to ${t.stamp(p.segs.at(-1)!.e)} with a longest break of ${duration(longest)} < ${duration(c.minBreakMinutes)} required over ${duration(c.workOverMinutes)}`,
      });
    }
    return out;
  },

  MAX_DAILY_WORK(t, c) {
    return perBucket(t, t.days, (date, worked) =>
      worked <= c.maxMinutes
        ? null
        : {
            arithmetic: { measure: 'daily working time', unit: 'MINUTES', actual: worked, limit: c.maxMinutes, comparison: 'ABOVE_MAXIMUM', terms: {} },
            sentence: `${date}: ${duration(worked)} worked > ${duration(c.maxMinutes)} allowed`,
          },
    );
  },

  MAX_WEEKLY_WORK(t, c) {
    return perBucket(t, t.weeks, (week, worked) =>
      worked <= c.maxMinutes
        ? null
        : {
            arithmetic: { measure: 'weekly working time', unit: 'MINUTES', actual: worked, limit: c.maxMinutes, comparison: 'ABOVE_MAXIMUM', terms: { weekStart: week, excessMinutes: worked - c.maxMinutes } },
            sentence: `week of ${week}: ${duration(worked)} worked > ${duration(c.maxMinutes)}`,
          },
    );
  },

  MIN_WEEKLY_WORK(t, c) {
    return perBucket(t, t.weeks, (week, worked) =>
      worked >= c.minMinutes
        ? null
        : {
            arithmetic: { measure: 'weekly working time', unit: 'MINUTES', actual: worked, limit: c.minMinutes, comparison: 'BELOW_MINIMUM', terms: { weekStart: week } },
            sentence: `week of ${week}: ${duration(worked)} worked < ${duration(c.minMinutes)} minimum`,
          },
    );
  },

  MAX_SHIFT_LENGTH(t, c) {
    return t.segs.flatMap((x) => {
      if (!t.touches([x])) return [];
      const length = minutes(x.e - x.s);
      if (length <= c.maxMinutes) return [];
      return [
        {
          key: x.id,
          date: x.startDate,
          segs: [x],
          arithmetic: { measure: 'shift length', unit: 'MINUTES', actual: length, limit: c.maxMinutes, comparison: 'ABOVE_MAXIMUM', terms: {} },
          sentence: `${t.label(x)} from ${t.stamp(x.s)} to ${t.stamp(x.e)} lasts ${duration(length)} > ${duration(c.maxMinutes)} allowed`,
        },
      ];
    });
  },

  MAX_CONSECUTIVE_DAYS(t, c) {
    const out: Breach[] = [];
    const dates = [...t.days.keys()].sort();
    let runStart = 0;
    for (let i = 1; i <= dates.length; i++) {
      if (i < dates.length && daysBetween(dates[i - 1]!, dates[i]!) === 1) continue;
      const length = i - runStart;
      if (length > c.maxDays) {
        const run = dates.slice(runStart, i);
        const segs = unique(run.flatMap((d) => t.days.get(d)!.segs));
        out.push({
          key: run[0]!,
          date: run[c.maxDays]!,
          segs,
          arithmetic: { measure: 'consecutive working days', unit: 'DAYS', actual: length, limit: c.maxDays, comparison: 'ABOVE_MAXIMUM', terms: { firstDay: run[0]!, lastDay: run.at(-1)! } },
          sentence: `${length} consecutive working days from ${run[0]} to ${run.at(-1)} > ${c.maxDays} allowed`,
        });
      }
      runStart = i;
    }
    return out;
  },

  DAILY_OVERTIME(t, c) {
    return perBucket(t, t.days, (date, worked) => {
      if (worked <= c.thresholdMinutes) return null;
      const excess = worked - c.thresholdMinutes;
      return {
        arithmetic: { measure: 'daily working time', unit: 'MINUTES', actual: worked, limit: c.thresholdMinutes, comparison: 'ABOVE_MAXIMUM', terms: { excessMinutes: excess, multiplier: c.multiplier } },
        sentence: `${date}: ${duration(worked)} worked > ${duration(c.thresholdMinutes)}: ${duration(excess)} at ${c.multiplier}×`,
      };
    });
  },

  WEEKLY_OVERTIME(t, c) {
    return perBucket(t, t.weeks, (week, worked) => {
      if (worked <= c.thresholdMinutes) return null;
      const excess = worked - c.thresholdMinutes;
      return {
        arithmetic: { measure: 'weekly working time', unit: 'MINUTES', actual: worked, limit: c.thresholdMinutes, comparison: 'ABOVE_MAXIMUM', terms: { weekStart: week, excessMinutes: excess, multiplier: c.multiplier } },
        sentence: `week of ${week}: ${duration(worked)} worked > ${duration(c.thresholdMinutes)}: ${duration(excess)} at ${c.multiplier}×`,
      };
    });
  },

  SEVENTH_DAY(t, c) {
    const out: Breach[] = [];
    for (const [week, bucket] of t.weeks) {
      const seventh = addDays(week, 6);
      let all = true;
      for (let i = 0; i < 7 && all; i++) all = t.days.has(addDays(week, i));
      // Any shift of the week makes the seventh day the seventh: the trace lists them all.
      if (!all || !t.touches(bucket.segs)) continue;
      const day = t.days.get(seventh)!;
      const worked = minutes(day.ms);
      const first = Math.min(worked, c.firstMinutes);
      const beyond = worked - first;
      out.push({
        key: seventh,
        date: seventh,
        segs: bucket.segs,
        arithmetic: {
          measure: 'consecutive days worked in the workweek',
          unit: 'DAYS',
          actual: 7,
          limit: 6,
          comparison: 'ABOVE_MAXIMUM',
          terms: { weekStart: week, workedMinutes: worked, firstMinutes: first, firstMultiplier: c.firstMultiplier, beyondMinutes: beyond, beyondMultiplier: c.beyondMultiplier },
        },
        sentence: `${seventh} is the 7th consecutive day worked in the workweek of ${week}: ${duration(worked)} worked, ${duration(first)} at ${c.firstMultiplier}×${beyond > 0 ? ` and ${duration(beyond)} at ${c.beyondMultiplier}×` : ''}`,
      });
    }
    return out;
  },

  MEAL_PERIODS(t, c) {
    const out: Breach[] = [];
    for (const p of t.periods) {
      if (!t.touches(p.segs)) continue;
      const worked = minutes(p.workMs);
      if (worked <= c.firstAfterMinutes) continue;
      const meals: number[] = [];
      let before = 0;
      for (let i = 1; i < p.segs.length; i++) {
        before += p.segs[i - 1]!.e - p.segs[i - 1]!.s;
        if (minutes(p.segs[i]!.s - p.segs[i - 1]!.e) >= c.mealMinutes) meals.push(minutes(before));
      }
      const firstOk = meals.length > 0 && meals[0]! <= c.firstAfterMinutes;
      const secondDue = worked > c.secondAfterMinutes;
      const secondOk = !secondDue || (meals.length > 1 && meals[1]! <= c.secondAfterMinutes);
      if (firstOk && secondOk) continue;
      const missed = (firstOk ? 0 : 1) + (secondOk ? 0 : 1);
      const first = p.segs[0]!;
      const problems = [
        firstOk ? null : `no ${duration(c.mealMinutes)} meal period started by the end of hour ${c.firstAfterMinutes / 60}`,
        secondOk ? null : `no second meal period started by the end of hour ${c.secondAfterMinutes / 60}`,
      ].filter((x) => x !== null);
      out.push({
        key: first.id,
        date: first.startDate,
        segs: p.segs,
        arithmetic: {
          measure: 'meal periods missed',
          unit: 'MINUTES',
          actual: meals[0] ?? worked,
          limit: c.firstAfterMinutes,
          comparison: 'ABOVE_MAXIMUM',
          terms: { workedMinutes: worked, mealsTaken: meals.length, mealsMissed: missed, workBeforeFirstMealMinutes: meals[0] ?? worked, premiumHoursOfPay: c.premiumHoursOfPay },
        },
        sentence: `${duration(worked)} worked from ${t.stamp(first.s)} to ${t.stamp(p.segs.at(-1)!.e)}: ${problems.join('; ')}; premium ${c.premiumHoursOfPay} h of pay`,
      });
    }
    return out;
  },

  REST_BREAKS(t, c) {
    const out: Breach[] = [];
    for (const p of t.periods) {
      if (!t.touches(p.segs)) continue;
      const worked = minutes(p.workMs);
      if (worked < c.minWorkMinutes) continue;
      const required = Math.ceil((worked - c.perMinutes / 2) / c.perMinutes);
      let taken = 0;
      for (let i = 1; i < p.segs.length; i++) if (minutes(p.segs[i]!.s - p.segs[i - 1]!.e) >= c.breakMinutes) taken++;
      if (taken >= required) continue;
      const first = p.segs[0]!;
      out.push({
        key: first.id,
        date: first.startDate,
        segs: p.segs,
        arithmetic: {
          measure: 'rest breaks taken',
          unit: 'MINUTES',
          actual: taken * c.breakMinutes,
          limit: required * c.breakMinutes,
          comparison: 'BELOW_MINIMUM',
          terms: { workedMinutes: worked, breaksRequired: required, breaksTaken: taken, premiumHoursOfPay: c.premiumHoursOfPay },
        },
        sentence: `${duration(worked)} worked from ${t.stamp(first.s)} to ${t.stamp(p.segs.at(-1)!.e)}: ${taken} of ${required} rest breaks of ${duration(c.breakMinutes)} taken; premium ${c.premiumHoursOfPay} h of pay`,
      });
    }
    return out;
  },

  ADVANCE_NOTICE(t, c, input) {
    if (!input.focusIds || !input.now) return [];
    const now = input.now.getTime();
    const required = c.noticeDays * 1440;
    return t.segs.flatMap((x) => {
      if (!input.focusIds!.has(x.id)) return [];
      const notice = minutes(x.s - now);
      if (notice >= required) return [];
      const tier = c.tiers.find((tr) => notice >= tr.minNoticeMinutes) ?? c.tiers.at(-1)!;
      return [
        {
          key: x.id,
          date: x.startDate,
          segs: [x],
          arithmetic: {
            measure: 'notice',
            unit: 'MINUTES',
            actual: notice,
            limit: required,
            comparison: 'BELOW_MINIMUM',
            terms: { scheduledAt: input.now!.toISOString(), tierMinNoticeMinutes: tier.minNoticeMinutes, addedOrMovedMinor: tier.addedOrMovedMinor, reducedMinor: tier.reducedMinor, currency: c.currency },
          },
          sentence: `${t.label(x)} starting ${t.stamp(x.s)} scheduled at ${t.stamp(now)} with ${duration(Math.max(notice, 0))} notice < ${c.noticeDays} days required; change premium ${money(tier.addedOrMovedMinor, c.currency)}`,
        },
      ];
    });
  },

  CLOPENING(t, c) {
    const out: Breach[] = [];
    const [hh, mm] = c.closingAfter.split(':').map(Number) as [number, number];
    for (let i = 1; i < t.segs.length; i++) {
      const a = t.segs[i - 1]!;
      const b = t.segs[i]!;
      if (!t.touches([a, b])) continue;
      const closing = Date.parse(`${a.startDate}T00:00:00Z`) + (hh * 60 + mm) * MINUTE;
      if (wallMs(a.e, t.tz) <= closing || b.startDate !== addDays(a.startDate, 1)) continue;
      const rest = minutes(b.s - a.e);
      if (rest >= c.minRestMinutes) continue;
      out.push({
        key: `${a.id}:${b.id}`,
        date: b.startDate,
        segs: [a, b],
        arithmetic: { measure: 'rest', unit: 'MINUTES', actual: rest, limit: c.minRestMinutes, comparison: 'BELOW_MINIMUM', terms: { closingAfter: c.closingAfter, premiumMinor: c.premiumMinor, currency: c.currency } },
        sentence: `clopening: ${t.label(a)} ending ${t.stamp(a.e)} (after ${c.closingAfter}) and ${t.label(b)} starting ${t.stamp(b.s)}, ${duration(rest)} apart < ${duration(c.minRestMinutes)}; needs written consent, premium ${money(c.premiumMinor, c.currency)}`,
      });
    }
    return out;
  },
};

function longestGap(p: Period): number {
  let longest = 0;
  for (let i = 1; i < p.segs.length; i++) longest = Math.max(longest, p.segs[i]!.s - p.segs[i - 1]!.e);
  return longest;
}

function unique<T>(xs: T[]): T[] {
  return [...new Set(xs)];
}

function perBucket(t: Timeline, map: Map<string, Bucket>, test: (key: string, workedMinutes: number) => Pick<Breach, 'arithmetic' | 'sentence'> | null): Breach[] {
  const out: Breach[] = [];
  for (const [key, bucket] of map) {
    if (!t.touches(bucket.segs)) continue;
    const found = test(key, minutes(bucket.ms));
    if (found) out.push({ key, date: key, segs: bucket.segs, ...found });
  }
  return out;
}

function run(rule: RuleDefinition, t: Timeline, input: EvaluationInput): Breach[] {
  return (checkers[rule.check.kind] as Checker<RuleKind>)(t, rule.check, input);
}

/** A breach of a rule as it is recorded and explained: the rule, its pack and mode, and the trace. */
function violationOf(applicable: ApplicableRule, b: Omit<Breach, 'segs'>, segments: TraceSegment[]): Violation {
  const { rule } = applicable;
  return {
    ruleId: rule.id,
    packId: applicable.packId,
    packVersion: applicable.packVersion,
    mode: applicable.mode,
    kind: rule.check.kind,
    key: `${rule.id}:${b.key}`,
    date: b.date,
    segmentIds: segments.map((x) => x.id),
    trace: { ruleId: rule.id, packId: applicable.packId, packVersion: applicable.packVersion, title: rule.title, source: rule.source, segments, arithmetic: b.arithmetic, sentence: b.sentence },
  };
}

/** Every breach of the applicable rules in the person's segments, in rule order then time order. */
export function evaluate(input: EvaluationInput): Violation[] {
  const timeline = new Timeline(input.segments, input.timezone, input.focusIds);
  const out: Violation[] = [];
  for (const applicable of input.rules) {
    const { rule } = applicable;
    if (!rule.phases.includes(input.phase)) continue;
    for (const b of run(rule, timeline, input)) {
      if (input.focusIds && !b.segs.some((x) => input.focusIds!.has(x.id))) continue;
      out.push(violationOf(applicable, b, b.segs.map((x) => timeline.seg(x))));
    }
  }
  return out;
}

/** How a person lost scheduled hours: the shift cancelled, given to someone else, or cut short. */
export type Reduction = 'CANCELLED' | 'REASSIGNED' | 'SHORTENED';

export interface ReductionInput {
  timezone: string;
  rules: readonly ApplicableRule[];
  /** The shift as it was scheduled for the person who loses hours. */
  shift: WorkSegment;
  change: Reduction;
  /** Scheduled minutes the person loses: the whole shift, or what a cut removed. */
  lostMinutes: number;
  now: Date;
}

/**
 * Advance-notice rules (NYC Fair Workweek §20-1222) pay a premium for hours taken away inside the
 * notice period as well as for hours added: the schedule check (`evaluate`) sees only shifts being
 * written, so a cancellation, a re-assignment away or a cut is judged here, one breach per change,
 * keyed by when it was made (each change is its own premium). Nothing before its start, nothing
 * with the notice given.
 */
export function evaluateReduction(input: ReductionInput): Violation[] {
  const { shift, now, timezone } = input;
  const start = shift.start.getTime();
  const notice = minutes(start - now.getTime());
  if (input.lostMinutes <= 0 || notice < 0) return [];
  const how = { CANCELLED: 'cancelled', REASSIGNED: 'given to someone else', SHORTENED: `cut by ${duration(input.lostMinutes)}` }[input.change];
  const out: Violation[] = [];
  for (const applicable of input.rules) {
    const { rule } = applicable;
    if (rule.check.kind !== 'ADVANCE_NOTICE') continue;
    const c = rule.check;
    const required = c.noticeDays * 1440;
    if (notice >= required) continue;
    const tier = c.tiers.find((tr) => notice >= tr.minNoticeMinutes) ?? c.tiers.at(-1)!;
    const seg: TraceSegment = { id: shift.id, kind: shift.kind, start: shift.start.toISOString(), end: shift.end.toISOString(), localStart: localStamp(start, timezone), localEnd: localStamp(shift.end.getTime(), timezone) };
    const breach = {
      key: `${shift.id}:reduced:${now.toISOString()}`,
      date: localDate(start, timezone),
      arithmetic: {
        measure: 'notice',
        unit: 'MINUTES' as const,
        actual: notice,
        limit: required,
        comparison: 'BELOW_MINIMUM' as const,
        terms: { changedAt: now.toISOString(), change: input.change, lostMinutes: input.lostMinutes, tierMinNoticeMinutes: tier.minNoticeMinutes, reducedMinor: tier.reducedMinor, currency: c.currency },
      },
      sentence: `shift ${shift.id.slice(0, 8)} starting ${localStamp(start, timezone)} ${how} at ${localStamp(now.getTime(), timezone)} with ${duration(notice)} notice < ${c.noticeDays} days required; change premium ${money(tier.reducedMinor, c.currency)}`,
    };
    out.push(violationOf(applicable, breach, [seg]));
  }
  return out;
}
