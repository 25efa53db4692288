import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

export function createRedis(url: string, opts: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, ...opts });
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
