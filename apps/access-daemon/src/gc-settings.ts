import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';

export type AutoOnOff = 'auto' | 'on' | 'off';

export interface GcSettings {
  /** How far past its live size the old generation grows before V8 marks it again; 0 is V8's own choice. */
  heapGrowthPercent: number;
  concurrentMarking: AutoOnOff;
  pretenuring: AutoOnOff;
}

/** What the flags are chosen for: the cores the process may run on, and whether its API answers the door routes too. */
export interface GcHost {
  cores: number;
  apiInProcess: boolean;
}

/**
 * The V8 flags a door-answering process runs with (docs/decisions.md, "the daemon's garbage
 * collector"). The read model is a large, long-lived old generation that a tap no longer adds to;
 * left to itself, V8 sizes the next limit from the little that is promoted and marks that heap
 * again every second or two, each cycle a pause on the door path. A fixed growth puts cycles
 * minutes apart at a door's load. Marking on helper threads is what helps when they have a core of
 * their own; confined to one core, they take the event loop's core for scheduler slices of up to
 * 16 ms at a time (measured), so there the loop marks in its own small steps instead.
 *
 * Where the API answers the door routes in the same process (the launcher's starts), node:http's
 * objects of a request are alive at most scavenges under load, so V8's allocation-site
 * pretenuring learns to allocate them in the old generation directly: about 3 KB a tap went
 * there, a mark-compact every two seconds (measured). Without it they die young, as a request's
 * objects do. The daemon's own listener allocates little per tap and keeps V8's choice.
 */
export function gcFlagsFor(s: GcSettings, host: GcHost): string[] {
  const concurrent = s.concurrentMarking === 'auto' ? host.cores > 1 : s.concurrentMarking === 'on';
  const pretenure = s.pretenuring === 'auto' ? !host.apiInProcess : s.pretenuring === 'on';
  return [`--heap-growing-percent=${s.heapGrowthPercent}`, concurrent ? '--concurrent-marking' : '--no-concurrent-marking', pretenure ? '--allocation-site-pretenuring' : '--no-allocation-site-pretenuring'];
}

/** Sets the flags for this process (each is read by V8 as it collects or allocates, so a running process takes them). */
export function applyGcSettings(s: GcSettings, apiInProcess: boolean): string[] {
  const flags = gcFlagsFor(s, { cores: availableParallelism(), apiInProcess });
  for (const flag of flags) setFlagsFromString(flag);
  return flags;
}
