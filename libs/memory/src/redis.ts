import { Redis, type RedisOptions } from 'ioredis';

export type { Redis };

export function createRedis(url: string, opts: RedisOptions = {}): Redis {
  return new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true, ...opts });
}
