import type { Clock } from '@wfm/core/clock';

export interface SweepTargets {
  /** Safety net for a missed notification: dispatch whatever is still undispatched. */
  dispatch(): void;
  /** Start the retries that fell due by `at`, and re-attempt deliveries whose lease ran out. */
  retry(at: Date): void;
}

/**
 * The retry sweep (spec 03: every 2 minutes; a retry starts on the first sweep after it falls
 * due). Retries are deliberately not started the moment they fall due, which is what gives the
 * spec's "16 to 25 minutes" for the sixth attempt.
 */
export class Sweeper {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly targets: SweepTargets,
    private readonly clock: Clock,
    private readonly intervalMs: number,
  ) {}

  start(): void {
    this.sweep();
    this.timer = setInterval(() => this.sweep(), this.intervalMs);
  }

  sweep(): void {
    this.targets.dispatch();
    this.targets.retry(this.clock.now());
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
