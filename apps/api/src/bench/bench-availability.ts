import type { LeaveRepository } from '../modules/time/leave/leave.repository.js';
import type { AvailabilityRepository, AvailabilityWindow } from '../modules/scheduling/availability/availability.repository.js';
import { AvailabilityService, type ProposedShift } from '../modules/scheduling/availability/availability.service.js';

/**
 * `node apps/api/dist/bench/bench-availability.js` (after `npx tsc -b`): the availability check a
 * roster publish asks (`checkAssignments`) on 2,000 shifts of 300 people over one week, each person
 * with three weekly windows (a day off, preferred hours, an evening into the night), in
 * Europe/London. The three reads are stubbed: this measures the expansion and the matching, which
 * grow with the roster; the reads are three indexed queries. Bounded: RUNS runs, one process.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 10);
const PEOPLE = 300;
const SHIFTS = 2000;

const people = Array.from({ length: PEOPLE }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const at = new Date('2026-12-01T00:00:00Z');
const windows: AvailabilityWindow[] = people.flatMap((userId, i) => [
  { id: `${userId}-a`, tenantId: 't', userId, kind: 'UNAVAILABLE', weekday: (i % 7) + 1, startMinute: 0, endMinute: 1440, effectiveFrom: null, effectiveTo: null, createdAt: at },
  { id: `${userId}-b`, tenantId: 't', userId, kind: 'AVAILABLE', weekday: ((i + 1) % 7) + 1, startMinute: 540, endMinute: 1020, effectiveFrom: null, effectiveTo: null, createdAt: at },
  { id: `${userId}-c`, tenantId: 't', userId, kind: 'UNAVAILABLE', weekday: ((i + 2) % 7) + 1, startMinute: 1080, endMinute: 120, effectiveFrom: null, effectiveTo: null, createdAt: at },
]);
const repo = {
  settings: async () => ({ timezone: 'Europe/London', mode: 'WARN' as const }),
  windowsOf: async () => windows,
  timeOffBetween: async () => [],
} as unknown as AvailabilityRepository;
const leave = { approvedBetween: async () => [] } as unknown as LeaveRepository;
const service = new AvailabilityService(repo, leave, null as never, null as never, null as never, null as never);

const monday = Date.parse('2026-12-07T00:00:00Z');
const HOUR = 3_600_000;
const shifts: ProposedShift[] = Array.from({ length: SHIFTS }, (_, i) => {
  const start = monday + (i % 7) * 24 * HOUR + (Math.floor(i / PEOPLE) % 2 ? 17 : 8) * HOUR;
  return { userId: people[i % PEOPLE]!, outletId: 'o', start: new Date(start), end: new Date(start + 8 * HOUR), shiftId: null, row: i };
});

const times: number[] = [];
let conflicts = 0;
for (let r = 0; r < RUNS; r++) {
  const t = performance.now();
  conflicts = (await service.checkAssignments(null as never, 't', shifts)).length;
  times.push(performance.now() - t);
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  JSON.stringify({ shifts: SHIFTS, people: PEOPLE, conflicts, firstMs: +times[0]!.toFixed(1), medianMs: +sorted[Math.floor(RUNS / 2)]!.toFixed(1), maxMs: +sorted[RUNS - 1]!.toFixed(1) }),
);
