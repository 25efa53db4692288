import type { ComplianceService } from '../../compliance/rules/compliance.service.js';
import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, ConflictError, ForbiddenError, NotFoundError, ServiceUnavailableError, UnprocessableEntityError, type ErrorBody } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { Actor } from '@wfm/core/principal';
import type { TransactionRunner } from '@wfm/db/transaction';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { RostersRepository } from '../rosters/rosters.repository.js';
import { announceRoster, newRosterRow } from '../rosters/rosters.service.js';
import type { Notifier } from '../../notifications/centre/centre.service.js';
import type { ShiftAssignment, ShiftsRepository } from '../shifts/shifts.repository.js';
import type { Proposal, ProposalsRepository, ProposalSummary } from './proposals.repository.js';
import type { AddProposalShiftBody, CreateProposalBody, ListProposalsQuery, MoveProposalShiftBody, ProposalResult, ProposalShift } from './proposals.schemas.js';
import { normalizeRole, slotInstant, WEEK_HOURS, type SchedulerInputBuilder, type SchedulerWorld } from './scheduler-input.js';
import { evaluate, violations, type PlannedShift } from './solver.js';
import type { Solver } from './solver.thread.js';

const HOUR_MS = 3_600_000;
/** How long the solver may improve a week after its construction. */
const SOLVE_BUDGET_MS = 3000;
/**
 * A solve runs in the process that queued it: one that stopped (a restart, a crash) leaves its
 * proposals QUEUED or RUNNING for good. Far longer than a live one takes (eight queued solves of
 * SOLVE_BUDGET_MS and the reads around them), so a slow process is never taken for a dead one.
 */
export const ABANDONED_AFTER_MS = 10 * 60_000;
/** Solves waiting in this process beyond which a new one is refused (503): each takes seconds of a thread. */
const MAX_PENDING_SOLVES = 8;

/** 422: what an edit or an acceptance would break, one entry per shift and rule. */
export class ScheduleViolationsError extends UnprocessableEntityError {
  constructor(readonly violations: Array<{ shiftId: string | null; rule: string; message: string }>) {
    super('The schedule breaks rules that cannot be bent', 'SCHEDULE_VIOLATIONS');
  }
  override body(): ErrorBody {
    return { ...super.body(), violations: this.violations };
  }
}

export interface AcceptResult {
  proposal: Proposal;
  rosterIds: string[];
  assignments: ShiftAssignment[];
}

const proposalNotFound = () => new NotFoundError('Proposal not found');
const shiftNotFound = () => new NotFoundError('Proposed shift not found');

/**
 * Schedule proposals: the auto-scheduler solves a week for one or more outlets on its own thread
 * (QUEUED → RUNNING → READY or FAILED); a manager edits the proposed shifts (each edit re-checked
 * against the people, availability and limits as they stand), then accepts or discards it.
 *
 * Who: the managers of the outlets by the one outlet scope (an OUTLET_MANAGER only for proposals
 * all of whose outlets are theirs; another's is 404), owners and admins tenant-wide; a person is
 * scheduled only if the actor may give them work (PeoplePolicy). Spec 03: accepting an AI schedule
 * does not fire shift.assigned, so accepting records no event.
 */
export class ProposalsService {
  private pending = 0;

  constructor(
    private readonly repo: ProposalsRepository,
    private readonly world: SchedulerInputBuilder,
    private readonly solver: Solver,
    private readonly shiftsRepo: ShiftsRepository,
    private readonly rosters: RostersRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
    private readonly logger: Logger,
    private readonly compliance: ComplianceService,
    private readonly notifier: Notifier,
    /** The solve starts once the proposal is committed: a request holding its transaction (Idempotency-Key) commits after this returns. */
    private readonly afterCommit: (task: () => Promise<void>) => Promise<void> = (task) => task(),
  ) {}

  async create(actor: Actor, body: CreateProposalBody): Promise<Proposal> {
    const scope = await this.scopes.of(actor);
    if (body.outletIds.some((id) => !coversOutlet(scope, id))) throw new ForbiddenError('You can schedule only your outlets');
    const outlets = await this.repo.outlets(actor.tenantId, body.outletIds);
    const missing = body.outletIds.find((id) => !outlets.has(id));
    if (missing) throw new NotFoundError('Outlet not found');
    if (body.outletIds.some((id) => outlets.get(id) !== 'ACTIVE')) throw new ConflictError('The outlet is not active');
    await this.world.zone(actor.tenantId, body.outletIds);
    if (this.pending >= MAX_PENDING_SOLVES) throw new ServiceUnavailableError('Too many schedules are being solved; retry shortly');
    const now = this.clock.now();
    const proposal: Proposal = {
      id: uuid(),
      tenantId: actor.tenantId,
      weekStart: body.weekStart,
      outletIds: body.outletIds,
      status: 'QUEUED',
      result: null,
      failure: null,
      createdByUserId: actor.userId,
      decidedByUserId: null,
      decidedAt: null,
      createdAt: now,
      updatedAt: now,
    };
    await this.repo.insert(proposal);
    await this.afterCommit(async () => {
      this.pending++;
      void this.run(actor, proposal).finally(() => this.pending--);
    });
    return proposal;
  }

  /** The solve, off the request: its outcome is the proposal's status. */
  private async run(actor: Actor, proposal: Proposal): Promise<void> {
    try {
      const world = await this.world.build(actor, proposal.weekStart, proposal.outletIds);
      if (!(await this.repo.running(actor.tenantId, proposal.id, this.clock.now()))) return;
      const planned = await this.solver.solve(world.input, SOLVE_BUDGET_MS);
      const shifts = planned.map((s): ProposalShift => toProposalShift(world, s, uuid(), 'SOLVER'));
      await this.repo.ready(actor.tenantId, proposal.id, resultOf(world, shifts), this.clock.now());
    } catch (err) {
      this.logger.error({ err, proposalId: proposal.id }, 'schedule proposal failed');
      // The cause goes to the log; the proposal says only what the manager can do about it.
      await this.repo.failed(actor.tenantId, proposal.id, 'The week could not be solved; generate the proposal again', this.clock.now())
        .catch((e: unknown) => this.logger.error({ err: e, proposalId: proposal.id }, 'schedule proposal could not be marked FAILED'));
    }
  }

  /** The job's sweep: proposals whose solve stopped with its process say so, and can be generated again. */
  sweepAbandoned(): Promise<number> {
    const now = this.clock.now();
    return this.repo.abandon(new Date(now.getTime() - ABANDONED_AFTER_MS), 'The solve stopped when the server restarted; generate the proposal again', now);
  }

  async get(actor: Actor, id: string): Promise<Proposal> {
    const proposal = await this.repo.find(actor.tenantId, id);
    if (!proposal || !(await this.visible(actor, proposal))) throw proposalNotFound();
    return proposal;
  }

  async list(actor: Actor, query: ListProposalsQuery): Promise<ProposalSummary[]> {
    const { limit, offset, status } = query;
    const scope = await this.scopes.of(actor);
    return this.repo.list(actor.tenantId, { ...(status ? { status } : {}), ...(scope.kind === 'outlets' ? { within: scope.outletIds } : {}) }, limit, offset);
  }

  addShift(actor: Actor, id: string, body: AddProposalShiftBody): Promise<Proposal> {
    return this.edit(actor, id, body.userId, (shifts, world) => [
      ...shifts,
      { id: uuid(), userId: body.userId, outletId: body.outletId, role: normalizeRole(body.role), ...windowOf(world, body.scheduledStart, body.scheduledEnd), origin: 'MANAGER', costMinor: 0 },
    ]);
  }

  moveShift(actor: Actor, id: string, shiftId: string, body: MoveProposalShiftBody): Promise<Proposal> {
    return this.edit(actor, id, body.userId, (shifts, world) => {
      const current = shifts.find((s) => s.id === shiftId);
      if (!current) throw shiftNotFound();
      const moved: ProposalShift = {
        ...current,
        userId: body.userId ?? current.userId,
        outletId: body.outletId ?? current.outletId,
        role: body.role === undefined ? current.role : normalizeRole(body.role),
        ...windowOf(world, body.scheduledStart ?? current.scheduledStart, body.scheduledEnd ?? current.scheduledEnd),
        origin: 'MANAGER',
      };
      return shifts.map((s) => (s.id === shiftId ? moved : s));
    });
  }

  removeShift(actor: Actor, id: string, shiftId: string): Promise<Proposal> {
    return this.edit(actor, id, undefined, (shifts) => {
      if (!shifts.some((s) => s.id === shiftId)) throw shiftNotFound();
      return shifts.filter((s) => s.id !== shiftId);
    });
  }

  /**
   * Creates the shift assignments, all or none, SCHEDULED (or PROPOSED drafts awaiting an approver
   * when the tenant requires roster approval), in one roster of source AUTO per outlet. Re-checked
   * first against the people as they stand now. Spec 03: fires nothing; the people are told as of
   * a published roster.
   */
  async accept(actor: Actor, id: string): Promise<AcceptResult> {
    const before = await this.get(actor, id);
    assertReady(before);
    // Another manager may have put someone above this actor in the proposal: the rank rule is the accepter's.
    await this.people.assert(null, actor, before.result!.shifts.map((s) => s.userId), 'work');
    const world = await this.world.build(actor, before.weekStart, before.outletIds);
    assertNoViolations(world, before.result!.shifts);
    const now = this.clock.now();
    return this.transaction(async (tx) => {
      const proposal = await this.repo.lock(tx, actor.tenantId, id);
      if (!proposal) throw proposalNotFound();
      assertReady(proposal);
      if (JSON.stringify(proposal.result) !== JSON.stringify(before.result)) throw new ConflictError('The proposal changed while it was being accepted; reload it');
      const draft = await this.rosters.approvalRequired(tx, actor.tenantId);
      const rosterIds: string[] = [];
      const assignments: ShiftAssignment[] = [];
      for (const outletId of proposal.outletIds) {
        const own = proposal.result!.shifts.filter((s) => s.outletId === outletId);
        if (own.length === 0) continue;
        const roster = newRosterRow(actor, outletId, 'AUTO', draft, own.length, now);
        await this.rosters.insert(tx, roster);
        rosterIds.push(roster.id);
        for (const s of own) {
          const shift: ShiftAssignment = {
            id: uuid(),
            tenantId: actor.tenantId,
            userId: s.userId,
            outletId,
            scheduledStart: new Date(s.scheduledStart),
            scheduledEnd: new Date(s.scheduledEnd),
            status: draft ? 'PROPOSED' : 'SCHEDULED',
            type: 'REGULAR',
            note: `Auto-scheduled: ${s.role}`,
            rosterId: roster.id,
            createdByUserId: actor.userId,
            createdAt: now,
            updatedAt: now,
          };
          await this.shiftsRepo.insert(tx, shift);
          assignments.push(shift);
        }
      }
      // The tenant's working-time rules, as on every path that assigns shifts: WARN breaches are
      // recorded, a BLOCK one refuses the acceptance (422) and nothing is written.
      await this.compliance.assessAssignments(tx, actor, assignments);
      await announceRoster(this.notifier, tx, actor, assignments);
      return { proposal: await this.repo.decide(tx, actor.tenantId, id, 'ACCEPTED', actor.userId, now), rosterIds, assignments };
    });
  }

  async discard(actor: Actor, id: string): Promise<Proposal> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const proposal = await this.repo.lock(tx, actor.tenantId, id);
      if (!proposal || !proposal.outletIds.every((o) => coversOutlet(scope, o))) throw proposalNotFound();
      if (proposal.status === 'ACCEPTED' || proposal.status === 'DISCARDED') throw new ConflictError(`A proposal that is ${proposal.status} cannot be discarded`);
      return this.repo.decide(tx, actor.tenantId, id, 'DISCARDED', actor.userId, this.clock.now());
    });
  }

  /**
   * One edit: the person it gives a shift to must be someone the actor may give work to (403, the
   * rank rule, as for any shift); the new list of shifts is checked whole (a hard rule broken is
   * 422), then stored with its new report.
   */
  private async edit(
    actor: Actor,
    id: string,
    givenTo: string | undefined,
    change: (shifts: ProposalShift[], world: SchedulerWorld) => ProposalShift[],
  ): Promise<Proposal> {
    const before = await this.get(actor, id);
    assertReady(before);
    if (givenTo !== undefined) await this.people.assert(null, actor, givenTo, 'work');
    const world = await this.world.build(actor, before.weekStart, before.outletIds);
    const shifts = change(before.result!.shifts, world);
    for (const s of shifts) {
      if (!before.outletIds.includes(s.outletId)) throw new BadRequestError(['outletId must be one of the proposal’s outlets']);
    }
    assertNoViolations(world, shifts, before.result!.shifts);
    const priced = shifts.map((s) => ({ ...s, costMinor: costOf(world, s) }));
    return this.transaction(async (tx) => {
      const proposal = await this.repo.lock(tx, actor.tenantId, id);
      if (!proposal) throw proposalNotFound();
      assertReady(proposal);
      if (JSON.stringify(proposal.result) !== JSON.stringify(before.result)) throw new ConflictError('The proposal changed meanwhile; reload it and edit again');
      return this.repo.saveResult(tx, actor.tenantId, id, resultOf(world, priced), this.clock.now());
    });
  }

  private async visible(actor: Actor, proposal: Proposal): Promise<boolean> {
    const scope = await this.scopes.of(actor);
    return proposal.outletIds.every((o) => coversOutlet(scope, o));
  }
}

function assertReady(p: Proposal): void {
  if (p.status !== 'READY') throw new ConflictError(`A proposal that is ${p.status} cannot be changed`);
}

/** A window of the week on whole hours, as slots. */
function windowOf(world: SchedulerWorld, start: string, end: string): Pick<ProposalShift, 'scheduledStart' | 'scheduledEnd'> {
  const errors: string[] = [];
  for (const [field, value] of [['scheduledStart', start], ['scheduledEnd', end]] as const) {
    const offset = Date.parse(value) - world.weekStart.getTime();
    if (offset % HOUR_MS !== 0) errors.push(`${field} must be on a whole hour of the week`);
    else if (offset < 0 || offset > WEEK_HOURS * HOUR_MS) errors.push(`${field} must be within the proposal’s week`);
  }
  if (errors.length === 0 && Date.parse(end) <= Date.parse(start)) errors.push('scheduledEnd must be after scheduledStart');
  if (errors.length) throw new BadRequestError(errors);
  return { scheduledStart: new Date(start).toISOString(), scheduledEnd: new Date(end).toISOString() };
}

const slotOf = (world: SchedulerWorld, iso: string) => Math.round((Date.parse(iso) - world.weekStart.getTime()) / HOUR_MS);

function toPlanned(world: SchedulerWorld, s: ProposalShift): PlannedShift {
  return { personId: s.userId, outletId: s.outletId, role: s.role, start: slotOf(world, s.scheduledStart), end: slotOf(world, s.scheduledEnd) };
}

function toProposalShift(world: SchedulerWorld, s: PlannedShift, id: string, origin: ProposalShift['origin']): ProposalShift {
  const shift: ProposalShift = {
    id,
    userId: s.personId,
    outletId: s.outletId,
    role: s.role,
    scheduledStart: slotInstant(world.weekStart, s.start).toISOString(),
    scheduledEnd: slotInstant(world.weekStart, s.end).toISOString(),
    origin,
    costMinor: 0,
  };
  return { ...shift, costMinor: costOf(world, shift) };
}

function costOf(world: SchedulerWorld, s: ProposalShift): number {
  return (world.people.get(s.userId)?.rateMinor ?? 0) * (slotOf(world, s.scheduledEnd) - slotOf(world, s.scheduledStart));
}

function violationsOf(world: SchedulerWorld, shifts: readonly ProposalShift[]) {
  return violations(world.input, shifts.map((s) => toPlanned(world, s))).map((v) => ({ shiftId: shifts[v.shift]?.id ?? null, rule: v.rule, message: v.message }));
}

/**
 * 422 when the shifts break a hard rule; with `before`, only for what the edit broke, so a shift
 * that a later leave made impossible does not stop the manager from fixing the rest (acceptance
 * checks everything).
 */
function assertNoViolations(world: SchedulerWorld, shifts: readonly ProposalShift[], before?: readonly ProposalShift[]): void {
  const key = (v: { shiftId: string | null; rule: string; message: string }) => `${v.shiftId}|${v.rule}|${v.message}`;
  const known = new Set(before ? violationsOf(world, before).map(key) : []);
  const found = violationsOf(world, shifts).filter((v) => !known.has(key(v)));
  if (found.length) throw new ScheduleViolationsError(found);
}

/** The proposal's report: cost, coverage, fairness, hours per person, gaps by outlet, role and hour, and every rule bent with why. */
function resultOf(world: SchedulerWorld, shifts: ProposalShift[]): ProposalResult {
  const sorted = [...shifts].sort((a, b) => a.scheduledStart.localeCompare(b.scheduledStart) || a.userId.localeCompare(b.userId) || a.id.localeCompare(b.id));
  const e = evaluate(world.input, sorted.map((s) => toPlanned(world, s)));
  const costBy = new Map<string, number>();
  for (const s of sorted) costBy.set(s.userId, (costBy.get(s.userId) ?? 0) + s.costMinor);
  return {
    shifts: sorted,
    report: {
      currency: world.currency,
      totalCostMinor: sorted.reduce((sum, s) => sum + s.costMinor, 0),
      coverage: {
        requiredStaffHours: e.requiredStaffHours,
        coveredStaffHours: e.coveredStaffHours,
        percent: e.requiredStaffHours === 0 ? 100 : Math.round((1000 * e.coveredStaffHours) / e.requiredStaffHours) / 10,
      },
      fairness: { shortfallHours: e.fairnessShortfallHours },
      people: [...world.people.values()]
        .map((p) => ({ userId: p.id, name: p.name, hours: e.hoursByPerson.get(p.id) ?? 0, contractedHours: p.contractedHours, rateMinor: p.rateMinor, rateSource: p.rateSource, costMinor: costBy.get(p.id) ?? 0 }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId)),
      gaps: e.gaps.map((g) => {
        const d = world.input.demands[g.demand]!;
        return { outletId: d.outletId, role: d.role, start: slotInstant(world.weekStart, g.slot).toISOString(), end: slotInstant(world.weekStart, g.slot + 1).toISOString(), required: g.required, scheduled: g.scheduled };
      }),
      bentRules: e.bends.map((b) => {
        const s = sorted[b.shift]!;
        return { rule: b.rule, userId: b.personId, shiftId: s.id, limit: b.limit, actual: b.actual, source: b.source, why: s.origin === 'MANAGER' ? 'Set by a manager’s edit' : b.why };
      }),
    },
  };
}
