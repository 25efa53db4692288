import { z } from 'zod';
import { logLevel, parseEnv } from '@wfm/core/config';

const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: logLevel,
});

export interface WorkerConfig {
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = parseEnv(schema, env);
  return { databaseUrl: e.DATABASE_URL, redisUrl: e.REDIS_URL, logLevel: e.LOG_LEVEL };
}
