import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

/**
 * A command gives up after a second: a Redis that stalls on an open connection must not pile up
 * commands (rate-limit counts, publishes) in memory until it comes back.
 */
export function createRedis(url: string, opts: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, commandTimeout: 1_000, ...opts });
}

/** Up when the connection is ready and answers PING; a client still (re)connecting is down at once. */
export async function pingRedis(redis: Redis): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  try {
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  }
}
