import type { Demand, Limit, SolveInput, SolvePerson, Span } from '../modules/scheduling/auto-scheduler/solver.js';

/** A small deterministic generator (mulberry32), so every run of the benchmark solves the same weeks. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROLES = ['server', 'cook', 'host'] as const;
/** Heads a busy hour needs per role; quieter hours need a share of it. */
const PEAK: Record<(typeof ROLES)[number], number> = { server: 8, cook: 4, host: 2 };

/** Trade over an opening day from 07:00 to 23:00: a lunch and a dinner peak. */
function curve(hour: number): number {
  if (hour < 7 || hour >= 23) return 0;
  if (hour >= 12 && hour < 14) return 1;
  if (hour >= 18 && hour < 21) return 1;
  if (hour >= 10 && hour < 17) return 0.6;
  return 0.35;
}

export interface InstanceShape {
  people: number;
  outlets: number;
  days: number;
  seed: number;
  /** When every limit is BLOCK (for comparison with the exact MIP). */
  allBlock?: boolean;
  roles?: number;
  peakScale?: number;
}

/**
 * A week of demand at `outlets` outlets and `people` people: each works at one outlet (one in ten
 * at two), in one role (one in five in two); full-time, part-time and casual contracts with their
 * hours; wages between £11 and £18 an hour; some on leave for a day or two; some preferring days.
 */
export function generateInstance(shape: InstanceShape): SolveInput {
  const rnd = random(shape.seed);
  const hours = shape.days * 24;
  const roles = ROLES.slice(0, shape.roles ?? ROLES.length);
  const outlets = Array.from({ length: shape.outlets }, (_, i) => `outlet-${i + 1}`);
  const demands: Demand[] = [];
  for (const outletId of outlets) {
    const size = 0.7 + rnd() * 0.6;
    for (const role of roles) {
      const required = Array.from({ length: hours }, (_, h) => {
        const weekend = Math.floor(h / 24) >= 5 ? 1.2 : 1;
        return Math.ceil(PEAK[role] * (shape.peakScale ?? 1) * size * weekend * curve(h % 24) - 0.2);
      });
      demands.push({ outletId, role, required });
    }
  }
  const warn = (value: number, source: string): Limit => ({ value, mode: shape.allBlock ? 'BLOCK' : 'WARN', source });
  const people: SolvePerson[] = Array.from({ length: shape.people }, (_, i) => {
    const home = outlets[i % outlets.length]!;
    const outletIds = rnd() < 0.1 && outlets.length > 1 ? [home, outlets[(i + 1) % outlets.length]!] : [home];
    const first = roles[Math.floor(rnd() * roles.length) % roles.length]!;
    const personRoles = rnd() < 0.2 && roles.length > 1 ? [first, roles[(roles.indexOf(first) + 1) % roles.length]!] : [first];
    const kind = rnd();
    const [contracted, max] = kind < 0.5 ? [40, 48] : kind < 0.8 ? [20, 30] : [0, 40];
    const unavailable: Span[] = [];
    if (rnd() < 0.1) {
      const day = Math.floor(rnd() * shape.days);
      unavailable.push([day * 24, Math.min(hours, (day + 1 + Math.floor(rnd() * 2)) * 24)]);
    }
    const preferred: Span[] = rnd() < 0.2 ? Array.from({ length: shape.days }, (_, d) => [d * 24 + 7, d * 24 + 17] as Span) : [];
    return {
      id: `person-${String(i + 1).padStart(3, '0')}`,
      outletIds,
      roles: personRoles,
      rateMinor: 1100 + Math.floor(rnd() * 8) * 100,
      contractedHours: contracted,
      limits: {
        minShiftHours: 4,
        maxShiftHours: 10,
        minRestHours: { value: 11, mode: 'BLOCK', source: 'bench' },
        maxWeeklyHours: warn(max, 'bench contract'),
        maxConsecutiveDays: warn(6, 'bench'),
      },
      unavailable,
      preferred,
      booked: [],
    };
  });
  return { hours, people, demands };
}
