import { resolve } from 'node:path';
import { z } from 'zod';
import { envPort, parseEnv } from '@wfm/core/config';
import { StartupError } from '@wfm/core/startup';
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

/**
 * Each port of an all-in-one start, unless set, is PORT plus a fixed offset: two starts given
 * different PORTs (and DATA_DIRs) never collide, and with PORT at its default of 3000 every port is
 * the apps' own default (the daemon 3001, metrics 9460/9461/9464, the embedded PostgreSQL 54329).
 */
export const PORT_OFFSETS = {
  ACCESS_DAEMON_PORT: 1,
  API_METRICS_PORT: 6460,
  WEBHOOK_METRICS_PORT: 6461,
  ACCESS_METRICS_PORT: 6464,
  EMBEDDED_PG_PORT: 51329,
} as const;

const DEFAULT_PORT = 3000;

/** `npm run start:api`'s embedded daemon's operator listener: one above a standalone daemon's, so both start on one host. */
export const EMBEDDED_DAEMON_METRICS_OFFSET = 6465;

/** PORT, or its default; null for PORT=0 (any free port) and a malformed PORT, which leave the defaults (the API's config names a bad PORT). */
function basePort(env: NodeJS.ProcessEnv): number | null {
  const base = env.PORT ? Number(env.PORT) : DEFAULT_PORT;
  return Number.isInteger(base) && base >= 1 && base <= 65_535 ? base : null;
}

/** PORT plus `offset`, or null when there is no such port. */
export function portFrom(env: NodeJS.ProcessEnv, offset: number): number | null {
  const base = basePort(env);
  return base !== null && base + offset <= 65_535 ? base + offset : null;
}

/** `env` with every port it leaves unset derived from PORT; a port PORT pushes past 65535 names the variable to set. */
export function withDerivedPorts(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const base = basePort(env);
  if (base === null) return env;
  const derived: Record<string, string> = {};
  for (const [name, offset] of Object.entries(PORT_OFFSETS)) {
    // With DATABASE_URL there is no embedded PostgreSQL to place.
    if (env[name] || (name === 'EMBEDDED_PG_PORT' && env.DATABASE_URL)) continue;
    const port = base + offset;
    if (port > 65_535) throw new StartupError(`PORT=${base} puts ${name} at ${port}, past 65535: set ${name} to a free port, or use a PORT below ${65_535 - offset + 1}`);
    derived[name] = String(port);
  }
  return { ...env, ...derived };
}
