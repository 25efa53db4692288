import { resolve } from 'node:path';
import { z } from 'zod';
import { envPort, parseEnv } from '@wfm/core/config';
import { EMBEDDED_PG_DEFAULT_PORT } from '@wfm/db/embedded-url';

const schema = z.object({
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_PG_PORT: envPort.default(EMBEDDED_PG_DEFAULT_PORT),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
});

export interface LauncherConfig {
  dataDir: string;
  embeddedPgPort: number;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
}

export function loadLauncherConfig(env: NodeJS.ProcessEnv = process.env): LauncherConfig {
  const e = parseEnv(schema, env);
  return { dataDir: resolve(e.DATA_DIR), embeddedPgPort: e.EMBEDDED_PG_PORT, databaseUrl: e.DATABASE_URL, redisUrl: e.REDIS_URL };
}
