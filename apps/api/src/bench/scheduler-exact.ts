import highsModule from 'highs';
import { WEIGHTS, type PlannedShift, type SolveInput, type Span } from '../modules/scheduling/auto-scheduler/solver.js';

/** The package is CommonJS-typed but loaded as ESM, whose default export is the loader itself. */
const highsLoader = highsModule as unknown as typeof highsModule.default;

/**
 * The same problem as `solve`, as a mixed-integer program solved to optimality by HiGHS, for small
 * instances only: it measures the heuristic's gap to the optimum (the benchmark and a test). Every
 * limit is held as BLOCK here, so compare it on instances whose limits are all BLOCK.
 *
 * One binary per candidate shift (person, demand, start, length) that fits the person's eligibility,
 * availability and bookings and covers some demand. Two shifts of a person are compatible exactly
 * when their intervals extended by the minimum rest, [start, end + rest), are disjoint, so one
 * "at most one" row per person and slot states overlap and rest at once.
 */
export async function solveExact(input: SolveInput, timeLimitSeconds = 30): Promise<{ shifts: PlannedShift[]; objective: number; optimal: boolean }> {
  const candidates: Array<{ person: number; demand: number; span: Span }> = [];
  input.people.forEach((p, pi) => {
    const blocked = [...p.unavailable, ...p.booked.map((b) => [b[0] - p.limits.minRestHours.value, b[1] + p.limits.minRestHours.value] as Span)];
    input.demands.forEach((d, di) => {
      if (!p.outletIds.includes(d.outletId) || !p.roles.includes(d.role)) return;
      for (let len = p.limits.minShiftHours; len <= p.limits.maxShiftHours; len++) {
        for (let start = 0; start + len <= input.hours; start++) {
          const end = start + len;
          if (blocked.some((b) => b[0] < end && start < b[1])) continue;
          if (!d.required.slice(start, end).some((r) => r > 0)) continue;
          candidates.push({ person: pi, demand: di, span: [start, end] });
        }
      }
    });
  });
  const objective: string[] = [];
  const rows: string[] = [];
  const outside = (pi: number, s: Span) => {
    const pref = input.people[pi]!.preferred;
    if (pref.length === 0) return 0;
    let inside = 0;
    for (const [a, b] of pref) inside += Math.max(0, Math.min(b, s[1]) - Math.max(a, s[0]));
    return s[1] - s[0] - inside;
  };
  candidates.forEach((c, i) => {
    const p = input.people[c.person]!;
    const len = c.span[1] - c.span[0];
    objective.push(`${p.rateMinor * len + WEIGHTS.preference * outside(c.person, c.span)} x${i}`);
  });
  input.demands.forEach((d, di) =>
    d.required.forEach((req, h) => {
      if (req <= 0) return;
      const terms = candidates.flatMap((c, i) => (c.demand === di && c.span[0] <= h && h < c.span[1] ? [`x${i}`] : []));
      objective.push(`${WEIGHTS.gap} u${di}_${h}`);
      rows.push(`${[...terms, `u${di}_${h}`].join(' + ')} >= ${req}`);
    }),
  );
  input.people.forEach((p, pi) => {
    const own = candidates.flatMap((c, i) => (c.person === pi ? [{ c, i }] : []));
    if (own.length === 0) return;
    const rest = p.limits.minRestHours.value;
    for (let t = 0; t < input.hours + rest; t++) {
      const terms = own.filter(({ c }) => c.span[0] <= t && t < c.span[1] + rest).map(({ i }) => `x${i}`);
      if (terms.length > 1) rows.push(`${terms.join(' + ')} <= 1`);
    }
    const days = Math.ceil(input.hours / 24);
    const startsOn = (day: number) => own.filter(({ c }) => Math.floor(c.span[0] / 24) === day).map(({ i }) => `x${i}`);
    for (let day = 0; day < days; day++) {
      const terms = startsOn(day);
      if (terms.length > 1) rows.push(`${terms.join(' + ')} <= 1`);
    }
    const bookedDays = new Set(p.booked.map((b) => Math.floor(b[0] / 24)));
    const window = p.limits.maxConsecutiveDays.value + 1;
    for (let first = 0; first + window <= days; first++) {
      const terms: string[] = [];
      let fixed = 0;
      for (let day = first; day < first + window; day++) {
        if (bookedDays.has(day)) fixed++;
        else terms.push(...startsOn(day));
      }
      if (terms.length > 0) rows.push(`${terms.join(' + ')} <= ${Math.max(0, p.limits.maxConsecutiveDays.value - fixed)}`);
    }
    const bookedHours = p.booked.reduce((sum, b) => sum + b[1] - b[0], 0);
    const hours = own.map(({ c, i }) => `${c.span[1] - c.span[0]} x${i}`);
    rows.push(`${hours.join(' + ')} <= ${p.limits.maxWeeklyHours.value - bookedHours}`);
    const target = p.contractedHours - bookedHours;
    if (target > 0) {
      objective.push(`${WEIGHTS.fairness} f${pi}`);
      rows.push(`${[...hours, `f${pi}`].join(' + ')} >= ${target}`);
    }
  });
  const wrap = (terms: string) => terms.replace(/((?:\S+ ){60})/g, '$1\n ');
  const lp = [
    'Minimize',
    ` obj: ${wrap(objective.join(' + '))}`,
    'Subject To',
    ...rows.map((r, i) => ` c${i}: ${wrap(r)}`),
    'Binary',
    ...candidates.map((_, i) => ` x${i}`),
    'End',
  ].join('\n');
  const highs = await highsLoader();
  const result = highs.solve(lp, { time_limit: timeLimitSeconds, output_flag: false, mip_rel_gap: 0 });
  if (result.Status !== 'Optimal' && result.Status !== 'Time limit reached') throw new Error(`HiGHS: ${result.Status}`);
  const columns = result.Columns as Record<string, { Primal?: number }>;
  const shifts = candidates
    .filter((_, i) => (columns[`x${i}`]?.Primal ?? 0) > 0.5)
    .map((c) => ({ personId: input.people[c.person]!.id, outletId: input.demands[c.demand]!.outletId, role: input.demands[c.demand]!.role, start: c.span[0], end: c.span[1] }));
  return { shifts, objective: result.ObjectiveValue, optimal: result.Status === 'Optimal' };
}
