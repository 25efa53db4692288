/**
 * The format of a rule pack: a jurisdiction's working-time rules as data. A pack is immutable once
 * released; a change in the law is a new version of the pack, and a tenant's assignment names the
 * version it follows, so a violation's trace always points at the text that produced it.
 */

/** What a rule does when it is broken: nothing, a recorded warning, or a refusal of the write. */
export const RULE_MODES = ['OFF', 'WARN', 'BLOCK'] as const;
export type RuleMode = (typeof RULE_MODES)[number];

/** When a rule is evaluated: on scheduled shifts (assignment, publish) or on clocked times. */
export const RULE_PHASES = ['SCHEDULE', 'CLOCK'] as const;
export type RulePhase = (typeof RULE_PHASES)[number];

/** Whom a rule protects: everyone, adult workers only (a young-worker rule replaces it), or young workers only. */
export const RULE_SUBJECTS = ['ALL', 'ADULT', 'YOUNG_WORKER'] as const;
export type RuleSubject = (typeof RULE_SUBJECTS)[number];

/** A premium tier of NYC Fair Workweek: the notice a change gave, and what it pays per change. */
export interface NoticePremiumTier {
  /** The tier applies when the notice given is at least this many minutes (and less than the previous tier's). */
  minNoticeMinutes: number;
  /** Premium when the change adds hours or changes only the time. */
  addedOrMovedMinor: number;
  /** Premium when the change removes hours. */
  reducedMinor: number;
}

/**
 * What a rule checks, with its parameters. Minutes are whole minutes of working time; working time
 * is the union of a person's shifts (or clock records); a gap between two of them is a break when
 * it falls inside one working period, and a rest when it separates two (see engine/README).
 */
export type RuleCheck =
  /** Every rest between two working periods lasts at least minRestMinutes. */
  | { kind: 'MIN_DAILY_REST'; minRestMinutes: number }
  /** Each local week (Monday–Sunday) overlaps an uninterrupted rest of at least minRestMinutes. */
  | { kind: 'MIN_WEEKLY_REST'; minRestMinutes: number }
  /** Working time averaged over the referenceWeeks weeks ending with a worked week stays within maxAverageMinutes a week. */
  | { kind: 'MAX_AVERAGE_WEEKLY_WORK'; maxAverageMinutes: number; referenceWeeks: number }
  /** A working period longer than workOverMinutes includes an uninterrupted break of at least minBreakMinutes. */
  | { kind: 'BREAK_AFTER'; workOverMinutes: number; minBreakMinutes: number }
  /** Working time on one local calendar day stays within maxMinutes. */
  | { kind: 'MAX_DAILY_WORK'; maxMinutes: number }
  /** Working time in one local week stays within maxMinutes. */
  | { kind: 'MAX_WEEKLY_WORK'; maxMinutes: number }
  /** A local week in which the person works reaches minMinutes. */
  | { kind: 'MIN_WEEKLY_WORK'; minMinutes: number }
  /** One shift (or clock record) lasts at most maxMinutes. */
  | { kind: 'MAX_SHIFT_LENGTH'; maxMinutes: number }
  /** At most maxDays local calendar days in a row with work. */
  | { kind: 'MAX_CONSECUTIVE_DAYS'; maxDays: number }
  /** Working time on one local day beyond thresholdMinutes is paid at multiplier × the regular rate. */
  | { kind: 'DAILY_OVERTIME'; thresholdMinutes: number; multiplier: number }
  /** Working time in one local week beyond thresholdMinutes is paid at multiplier × the regular rate. */
  | { kind: 'WEEKLY_OVERTIME'; thresholdMinutes: number; multiplier: number }
  /**
   * Work on the seventh consecutive day of a workweek: its first firstMinutes at firstMultiplier,
   * the rest at beyondMultiplier.
   */
  | { kind: 'SEVENTH_DAY'; firstMinutes: number; firstMultiplier: number; beyondMultiplier: number }
  /**
   * Meal periods: a working period over firstAfterMinutes has a break of mealMinutes starting by
   * then; over secondAfterMinutes, a second one starting by then. Each missed meal pays
   * premiumHoursOfPay hours at the regular rate.
   */
  | { kind: 'MEAL_PERIODS'; mealMinutes: number; firstAfterMinutes: number; secondAfterMinutes: number; premiumHoursOfPay: number }
  /**
   * Paid rest breaks of breakMinutes per perMinutes worked or major fraction, none below
   * minWorkMinutes; each day with a missed break pays premiumHoursOfPay hours.
   */
  | { kind: 'REST_BREAKS'; breakMinutes: number; perMinutes: number; minWorkMinutes: number; premiumHoursOfPay: number }
  /**
   * A shift is scheduled at least noticeDays before it starts; a shift added or moved later pays
   * the premium of the tier its notice falls in (tiers from the longest notice down).
   */
  | { kind: 'ADVANCE_NOTICE'; noticeDays: number; currency: string; tiers: NoticePremiumTier[] }
  /**
   * "Clopening": a shift ending after closingAfter (local HH:MM) followed, the next day, by one
   * starting less than minRestMinutes later needs the worker's written consent and pays premiumMinor.
   */
  | { kind: 'CLOPENING'; closingAfter: string; minRestMinutes: number; currency: string; premiumMinor: number };

export type RuleKind = RuleCheck['kind'];

export interface RuleDefinition {
  /** Globally unique: `<pack id>.<rule>`; stable across the pack's versions while the rule means the same. */
  id: string;
  title: string;
  /** The legal text the rule comes from (statute, article), quoted in every trace. */
  source: string;
  subject: RuleSubject;
  phases: readonly RulePhase[];
  check: RuleCheck;
}

export interface RulePack {
  id: string;
  version: number;
  name: string;
  jurisdiction: string;
  /** The date the pack's text was checked against the law. */
  effectiveFrom: string;
  description: string;
  rules: readonly RuleDefinition[];
}

/** A rule as it applies to one person: the pack it came from and the mode the tenant set. */
export interface ApplicableRule {
  packId: string;
  packVersion: number;
  mode: Exclude<RuleMode, 'OFF'>;
  rule: RuleDefinition;
}
