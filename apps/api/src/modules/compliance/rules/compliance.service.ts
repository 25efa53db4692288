import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ForbiddenError, UnprocessableEntityError, type ErrorBody } from '@wfm/core/errors';
import type { Acting } from '@wfm/core/people-policy';
import { COMPLIANCE_OVERRIDERS } from '@wfm/core/role-sets';
import { roleAllowed } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { Db } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import { applicableRules, schedulingLimits, type ComplianceConfig, type PackRef, type SchedulingLimits } from '../engine/applicable-rules.js';
import { evaluate, evaluateReduction, type Reduction, type Violation, type ViolationTrace, type WorkSegment } from '../engine/engine.js';
import { addDays, localDate, startOfLocalDay, weekStart } from '../engine/local-time.js';
import { ADVANCE_NOTICE_RULE_IDS } from '../packs/catalog.js';
import type { ApplicableRule, RulePhase } from '../packs/pack.types.js';
import type { ComplianceSettingsRepository, PersonContractRow } from '../settings/compliance-settings.repository.js';
import type { ViolationRow, ViolationsRepository } from '../violations/violations.repository.js';

/** A shift about to be (or just) written, as the rules read it. */
export interface ShiftToAssess {
  id: string;
  userId: string;
  outletId: string;
  scheduledStart: Date;
  scheduledEnd: Date;
}

export interface AssessOptions {
  /** Accepts the blocking breaches, recorded as overridden with this reason; only a role allowed to override may give it. */
  overrideReason?: string | null;
}

/** What an assignment met: warnings recorded, and blocking breaches overridden with the caller's reason. */
export interface ComplianceVerdict {
  warnings: number;
  overridden: number;
}

export const NO_BREACH: ComplianceVerdict = { warnings: 0, overridden: 0 };

/** A breach as the 422 of a refused write lists it: nothing was written, so it has no id. */
export interface BlockingViolation {
  userId: string;
  outletId: string | null;
  ruleId: string;
  packId: string;
  packVersion: number;
  mode: 'WARN' | 'BLOCK';
  date: string;
  sentence: string;
  trace: ViolationTrace;
}

/** A write refused by a rule in BLOCK mode: 422 listing every breach the write would cause, blocking or not. */
export class ComplianceBlockedError extends UnprocessableEntityError {
  constructor(readonly violations: BlockingViolation[]) {
    const blocking = violations.filter((v) => v.mode === 'BLOCK');
    super(`${blocking.length === 1 ? 'A working-time rule blocks' : `${blocking.length} working-time rule breaches block`} this assignment: ${blocking[0]!.sentence}`, 'COMPLIANCE_BLOCKED');
  }
  override body(): ErrorBody {
    return { ...super.body(), violations: this.violations };
  }
}

/** A tenant's settings as the engine needs them, and its timezone. */
interface TenantCompliance {
  timezone: string;
  config: ComplianceConfig;
}

const DAY_MS = 86_400_000;

/**
 * Working-time compliance: which rules apply to whom (one resolver every path asks), and the check
 * every path that assigns a shift or closes a clock record runs. A tenant with no pack and no limit
 * of its own has no rules: the check reads its settings and returns, so it behaves as before.
 */
export class ComplianceService {
  constructor(
    private readonly ds: DataSource,
    private readonly settings: ComplianceSettingsRepository,
    private readonly violations: ViolationsRepository,
    private readonly scopes: OutletScopeService,
    private readonly clock: Clock,
  ) {}

  /**
   * The rules that apply to a person at an outlet, with their modes and parameters: their contract's
   * packs, else the outlet's, else the tenant's, plus the tenant's own limits (young-worker rules
   * for a contract marked young worker). OFF rules are left out. `outletId` null: the tenant's packs.
   */
  async rulesFor(tenantId: string, userId: string, outletId: string | null, db: Db = this.ds): Promise<ApplicableRule[]> {
    const tenant = await this.tenantCompliance(db, tenantId);
    if (!tenant) return [];
    const resolve = await this.resolver(db, tenantId, tenant.config, [userId]);
    return resolve(userId, outletId);
  }

  /**
   * rulesFor for many people at once (payroll reads everyone paid in a month): the settings and the
   * people's contracts read once. Null when the tenant has no rule at all.
   */
  async rulesForPeople(tenantId: string, userIds: readonly string[], db: Db = this.ds): Promise<((userId: string, outletId: string | null) => ApplicableRule[]) | null> {
    const tenant = await this.tenantCompliance(db, tenantId);
    return tenant && this.resolver(db, tenantId, tenant.config, userIds);
  }

  /** The tenant's timezone, in which the rules count days and weeks. */
  async timezoneOf(tenantId: string, db: Db = this.ds): Promise<string> {
    return (await this.settings.tenant(db, tenantId))!.timezone;
  }

  /** The strictest limits among a person's rules (min rest, max shift, daily and weekly hours, consecutive days), for planners. */
  async schedulingLimitsFor(tenantId: string, userId: string, outletId: string | null, db: Db = this.ds): Promise<SchedulingLimits> {
    return schedulingLimits(await this.rulesFor(tenantId, userId, outletId, db));
  }

  /**
   * The check of every path that assigns shifts, run in the write's transaction after the shifts are
   * written (so it reads them with the person's other shifts in one query). Breaches of WARN rules
   * are recorded; a breach of a BLOCK rule throws ComplianceBlockedError, rolling the write back,
   * unless an allowed role gave an override reason, which is recorded with it.
   */
  async assessAssignments(tx: Tx, acting: Acting, shifts: readonly ShiftToAssess[], options: AssessOptions = {}): Promise<ComplianceVerdict> {
    if (shifts.length === 0) return NO_BREACH;
    const { tenantId } = acting;
    const tenant = await this.tenantCompliance(tx, tenantId);
    if (!tenant) return NO_BREACH;
    const userIds = [...new Set(shifts.map((s) => s.userId))];
    const resolve = await this.resolver(tx, tenantId, tenant.config, userIds);
    const focusByUser = groupBy(shifts, (s) => s.userId);
    const allRules = [...focusByUser].flatMap(([userId, own]) => [...new Set(own.map((s) => s.outletId))].flatMap((o) => resolve(userId, o)));
    if (allRules.length === 0) return NO_BREACH;
    const window = this.window(tenant.timezone, shifts.map((s) => [s.scheduledStart, s.scheduledEnd]), allRules);
    const worked = groupBy(await this.violations.workedShifts(tx, tenantId, userIds, window.from, window.to), (s) => s.userId);
    const now = this.clock.now();
    const found: Array<{ userId: string; outletId: string; violation: Violation }> = [];
    for (const [userId, focus] of focusByUser) {
      const theirs = worked.get(userId) ?? [];
      const segments: WorkSegment[] = theirs.map((s) => ({ id: s.id, kind: 'SHIFT', start: s.start, end: s.end }));
      const seen = new Set<string>();
      for (const [outletId, atOutlet] of groupBy(focus, (s) => s.outletId)) {
        const rules = resolve(userId, outletId);
        if (rules.length === 0) continue;
        const focusIds = new Set(atOutlet.map((s) => s.id));
        for (const violation of evaluate({ timezone: tenant.timezone, phase: 'SCHEDULE', segments, rules, focusIds, now })) {
          if (seen.has(violation.key)) continue;
          seen.add(violation.key);
          found.push({ userId, outletId, violation });
        }
      }
    }
    if (found.length === 0) return NO_BREACH;
    const blocking = found.filter((f) => f.violation.mode === 'BLOCK');
    const reason = options.overrideReason?.trim() || null;
    if (blocking.length > 0) {
      if (!reason) throw new ComplianceBlockedError(found.map(({ userId, outletId, violation: v }) => ({ userId, outletId, ruleId: v.ruleId, packId: v.packId, packVersion: v.packVersion, mode: v.mode, date: v.date, sentence: v.trace.sentence, trace: v.trace })));
      await this.assertMayOverride(acting, blocking.map((b) => b.outletId));
    }
    await this.violations.record(
      tx,
      found.map(({ userId, outletId, violation: v }) => {
        const overridden = v.mode === 'BLOCK';
        return this.row(tenantId, userId, outletId, 'SCHEDULE', v, now, overridden ? { reason: reason!, by: acting.userId! } : null);
      }),
    );
    return { warnings: found.length - blocking.length, overridden: blocking.length };
  }

  /**
   * Records what a closed clock record breaks (missed breaks, long days, short rests). Never
   * refuses: a BLOCK rule is recorded like a WARN one here, since the work has been done.
   */
  async recordClocked(tx: Tx, tenantId: string, userId: string, record: { id: string; outletId: string; clockInAt: Date; clockOutAt: Date }): Promise<number> {
    const tenant = await this.tenantCompliance(tx, tenantId);
    if (!tenant) return 0;
    const rules = (await this.resolver(tx, tenantId, tenant.config, [userId]))(userId, record.outletId);
    if (!rules.some((r) => r.rule.phases.includes('CLOCK'))) return 0;
    const window = this.window(tenant.timezone, [[record.clockInAt, record.clockOutAt]], rules);
    const clocked = await this.violations.clockedTimes(tx, tenantId, userId, window.from, window.to);
    const segments: WorkSegment[] = clocked.map((c) => ({ id: c.id, kind: 'CLOCK', start: c.start, end: c.end }));
    const found = evaluate({ timezone: tenant.timezone, phase: 'CLOCK', segments, rules, focusIds: new Set([record.id]) });
    if (found.length === 0) return 0;
    const now = this.clock.now();
    await this.violations.record(
      tx,
      found.map((v) => this.row(tenantId, userId, record.outletId, 'CLOCK', v, now, null)),
    );
    return found.length;
  }

  /**
   * Records what taking scheduled hours away from a person inside an advance-notice period breaks
   * (a premium under NYC Fair Workweek): a SCHEDULED shift cancelled, given to someone else, or cut
   * short. Never refuses: the law prices the change rather than forbidding it. Swaps, which the
   * people ask for themselves, do not come here.
   */
  async recordReduction(tx: Tx, tenantId: string, before: ReducibleShift, after: ReducibleShift): Promise<number> {
    if (before.status !== 'SCHEDULED') return 0;
    const length = (x: ReducibleShift) => Math.round((x.scheduledEnd.getTime() - x.scheduledStart.getTime()) / 60_000);
    const change: Reduction | null = after.status === 'CANCELLED' ? 'CANCELLED' : after.userId !== before.userId ? 'REASSIGNED' : length(after) < length(before) ? 'SHORTENED' : null;
    if (!change) return 0;
    const tenant = await this.tenantCompliance(tx, tenantId);
    if (!tenant) return 0;
    const rules = (await this.resolver(tx, tenantId, tenant.config, [before.userId]))(before.userId, before.outletId);
    const now = this.clock.now();
    const found = evaluateReduction({
      timezone: tenant.timezone,
      rules,
      shift: { id: before.id, kind: 'SHIFT', start: before.scheduledStart, end: before.scheduledEnd },
      change,
      lostMinutes: change === 'SHORTENED' ? length(before) - length(after) : length(before),
      now,
    });
    if (found.length === 0) return 0;
    await this.violations.record(
      tx,
      found.map((v) => this.row(tenantId, before.userId, before.outletId, 'SCHEDULE', v, now, null)),
    );
    return found.length;
  }

  /**
   * A shift moved, given away or cancelled no longer stands as it was: the OPEN schedule breaches
   * it was part of are WITHDRAWN (a check that finds one again, keyed the same, opens it again).
   * Advance-notice breaches stay: they are changes that happened, and may carry a premium.
   */
  withdrawForShifts(tx: Tx, tenantId: string, shiftIds: readonly string[]): Promise<number> {
    if (shiftIds.length === 0) return Promise.resolve(0);
    return this.violations.withdrawForShifts(tx, tenantId, shiftIds, ADVANCE_NOTICE_RULE_IDS, this.clock.now());
  }

  /** Null when the tenant has no pack anywhere and no limit of its own: nothing to check. */
  private async tenantCompliance(db: Db, tenantId: string): Promise<TenantCompliance | null> {
    const row = await this.settings.tenant(db, tenantId);
    if (!row) return null;
    const customLimits = { maxShiftMinutes: row.maxShiftMinutes, maxConsecutiveDays: row.maxConsecutiveDays, minWeeklyMinutes: row.minWeeklyMinutes, maxWeeklyMinutes: row.maxWeeklyMinutes };
    const hasLimits = Object.values(customLimits).some((v) => v !== null);
    // The outlet and contract packs are read only for a tenant that has settings: without a row nothing was configured.
    if (row.updatedAt === null) return null;
    const outlets = await this.settings.outletPacks(db, tenantId);
    if (!hasLimits && row.packs.length === 0 && outlets.every((o) => o.packs.length === 0) && !(await this.hasContractPacks(db, tenantId))) return null;
    return {
      timezone: row.timezone,
      config: {
        packs: row.packs.map(toRef),
        modes: row.modes as ComplianceConfig['modes'],
        customLimits,
        outletPacks: new Map(outlets.map((o) => [o.outletId, o.packs.map(toRef)])),
      },
    };
  }

  private async hasContractPacks(db: Db, tenantId: string): Promise<boolean> {
    return (await this.settings.contractSettings(db, tenantId)).some((c) => c.packs !== null && c.packs.length > 0);
  }

  /** One query for the people's contracts; then the rules of (person, outlet), each computed once. */
  private async resolver(db: Db, tenantId: string, config: ComplianceConfig, userIds: readonly string[]): Promise<(userId: string, outletId: string | null) => ApplicableRule[]> {
    const contracts = new Map<string, PersonContractRow>((await this.settings.activeContracts(db, tenantId, userIds)).map((c) => [c.userId, c]));
    const cache = new Map<string, ApplicableRule[]>();
    return (userId, outletId) => {
      const key = `${userId}:${outletId ?? ''}`;
      let rules = cache.get(key);
      if (!rules) {
        const contract = contracts.get(userId);
        rules = applicableRules(config, { outletId, contractPacks: contract?.packs ? contract.packs.map(toRef) : null, youngWorker: contract?.youngWorker ?? false });
        cache.set(key, rules);
      }
      return rules;
    };
  }

  /**
   * The whole local weeks around the new times, reaching back as far as the rules look (17 weeks
   * for an average week), so a week the rules judge is never read in part.
   */
  private window(timezone: string, spans: ReadonlyArray<readonly [Date, Date]>, rules: readonly ApplicableRule[]): { from: Date; to: Date } {
    let lookDays = 8;
    for (const { rule } of rules) {
      const c = rule.check;
      if (c.kind === 'MAX_AVERAGE_WEEKLY_WORK') lookDays = Math.max(lookDays, c.referenceWeeks * 7);
      if (c.kind === 'MAX_CONSECUTIVE_DAYS') lookDays = Math.max(lookDays, c.maxDays + 1);
    }
    const weeks = Math.ceil(lookDays / 7);
    const first = Math.min(...spans.map(([s]) => s.getTime()));
    const last = Math.max(...spans.map(([, e]) => e.getTime()));
    const from = startOfLocalDay(addDays(weekStart(localDate(first, timezone)), -7 * weeks), timezone);
    const to = startOfLocalDay(addDays(weekStart(localDate(last, timezone)), 7 * (weeks + 1)), timezone);
    return { from: new Date(from), to: new Date(Math.max(to, last + DAY_MS)) };
  }

  private async assertMayOverride(acting: Acting, outletIds: readonly string[]): Promise<void> {
    if (acting.userId === null || acting.role === null || !roleAllowed(acting.role, COMPLIANCE_OVERRIDERS)) {
      throw new ForbiddenError('Only HR and the managers who roster people may override a blocking working-time rule', 'COMPLIANCE_OVERRIDE_FORBIDDEN');
    }
    const scope = await this.scopes.of({ tenantId: acting.tenantId, userId: acting.userId, role: acting.role });
    if (outletIds.some((o) => !coversOutlet(scope, o))) throw new ForbiddenError('You can override working-time rules only at your outlets', 'COMPLIANCE_OVERRIDE_FORBIDDEN');
  }

  private row(tenantId: string, userId: string, outletId: string, phase: RulePhase, v: Violation, now: Date, override: { reason: string; by: string } | null): ViolationRow {
    const shiftIds = phase === 'SCHEDULE' ? v.segmentIds : [];
    return {
      id: uuid(),
      tenantId,
      userId,
      outletId,
      phase,
      ruleId: v.ruleId,
      packId: v.packId,
      packVersion: v.packVersion,
      mode: v.mode,
      violationKey: v.key,
      localDate: v.date,
      shiftAssignmentIds: shiftIds,
      attendanceEventIds: phase === 'CLOCK' ? v.segmentIds : [],
      sentence: v.trace.sentence,
      trace: v.trace,
      status: override ? 'OVERRIDDEN' : 'OPEN',
      overrideReason: override?.reason ?? null,
      overriddenByUserId: override?.by ?? null,
      overriddenAt: override ? now : null,
      createdAt: now,
      updatedAt: now,
    };
  }
}

/** A shift as a reduction is judged: who held it, where, when, and whether it still stands. */
export interface ReducibleShift {
  id: string;
  userId: string;
  outletId: string;
  scheduledStart: Date;
  scheduledEnd: Date;
  status: string;
}

function toRef(r: { packId: string; version: number }): PackRef {
  return { packId: r.packId, version: r.version };
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
}
