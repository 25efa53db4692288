import { expect } from 'chai';
import { generateInstance } from '../../../bench/scheduler-instances.js';
import { solveExact } from '../../../bench/scheduler-exact.js';
import { evaluate, solve, solveGreedy, violations, type SolveInput, type SolvePerson } from './solver.js';
import { SolverThread } from './solver.thread.js';

const clock = () => {
  let t = 0;
  return () => (t += 1);
};
const limits = (over: Partial<SolvePerson['limits']> = {}): SolvePerson['limits'] => ({
  minShiftHours: 4,
  maxShiftHours: 8,
  minRestHours: { value: 11, mode: 'BLOCK', source: 'test' },
  maxWeeklyHours: { value: 40, mode: 'BLOCK', source: 'test' },
  maxConsecutiveDays: { value: 6, mode: 'BLOCK', source: 'test' },
  ...over,
});
const person = (id: string, over: Partial<SolvePerson> = {}): SolvePerson => ({
  id,
  outletIds: ['o1'],
  roles: ['barista'],
  rateMinor: 1000,
  contractedHours: 0,
  limits: limits(),
  unavailable: [],
  preferred: [],
  booked: [],
  ...over,
});
/** Two days; the barista demand is one head 08:00–16:00 each day. */
const demand = (days = 2) => ({ outletId: 'o1', role: 'barista', required: Array.from({ length: days * 24 }, (_, h) => (h % 24 >= 8 && h % 24 < 16 ? 1 : 0)) });

describe('auto-scheduler solver', () => {
  it('covers the demand with contiguous blocks, the cheapest eligible and available person first', () => {
    const input: SolveInput = {
      hours: 48,
      demands: [demand()],
      people: [
        person('cheap', { rateMinor: 900, unavailable: [[24, 48]] }),
        person('dear', { rateMinor: 1500 }),
        person('cook', { rateMinor: 500, roles: ['cook'] }),
        person('elsewhere', { rateMinor: 500, outletIds: ['o2'] }),
      ],
    };
    const shifts = solve(input, { budgetMs: 1000, now: clock() });
    expect(shifts).to.deep.equal([
      { personId: 'cheap', outletId: 'o1', role: 'barista', start: 8, end: 16 },
      { personId: 'dear', outletId: 'o1', role: 'barista', start: 32, end: 40 },
    ]);
    expect(violations(input, shifts)).to.deep.equal([]);
    expect(evaluate(input, shifts)).to.deep.include({ costMinor: 8 * 900 + 8 * 1500, requiredStaffHours: 16, coveredStaffHours: 16, gaps: [] });
  });

  it('never exceeds a BLOCK limit, and leaves the gap instead; with WARN it bends the limit and reports it', () => {
    const tight = (mode: 'BLOCK' | 'WARN'): SolveInput => ({ hours: 48, demands: [demand()], people: [person('only', { limits: limits({ maxWeeklyHours: { value: 12, mode, source: 'pack' } }) })] });
    const blocked = evaluate(tight('BLOCK'), solve(tight('BLOCK'), { budgetMs: 1000, now: clock() }));
    expect(blocked.coveredStaffHours).to.equal(12);
    expect(blocked.bends).to.deep.equal([]);
    const bent = evaluate(tight('WARN'), solve(tight('WARN'), { budgetMs: 1000, now: clock() }));
    expect(bent.coveredStaffHours).to.equal(16);
    expect(bent.bends.map((b) => [b.rule, b.limit, b.actual, b.source])).to.deep.equal([['MAX_WEEKLY_HOURS', 12, 16, 'pack']]);
  });

  it('finds what a manager’s schedule breaks: eligibility, availability, overlap, length and BLOCK limits', () => {
    const input: SolveInput = { hours: 48, demands: [demand()], people: [person('p', { unavailable: [[30, 34]], limits: limits({ minRestHours: { value: 11, mode: 'BLOCK', source: 'pack' } }) })] };
    const found = violations(input, [
      { personId: 'p', outletId: 'o2', role: 'cook', start: 8, end: 10 },
      { personId: 'p', outletId: 'o1', role: 'barista', start: 9, end: 13 },
      { personId: 'p', outletId: 'o1', role: 'barista', start: 20, end: 24 },
      { personId: 'p', outletId: 'o1', role: 'barista', start: 30, end: 34 },
      { personId: 'ghost', outletId: 'o1', role: 'barista', start: 40, end: 44 },
    ]);
    expect(found.map((v) => [v.shift, v.rule])).to.have.deep.members([
      [0, 'ELIGIBILITY'],
      [0, 'ELIGIBILITY'],
      [0, 'SHIFT_LENGTH'],
      [1, 'OVERLAP'],
      [2, 'MIN_REST_HOURS'],
      [3, 'MIN_REST_HOURS'],
      [3, 'AVAILABILITY'],
      [4, 'ELIGIBILITY'],
    ]);
  });

  it('beats the greedy baseline on coverage and on cost per covered staff-hour', () => {
    const week = generateInstance({ people: 60, outlets: 1, days: 7, seed: 7 });
    const ours = evaluate(week, solve(week, { budgetMs: 5000, now: () => performance.now() }));
    const greedy = evaluate(week, solveGreedy(week));
    expect(ours.coveredStaffHours).to.be.at.least(greedy.coveredStaffHours);
    expect(ours.costMinor / ours.coveredStaffHours).to.be.below(greedy.costMinor / greedy.coveredStaffHours);
    expect(violations(week, solve(week, { budgetMs: 5000, now: () => performance.now() })).filter((v) => v.rule !== 'MAX_WEEKLY_HOURS' && v.rule !== 'MAX_CONSECUTIVE_DAYS')).to.deep.equal([]);
  });

  it('solves on a thread of its own what it solves in-process', async () => {
    const week = generateInstance({ people: 20, outlets: 1, days: 2, seed: 11 });
    const thread = new SolverThread();
    try {
      const [a, b] = await Promise.all([thread.solve(week, 60_000), thread.solve(week, 60_000)]);
      const local = solve(week, { budgetMs: 60_000, now: () => performance.now() });
      expect(a).to.deep.equal(local);
      expect(b).to.deep.equal(local);
    } finally {
      await thread.close();
    }
    await thread.solve(week, 1).then(
      () => expect.fail('a closed solver answers'),
      (err: Error) => expect(err.message).to.equal('The solver has stopped'),
    );
  });

  it('stays within 5 % of the HiGHS optimum on small cases, which it can never beat', async () => {
    for (const seed of [1, 3]) {
      const small = generateInstance({ people: 6, outlets: 1, days: 2, seed, allBlock: true, roles: 2, peakScale: 0.4 });
      const optimum = evaluate(small, (await solveExact(small, 20)).shifts).objective;
      const heuristic = evaluate(small, solve(small, { budgetMs: 500, now: () => performance.now() })).objective;
      expect(heuristic).to.be.at.least(optimum);
      expect((heuristic - optimum) / optimum).to.be.below(0.05);
    }
  });
});
