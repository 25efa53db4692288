/**
 * The auto-scheduler's model and its solvers, pure and synchronous: the API runs them on a worker
 * thread (solver.thread.ts), the benchmark and the tests call them directly.
 *
 * Time is counted in whole hours from the week's start (slot 0 is the first hour of the week in
 * the outlets' timezone, which a proposal's outlets share), so a shift is a contiguous block [start, end) of slots. A "day" is a
 * 24-slot slice from the week's start.
 */

/** How a limit binds: BLOCK is never exceeded; WARN may be, at a penalty, and is reported as bent. */
export type LimitMode = 'BLOCK' | 'WARN';

export interface Limit {
  value: number;
  mode: LimitMode;
  /** Where the value comes from (a rule pack's rule, a contract, a documented default). */
  source: string;
}

/** The limits the solver honours for one person. Shift length is always kept (it shapes the candidate shifts). */
export interface SolverLimits {
  minShiftHours: number;
  maxShiftHours: number;
  minRestHours: Limit;
  maxWeeklyHours: Limit;
  maxConsecutiveDays: Limit;
}

export type Span = readonly [number, number];

export interface SolvePerson {
  id: string;
  outletIds: readonly string[];
  /** Roles (lower case) the person can fill. */
  roles: readonly string[];
  /** Cost of one hour, in minor units. */
  rateMinor: number;
  /** The hours the person's contract promises a week; the fairness term pulls them toward it. */
  contractedHours: number;
  limits: SolverLimits;
  /** Slots the person cannot work (leave, declared unavailability). */
  unavailable: readonly Span[];
  /** Slots the person prefers to work in; empty means no preference. */
  preferred: readonly Span[];
  /** Shifts already booked this week outside the proposal: they block their slots and count toward the limits. */
  booked: readonly Span[];
}

/** Required heads for one outlet and role, per slot of the week. */
export interface Demand {
  outletId: string;
  role: string;
  required: readonly number[];
}

export interface SolveInput {
  hours: number;
  people: readonly SolvePerson[];
  demands: readonly Demand[];
}

export interface PlannedShift {
  personId: string;
  outletId: string;
  role: string;
  start: number;
  end: number;
}

export type BentRule = 'MAX_WEEKLY_HOURS' | 'MIN_REST_HOURS' | 'MAX_CONSECUTIVE_DAYS' | 'PREFERRED_AVAILABILITY';

export interface Bend {
  rule: BentRule;
  personId: string;
  /** Index of the shift (in the schedule's order) that bends it. */
  shift: number;
  limit: number;
  actual: number;
  source: string;
  why: string;
}

/** What makes one schedule better than another; all in minor units, so the terms add up. */
export const WEIGHTS = {
  /** An uncovered staff-hour weighs more than any wage, so coverage comes first. */
  gap: 100_000,
  /** Each hour a person stays below their contracted hours. */
  fairness: 100,
  /** Each hour worked outside a stated preference. */
  preference: 200,
  /** Each WARN limit bent, plus `bendHour` per hour (or day) beyond it. */
  bend: 20_000,
  bendHour: 5_000,
};

export interface Evaluation {
  costMinor: number;
  requiredStaffHours: number;
  coveredStaffHours: number;
  /** Hours below contracted hours, summed over the people: 0 when everyone reaches their contract. */
  fairnessShortfallHours: number;
  objective: number;
  bends: Bend[];
  hoursByPerson: Map<string, number>;
  /** Missing heads per demand index and slot, only where some are missing. */
  gaps: Array<{ demand: number; slot: number; required: number; scheduled: number }>;
}

const DAY = 24;
const overlaps = (a: Span, b: Span) => a[0] < b[1] && b[0] < a[1];
const spanHours = (spans: readonly Span[]) => spans.reduce((sum, s) => sum + s[1] - s[0], 0);

/** Hours of [start, end) outside every preferred span; 0 when the person states no preference. */
function outsidePreferred(p: SolvePerson, start: number, end: number): number {
  if (p.preferred.length === 0) return 0;
  let inside = 0;
  for (const [a, b] of p.preferred) inside += Math.max(0, Math.min(b, end) - Math.max(a, start));
  return end - start - inside;
}

/** Longest run of consecutive days (24-slot slices) with work, counting a shift on the day it starts. */
function longestRun(days: ReadonlySet<number>): number {
  let best = 0;
  for (const d of days) {
    if (days.has(d - 1)) continue;
    let n = 0;
    while (days.has(d + n)) n++;
    best = Math.max(best, n);
  }
  return best;
}

/** One person's work in a schedule under construction. */
class PersonState {
  readonly shifts: Span[] = [];
  readonly days = new Set<number>();
  hours: number;
  readonly bookedDays: Set<number>;

  constructor(readonly p: SolvePerson) {
    this.hours = spanHours(p.booked);
    this.bookedDays = new Set(p.booked.map((b) => Math.floor(b[0] / DAY)));
    for (const d of this.bookedDays) this.days.add(d);
  }

  /** Whether [start, end) can be added (ignoring `except`, a shift being moved), and the WARN limits it would bend. */
  check(start: number, end: number, except?: Span): { ok: boolean; bends: Array<{ rule: BentRule; limit: Limit; actual: number }> } {
    const { p } = this;
    const bends: Array<{ rule: BentRule; limit: Limit; actual: number }> = [];
    const len = end - start;
    if (len < p.limits.minShiftHours || len > p.limits.maxShiftHours) return { ok: false, bends };
    const span: Span = [start, end];
    for (const u of p.unavailable) if (overlaps(u, span)) return { ok: false, bends };
    const others = this.others(except);
    const rest = p.limits.minRestHours;
    let shortestRest = Infinity;
    for (const o of others) {
      if (overlaps(o, span)) return { ok: false, bends };
      shortestRest = Math.min(shortestRest, o[0] >= end ? o[0] - end : start - o[1]);
    }
    const day = Math.floor(start / DAY);
    for (const s of this.shifts) if (s !== except && Math.floor(s[0] / DAY) === day) return { ok: false, bends };
    if (shortestRest < rest.value) {
      if (rest.mode === 'BLOCK') return { ok: false, bends };
      bends.push({ rule: 'MIN_REST_HOURS', limit: rest, actual: shortestRest });
    }
    const hours = this.hours - (except ? except[1] - except[0] : 0) + len;
    const weekly = p.limits.maxWeeklyHours;
    if (hours > weekly.value) {
      if (weekly.mode === 'BLOCK') return { ok: false, bends };
      bends.push({ rule: 'MAX_WEEKLY_HOURS', limit: weekly, actual: hours });
    }
    const consecutive = p.limits.maxConsecutiveDays;
    if (!this.days.has(day) || except) {
      const days = new Set(this.days);
      if (except && !this.bookedDays.has(Math.floor(except[0] / DAY))) days.delete(Math.floor(except[0] / DAY));
      days.add(day);
      const run = longestRun(days);
      if (run > consecutive.value) {
        if (consecutive.mode === 'BLOCK') return { ok: false, bends };
        bends.push({ rule: 'MAX_CONSECUTIVE_DAYS', limit: consecutive, actual: run });
      }
    }
    return { ok: true, bends };
  }

  private others(except?: Span): Span[] {
    return [...this.p.booked, ...this.shifts.filter((s) => s !== except)];
  }

  add(span: Span): void {
    this.shifts.push(span);
    this.hours += span[1] - span[0];
    this.days.add(Math.floor(span[0] / DAY));
  }

  remove(span: Span): void {
    this.shifts.splice(this.shifts.indexOf(span), 1);
    this.hours -= span[1] - span[0];
    const day = Math.floor(span[0] / DAY);
    if (!this.bookedDays.has(day) && !this.shifts.some((s) => Math.floor(s[0] / DAY) === day)) this.days.delete(day);
  }

  /** The change in cost, fairness and preference terms of working `delta` more hours, `outside` of them outside preferences. */
  marginal(delta: number, outside: number): number {
    const { p } = this;
    const shortBefore = Math.max(0, p.contractedHours - this.hours);
    const shortAfter = Math.max(0, p.contractedHours - this.hours - delta);
    return p.rateMinor * delta + WEIGHTS.fairness * (shortAfter - shortBefore) + WEIGHTS.preference * outside;
  }
}

function bendPenalty(bends: ReadonlyArray<{ rule: BentRule; limit: Limit; actual: number }>): number {
  return bends.reduce((sum, b) => sum + WEIGHTS.bend + WEIGHTS.bendHour * Math.max(0, b.rule === 'MIN_REST_HOURS' ? b.limit.value - b.actual : b.actual - b.limit.value), 0);
}

interface Placed {
  person: number;
  demand: number;
  span: Span;
}

/** The state both solvers build: coverage per demand and slot, and each person's shifts. */
class Board {
  readonly coverage: number[][];
  readonly states: PersonState[];
  readonly placed: Placed[] = [];
  /** For each demand, the people who may fill it (outlet and role). */
  readonly eligible: number[][];

  constructor(readonly input: SolveInput) {
    this.coverage = input.demands.map(() => new Array<number>(input.hours).fill(0));
    this.states = input.people.map((p) => new PersonState(p));
    this.eligible = input.demands.map((d) =>
      input.people.flatMap((p, i) => (p.outletIds.includes(d.outletId) && p.roles.includes(d.role) ? [i] : [])),
    );
  }

  /** Staff-hours of still-missing demand a block would cover. */
  gain(demand: number, start: number, end: number): number {
    const req = this.input.demands[demand]!.required;
    const cov = this.coverage[demand]!;
    let g = 0;
    for (let h = start; h < end; h++) if (cov[h]! < req[h]!) g++;
    return g;
  }

  place(x: Placed): void {
    this.placed.push(x);
    this.states[x.person]!.add(x.span);
    for (let h = x.span[0]; h < x.span[1]; h++) this.coverage[x.demand]![h]!++;
  }

  unplace(x: Placed): void {
    this.placed.splice(this.placed.indexOf(x), 1);
    this.states[x.person]!.remove(x.span);
    for (let h = x.span[0]; h < x.span[1]; h++) this.coverage[x.demand]![h]!--;
  }

  /** The best block for `person` covering slot `h` of `demand`, by value (gap covered minus its costs), if any is worth placing. */
  bestBlock(demand: number, person: number, h: number, lengths: (p: SolvePerson) => number[]): { span: Span; value: number } | null {
    const st = this.states[person]!;
    const p = st.p;
    let best: { span: Span; value: number } | null = null;
    for (const len of lengths(p)) {
      for (let start = Math.max(0, h - len + 1); start <= h && start + len <= this.input.hours; start++) {
        const end = start + len;
        const gain = this.gain(demand, start, end);
        if (gain === 0) continue;
        const verdict = st.check(start, end);
        if (!verdict.ok) continue;
        const value = WEIGHTS.gap * gain - st.marginal(len, outsidePreferred(p, start, end)) - bendPenalty(verdict.bends);
        if (value > 0 && (!best || value > best.value)) best = { span: [start, end], value };
      }
    }
    return best;
  }

  schedule(): PlannedShift[] {
    return this.placed
      .map((x) => ({ personId: this.input.people[x.person]!.id, outletId: this.input.demands[x.demand]!.outletId, role: this.input.demands[x.demand]!.role, start: x.span[0], end: x.span[1] }))
      .sort((a, b) => a.start - b.start || a.personId.localeCompare(b.personId) || a.outletId.localeCompare(b.outletId));
  }
}

/** The first slot, in week order, whose demand is not met and has not been given up on. */
function nextGap(board: Board, demand: number, from: number, given: Set<number>): number {
  const req = board.input.demands[demand]!.required;
  const cov = board.coverage[demand]!;
  for (let h = from; h < board.input.hours; h++) if (cov[h]! < req[h]! && !given.has(h)) return h;
  return -1;
}

/**
 * The greedy baseline: slot by slot, each missing head goes to the cheapest eligible person who can
 * take a block of the longest length allowed that starts at that slot, bending no limit. No
 * look-ahead, no repair.
 */
export function solveGreedy(input: SolveInput): PlannedShift[] {
  const board = new Board(input);
  input.demands.forEach((_, d) => {
    const given = new Set<number>();
    for (let h = nextGap(board, d, 0, given); h >= 0; h = nextGap(board, d, h, given)) {
      let pick: { person: number; span: Span } | null = null;
      for (const i of board.eligible[d]!) {
        const st = board.states[i]!;
        const len = Math.min(st.p.limits.maxShiftHours, input.hours - h);
        const verdict = st.check(h, h + len);
        if (!verdict.ok || verdict.bends.length > 0) continue;
        if (!pick || st.p.rateMinor < board.states[pick.person]!.p.rateMinor) pick = { person: i, span: [h, h + len] };
      }
      if (pick) board.place({ person: pick.person, demand: d, span: pick.span });
      else given.add(h);
    }
  });
  return board.schedule();
}

export interface SolveOptions {
  /** Stop improving after this many milliseconds (the construction always completes). */
  budgetMs: number;
  now: () => number;
}

/**
 * The auto-scheduler: a greedy construction that, at each missing head, picks the person and the
 * block (start and length) of the highest value — staff-hours of gap covered against wage,
 * fairness, preference and bent limits — followed by local search that trims surplus hours from
 * shift ends, drops shifts that cover nothing, hands shifts to people for whom they are worth more,
 * and extends shifts into gaps, until nothing improves or the budget is spent.
 */
export function solve(input: SolveInput, opts: SolveOptions): PlannedShift[] {
  const deadline = opts.now() + opts.budgetMs;
  const board = new Board(input);
  const lengths = (p: SolvePerson) => {
    const out: number[] = [];
    for (let l = p.limits.maxShiftHours; l >= p.limits.minShiftHours; l--) out.push(l);
    return out;
  };
  // The scarcest demand first: its few candidates should not be spent elsewhere.
  const order = input.demands.map((_, d) => d).sort((a, b) => board.eligible[a]!.length - board.eligible[b]!.length || a - b);
  for (const d of order) {
    const given = new Set<number>();
    for (let h = nextGap(board, d, 0, given); h >= 0; h = nextGap(board, d, h, given)) {
      let pick: { person: number; span: Span; value: number } | null = null;
      for (const i of board.eligible[d]!) {
        const block = board.bestBlock(d, i, h, lengths);
        if (block && (!pick || block.value > pick.value)) pick = { person: i, ...block };
      }
      if (pick) board.place({ person: pick.person, demand: d, span: pick.span });
      else given.add(h);
    }
  }
  improve(board, deadline, opts.now);
  return board.schedule();
}

function improve(board: Board, deadline: number, now: () => number): void {
  for (let round = 0; round < 50 && now() < deadline; round++) {
    let changed = false;
    for (const x of [...board.placed]) {
      if (now() >= deadline) return;
      changed = trim(board, x) || changed;
    }
    for (const x of [...board.placed]) {
      if (now() >= deadline) return;
      changed = handOver(board, x) || changed;
    }
    changed = extendIntoGaps(board) || changed;
    if (!changed) return;
  }
}

/** Value of a placed shift to the schedule as it stands: the gap it covers against its costs. */
function valueOf(board: Board, x: Placed, person = x.person, span: Span = x.span): number | null {
  const st = board.states[person]!;
  const verdict = st.check(span[0], span[1], person === x.person ? x.span : undefined);
  if (!verdict.ok) return null;
  let covered = 0;
  for (let h = span[0]; h < span[1]; h++) {
    const own = h >= x.span[0] && h < x.span[1] ? 1 : 0;
    if (board.coverage[x.demand]![h]! - own < board.input.demands[x.demand]!.required[h]!) covered++;
  }
  const hoursWithout = person === x.person ? x.span[1] - x.span[0] : 0;
  st.hours -= hoursWithout;
  const cost = st.marginal(span[1] - span[0], outsidePreferred(st.p, span[0], span[1]));
  st.hours += hoursWithout;
  return WEIGHTS.gap * covered - cost - bendPenalty(verdict.bends);
}

/** Shortens a shift from either end, or drops it, while that raises the schedule's value. */
function trim(board: Board, x: Placed): boolean {
  const current = valueOf(board, x);
  if (current !== null && current <= 0) {
    board.unplace(x);
    return true;
  }
  const candidates: Span[] = [
    [x.span[0] + 1, x.span[1]],
    [x.span[0], x.span[1] - 1],
  ];
  for (const span of candidates) {
    const v = valueOf(board, x, x.person, span);
    if (v !== null && current !== null && v > current) {
      board.unplace(x);
      board.place({ ...x, span });
      return true;
    }
  }
  return false;
}

/** Gives a shift to another eligible person for whom it is worth more (cheaper, fairer, or bending nothing). */
function handOver(board: Board, x: Placed): boolean {
  const current = valueOf(board, x);
  if (current === null) return false;
  let best: { person: number; value: number } | null = null;
  for (const i of board.eligible[x.demand]!) {
    if (i === x.person) continue;
    const v = valueOf(board, x, i);
    if (v !== null && v > current && (!best || v > best.value)) best = { person: i, value: v };
  }
  if (!best) return false;
  board.unplace(x);
  board.place({ ...x, person: best.person });
  return true;
}

/** Extends a shift by one slot into a neighbouring gap of its demand when that is worth its cost. */
function extendIntoGaps(board: Board): boolean {
  let changed = false;
  for (const x of [...board.placed]) {
    for (const span of [[x.span[0] - 1, x.span[1]], [x.span[0], x.span[1] + 1]] as Span[]) {
      if (span[0] < 0 || span[1] > board.input.hours) continue;
      const slot = span[0] < x.span[0] ? span[0] : span[1] - 1;
      if (board.coverage[x.demand]![slot]! >= board.input.demands[x.demand]!.required[slot]!) continue;
      const before = valueOf(board, x);
      const after = valueOf(board, x, x.person, span);
      if (before !== null && after !== null && after > before) {
        board.unplace(x);
        board.place({ ...x, span });
        changed = true;
        break;
      }
    }
  }
  return changed;
}

/**
 * Scores any schedule (the solver's, the baseline's, a manager's edit) on the same terms: cost,
 * coverage, fairness, the WARN limits it bends and the hours of each person. Hard rules (availability,
 * eligibility, overlaps, BLOCK limits) are checked by `violations`.
 */
export function evaluate(input: SolveInput, shifts: readonly PlannedShift[]): Evaluation {
  const people = new Map(input.people.map((p) => [p.id, p]));
  const coverage = input.demands.map(() => new Array<number>(input.hours).fill(0));
  const demandIndex = new Map(input.demands.map((d, i) => [`${d.outletId}|${d.role}`, i]));
  const hoursByPerson = new Map(input.people.map((p) => [p.id, 0]));
  let costMinor = 0;
  let preferenceHours = 0;
  shifts.forEach((s) => {
    const p = people.get(s.personId);
    const d = demandIndex.get(`${s.outletId}|${s.role}`);
    if (d !== undefined) for (let h = Math.max(0, s.start); h < Math.min(input.hours, s.end); h++) coverage[d]![h]!++;
    if (!p) return;
    hoursByPerson.set(p.id, (hoursByPerson.get(p.id) ?? 0) + s.end - s.start);
    costMinor += p.rateMinor * (s.end - s.start);
    preferenceHours += outsidePreferred(p, s.start, s.end);
  });
  let required = 0;
  let covered = 0;
  const gaps: Evaluation['gaps'] = [];
  input.demands.forEach((d, i) =>
    d.required.forEach((r, h) => {
      required += r;
      const c = coverage[i]![h]!;
      covered += Math.min(r, c);
      if (c < r) gaps.push({ demand: i, slot: h, required: r, scheduled: c });
    }),
  );
  const bends = bentRules(input, shifts);
  let fairness = 0;
  for (const p of input.people) fairness += Math.max(0, p.contractedHours - spanHours(p.booked) - (hoursByPerson.get(p.id) ?? 0));
  const objective =
    WEIGHTS.gap * (required - covered) +
    costMinor +
    WEIGHTS.fairness * fairness +
    WEIGHTS.preference * preferenceHours +
    bendPenalty(bends.filter((b) => b.rule !== 'PREFERRED_AVAILABILITY').map((b) => ({ rule: b.rule, limit: { value: b.limit, mode: 'WARN', source: b.source }, actual: b.actual })));
  return { costMinor, requiredStaffHours: required, coveredStaffHours: covered, fairnessShortfallHours: fairness, objective, bends, hoursByPerson, gaps };
}

/** The WARN limits and preferences a schedule bends, each on the shift that bends it, with the reason. */
function bentRules(input: SolveInput, shifts: readonly PlannedShift[]): Bend[] {
  const bends: Bend[] = [];
  const byPerson = new Map<string, number[]>();
  shifts.forEach((s, i) => byPerson.set(s.personId, [...(byPerson.get(s.personId) ?? []), i]));
  const why = 'No one else eligible and available could cover this demand within the limits; bending a warning is cheaper than leaving the gap';
  for (const p of input.people) {
    const own = (byPerson.get(p.id) ?? []).sort((a, b) => shifts[a]!.start - shifts[b]!.start);
    let hours = spanHours(p.booked);
    const days = new Set(p.booked.map((b) => Math.floor(b[0] / DAY)));
    const spans: Span[] = [...p.booked];
    for (const i of own) {
      const s = shifts[i]!;
      hours += s.end - s.start;
      days.add(Math.floor(s.start / DAY));
      const { maxWeeklyHours: weekly, maxConsecutiveDays: consecutive, minRestHours: rest } = p.limits;
      if (hours > weekly.value && hours - (s.end - s.start) <= weekly.value) {
        bends.push({ rule: 'MAX_WEEKLY_HOURS', personId: p.id, shift: i, limit: weekly.value, actual: hours, source: weekly.source, why });
      }
      const run = longestRun(days);
      if (run > consecutive.value && !bends.some((b) => b.personId === p.id && b.rule === 'MAX_CONSECUTIVE_DAYS')) {
        bends.push({ rule: 'MAX_CONSECUTIVE_DAYS', personId: p.id, shift: i, limit: consecutive.value, actual: run, source: consecutive.source, why });
      }
      const gapBefore = Math.min(...spans.filter((o) => o[1] <= s.start).map((o) => s.start - o[1]), ...spans.filter((o) => o[0] >= s.end).map((o) => o[0] - s.end));
      if (gapBefore < rest.value) bends.push({ rule: 'MIN_REST_HOURS', personId: p.id, shift: i, limit: rest.value, actual: gapBefore, source: rest.source, why });
      const outside = outsidePreferred(p, s.start, s.end);
      if (outside > 0) {
        bends.push({
          rule: 'PREFERRED_AVAILABILITY',
          personId: p.id,
          shift: i,
          limit: 0,
          actual: outside,
          source: 'availability',
          why: 'Hours outside the times the person prefers, to cover demand no preferring colleague could',
        });
      }
      spans.push([s.start, s.end]);
    }
  }
  return bends;
}

export type Violation = { shift: number; rule: string; message: string };

/**
 * What no schedule may do, checked on a manager's edit: a person at an outlet or in a role they
 * are not eligible for, in time they are unavailable or already booked, two overlapping shifts,
 * a shift shorter or longer than allowed, or a BLOCK limit exceeded.
 */
export function violations(input: SolveInput, shifts: readonly PlannedShift[]): Violation[] {
  const people = new Map(input.people.map((p) => [p.id, p]));
  const byPerson = new Map<string, number[]>();
  shifts.forEach((s, i) => byPerson.set(s.personId, [...(byPerson.get(s.personId) ?? []), i]));
  const out: Violation[] = [];
  shifts.forEach((s, i) => {
    const p = people.get(s.personId);
    if (!p) return out.push({ shift: i, rule: 'ELIGIBILITY', message: 'The person is not one of the people this proposal schedules' });
    const span: Span = [s.start, s.end];
    const len = s.end - s.start;
    if (!p.outletIds.includes(s.outletId)) out.push({ shift: i, rule: 'ELIGIBILITY', message: 'The person is not assigned to this outlet' });
    if (!p.roles.includes(s.role)) out.push({ shift: i, rule: 'ELIGIBILITY', message: `The person cannot work as ${s.role}` });
    if (len < p.limits.minShiftHours || len > p.limits.maxShiftHours) {
      out.push({ shift: i, rule: 'SHIFT_LENGTH', message: `A shift lasts ${p.limits.minShiftHours} to ${p.limits.maxShiftHours} hours; this one lasts ${len}` });
    }
    if (p.unavailable.some((u) => overlaps(u, span))) out.push({ shift: i, rule: 'AVAILABILITY', message: 'The person is unavailable then' });
    if (p.booked.some((b) => overlaps(b, span))) out.push({ shift: i, rule: 'OVERLAP', message: 'The person already has a shift then' });
    for (const j of byPerson.get(s.personId)!) {
      const o = shifts[j]!;
      if (j < i && overlaps([o.start, o.end], span)) out.push({ shift: i, rule: 'OVERLAP', message: 'Overlaps another proposed shift of the same person' });
    }
  });
  const bends = bentRules(input, shifts);
  for (const b of bends) {
    const p = people.get(b.personId)!;
    const mode = b.rule === 'MAX_WEEKLY_HOURS' ? p.limits.maxWeeklyHours.mode : b.rule === 'MIN_REST_HOURS' ? p.limits.minRestHours.mode : b.rule === 'MAX_CONSECUTIVE_DAYS' ? p.limits.maxConsecutiveDays.mode : 'WARN';
    if (mode === 'BLOCK') out.push({ shift: b.shift, rule: b.rule, message: `${b.rule} is ${b.limit} (${b.source}); the schedule gives ${b.actual}` });
  }
  return out;
}
