import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';

export type ConcurrentMarking = 'auto' | 'on' | 'off';

export interface GcSettings {
  /** How far past its live size the old generation grows before V8 marks it again; 0 is V8's own choice. */
  heapGrowthPercent: number;
  concurrentMarking: ConcurrentMarking;
}

/**
 * The V8 flags a door-answering process runs with (docs/decisions.md, "the daemon's garbage
 * collector"). The read model is a large, long-lived old generation that a tap no longer adds to;
 * left to itself, V8 sizes the next limit from the little that is promoted and marks that heap
 * again every second or two, each cycle a pause on the door path. A fixed growth puts cycles
 * minutes apart at a door's load. Marking on helper threads is what helps when they have a core of
 * their own; confined to one core, they take the event loop's core for scheduler slices of up to
 * 16 ms at a time (measured), so there the loop marks in its own small steps instead.
 */
export function gcFlagsFor(s: GcSettings, cores: number): string[] {
  const concurrent = s.concurrentMarking === 'auto' ? cores > 1 : s.concurrentMarking === 'on';
  return [`--heap-growing-percent=${s.heapGrowthPercent}`, concurrent ? '--concurrent-marking' : '--no-concurrent-marking'];
}

/** Sets the flags for this process (both are read by V8 at each collection, so a running process takes them). */
export function applyGcSettings(s: GcSettings): string[] {
  const flags = gcFlagsFor(s, availableParallelism());
  for (const flag of flags) setFlagsFromString(flag);
  return flags;
}
