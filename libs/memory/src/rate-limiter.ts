import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
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

export class FlexibleRateLimiter implements RateLimiter {
  private readonly limiters = new Map<string, RateLimiterAbstract>();

  constructor(private readonly redis: Redis | null, private readonly keyPrefix = 'rl') {}

  private limiterFor(ruleName: string, rule: LimitRule): RateLimiterAbstract {
    let l = this.limiters.get(ruleName);
    if (!l) {
      const opts = { points: rule.points, duration: rule.durationSeconds, keyPrefix: `${this.keyPrefix}:${ruleName}` };
      l = this.redis ? new RateLimiterRedis({ ...opts, storeClient: this.redis, rejectIfRedisNotReady: false }) : new RateLimiterMemory(opts);
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
