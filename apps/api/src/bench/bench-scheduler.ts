import { performance } from 'node:perf_hooks';
import { solveExact } from './scheduler-exact.js';
import { evaluate, solve, solveGreedy, type SolveInput } from '../modules/scheduling/auto-scheduler/solver.js';
import { generateInstance } from './scheduler-instances.js';

/**
 * `npm run bench:scheduler`: the auto-scheduler on a week of 300 people at 5 outlets, against the
 * greedy baseline, then its gap to the optimum (HiGHS MIP) on small instances. Bounded: the solver
 * has a fixed improvement budget, each exact solve a time limit, and the small cases are few.
 */
const BUDGET_MS = Number(process.env.BENCH_SCHEDULER_BUDGET_MS ?? 6000);
const SMALL_CASES = Number(process.env.BENCH_SCHEDULER_SMALL_CASES ?? 5);

const pct = (a: number, b: number) => (b === 0 ? 100 : (100 * a) / b).toFixed(1);
const pounds = (minor: number) => `£${(minor / 100).toFixed(2)}`;

function report(name: string, input: SolveInput, shifts: ReturnType<typeof solve>, ms: number): ReturnType<typeof evaluate> {
  const e = evaluate(input, shifts);
  console.log(
    `${name.padEnd(14)} ${String(shifts.length).padStart(5)} shifts  coverage ${pct(e.coveredStaffHours, e.requiredStaffHours)}% of ${e.requiredStaffHours} staff-hours` +
      `  cost ${pounds(e.costMinor)}  below-contract ${e.fairnessShortfallHours} h  bent ${e.bends.filter((b) => b.rule !== 'PREFERRED_AVAILABILITY').length}  ${ms.toFixed(0)} ms`,
  );
  return e;
}

async function main(): Promise<void> {
  const week = generateInstance({ people: 300, outlets: 5, days: 7, seed: 31 });
  console.log(`Week: ${week.people.length} people, ${new Set(week.demands.map((d) => d.outletId)).size} outlets, ${week.demands.length} outlet-roles, ${week.hours} hours`);
  let t = performance.now();
  const greedy = solveGreedy(week);
  const greedyMs = performance.now() - t;
  t = performance.now();
  const ours = solve(week, { budgetMs: BUDGET_MS, now: () => performance.now() });
  const oursMs = performance.now() - t;
  const g = report('greedy', week, greedy, greedyMs);
  const o = report('auto-scheduler', week, ours, oursMs);
  console.log(`auto-scheduler vs greedy: coverage ${(100 * (o.coveredStaffHours - g.coveredStaffHours) / g.requiredStaffHours).toFixed(1)} points, cost ${pct(o.costMinor, g.costMinor)}% of greedy's, cost per covered staff-hour ${pounds(o.costMinor / o.coveredStaffHours)} vs ${pounds(g.costMinor / g.coveredStaffHours)}`);

  console.log(`\nSmall cases (6 people, 1 outlet, 2 roles, 2 days, every limit BLOCK): objective of the heuristic against the HiGHS optimum`);
  const gaps: number[] = [];
  for (let seed = 1; seed <= SMALL_CASES; seed++) {
    const small = generateInstance({ people: 6, outlets: 1, days: 2, seed, allBlock: true, roles: 2, peakScale: 0.4 });
    t = performance.now();
    const exact = await solveExact(small, 20);
    const exactMs = performance.now() - t;
    const heuristic = evaluate(small, solve(small, { budgetMs: 500, now: () => performance.now() })).objective;
    const optimum = evaluate(small, exact.shifts).objective;
    const gap = (100 * (heuristic - optimum)) / optimum;
    gaps.push(gap);
    console.log(`  seed ${seed}: heuristic ${heuristic}  optimum ${optimum}${exact.optimal ? '' : ' (time limit: best found)'}  gap ${gap.toFixed(2)}%  (MIP ${exactMs.toFixed(0)} ms)`);
  }
  console.log(`  mean gap ${(gaps.reduce((a, b) => a + b, 0) / gaps.length).toFixed(2)}%, worst ${Math.max(...gaps).toFixed(2)}%`);
}

await main();
