import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, RLWrapperTimeouts } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';

export interface LimitRule {
  points: number;
  durationSeconds: number;
}

export type LimitOutcome =
  | { allowed: true; limit: number; remaining: number; resetSeconds: number }
  | { allowed: false; limit: number; retryAfterSeconds: number };

/** Fixed-window counters keyed by caller; memory in one process, Redis when instances share counts. */
export interface RateLimiter {
  consume(ruleName: string, rule: LimitRule, key: string): Promise<LimitOutcome>;
}

interface Counter {
  consume(key: string, points: number): Promise<RateLimiterRes>;
}

/** A healthy Redis answers in a few milliseconds; past this the request is counted in memory instead. */
export const REDIS_LIMIT_TIMEOUT_MS = 500;

export class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, Counter>();

  constructor(
    private readonly redis: Redis | null,
    private readonly keyPrefix = 'rl',
    private readonly redisTimeoutMs = REDIS_LIMIT_TIMEOUT_MS,
  ) {}

  private limiterFor(ruleName: string, rule: LimitRule): Counter {
    let l = this.limiters.get(ruleName);
    if (!l) {
      const opts = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `${this.keyPrefix}:${ruleName}` };
      if (this.redis) {
        // While Redis is unreachable (not ready: at once) or does not answer (after the timeout),
        // each process counts in its own memory: limits loosen by the number of API processes for
        // that time instead of every route failing.
        const insuranceLimiter = new RateLimiterMemory(opts);
        const store = new RateLimiterRedis({ ...opts, storeClient: this.redis, rejectIfRedisNotReady: true, insuranceLimiter });
        l = new RLWrapperTimeouts({ limiter: store, timeoutMs: this.redisTimeoutMs, insuranceLimiter });
      } else {
        l = new RateLimiterMemory(opts);
      }
      this.limiters.set(ruleName, l);
    }
    return l;
  }

  async consume(ruleName: string, rule: LimitRule, key: string): Promise<LimitOutcome> {
    try {
      const res = await this.limiterFor(ruleName, rule).consume(key, 1);
      return { allowed: true, limit: rule.points, remaining: res.remainingPoints, resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)) };
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        return { allowed: false, limit: rule.points, retryAfterSeconds: Math.max(1, Math.ceil(err.msBeforeNext / 1000)) };
      }
      throw err;
    }
  }
}
