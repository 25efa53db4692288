import { z } from 'zod';
import { envPort, logLevel, parseEnv } from '@wfm/core/config';

const schema = z.object({
  ACCESS_DAEMON_PORT: envPort.default(3001),
  ACCESS_DAEMON_HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: logLevel,
});

export interface DaemonConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
}

export function loadDaemonConfig(env: NodeJS.ProcessEnv = process.env): DaemonConfig {
  const e = parseEnv(schema, env);
  return { port: e.ACCESS_DAEMON_PORT, host: e.ACCESS_DAEMON_HOST, databaseUrl: e.DATABASE_URL, redisUrl: e.REDIS_URL, logLevel: e.LOG_LEVEL };
}
