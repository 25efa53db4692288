import type { Bus } from '@wfm/memory/bus';
import type { HealthRepository } from './health.repository.js';

/** Anything /status pings: true when it answered in time and well. */
export interface DependencyCheck {
  ping(): Promise<boolean>;
}

export interface HealthOptions {
  /** The Redis client of the rate limiter, when the API uses one (split mode). */
  redis?: DependencyCheck | null;
  /** A check that has not answered by then counts as down. */
  timeoutMs?: number;
}

type State = 'up' | 'down';

export class HealthService {
  private readonly inFlight = new Map<string, Promise<boolean>>();
  private readonly redis: DependencyCheck | null;
  private readonly timeoutMs: number;

  constructor(private readonly repo: HealthRepository, private readonly bus: Bus, opts: HealthOptions = {}) {
    this.redis = opts.redis ?? null;
    this.timeoutMs = opts.timeoutMs ?? 2_000;
  }

  async status() {
    const [database, bus, redis] = await Promise.all([
      this.check('database', () => this.repo.ping()),
      this.check('bus', () => this.bus.ping()),
      this.redis ? this.check('redis', () => this.redis!.ping()) : Promise.resolve(null),
    ]);
    const state = (up: boolean): State => (up ? 'up' : 'down');
    const checks: { database: State; bus: State; redis?: State } = { database: state(database), bus: state(bus) };
    if (redis !== null) checks.redis = state(redis);
    const ok = database && bus && redis !== false;
    return { status: ok ? ('ok' as const) : ('degraded' as const), checks, busKind: this.bus.kind };
  }

  /**
   * Bounded by the timeout, and shared: while a dependency is stalled, every probe waits on the one
   * ping already pending (which holds a pool connection until the driver gives up) instead of
   * starting another.
   */
  private check(name: string, ping: () => Promise<boolean>): Promise<boolean> {
    let pending = this.inFlight.get(name);
    if (!pending) {
      pending = ping()
        .catch(() => false)
        .finally(() => this.inFlight.delete(name));
      this.inFlight.set(name, pending);
    }
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => resolve(false), this.timeoutMs);
    });
    return Promise.race([pending, late]).finally(() => clearTimeout(timer));
  }
}
