import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@wfm/core/logger';
import { acquirePidLock, LockHeldError, type PidLock } from '@wfm/core/pid-lock';
import { describeError, StartupError } from '@wfm/core/startup';
import { EmbeddedPostgresError, startEmbeddedPostgres, type EmbeddedPostgresFailure, type EmbeddedPostgresHandle } from '@wfm/embedded-db/embedded-postgres';
import type { LauncherConfig } from './config.js';
import { EMBEDDED_PG_DATABASE } from '@wfm/db/embedded-url';

/**
 * One all-in-one start per DATA_DIR: the audit spool and the database cluster under it take one
 * writer each. A lock left by a start that was killed is taken over.
 */
export function lockDataDir(dataDir: string): PidLock {
  try {
    mkdirSync(dataDir, { recursive: true });
    return acquirePidLock(join(dataDir, 'launcher.lock'));
  } catch (err) {
    if (err instanceof LockHeldError) {
      throw new StartupError(`another npm start (pid ${err.pid}) is already running on the data directory ${dataDir}: stop it first, or set DATA_DIR to another directory`);
    }
    throw new StartupError(`cannot write the data directory ${dataDir} (${describeError(err)}): make it writable by this user, or set DATA_DIR`);
  }
}

const REMEDY: Record<EmbeddedPostgresFailure, string> = {
  'port-in-use': 'set EMBEDDED_PG_PORT to a free port',
  'in-use': 'stop that process first, or set DATA_DIR to another directory',
  permission: 'PostgreSQL (run as the postgres user when started as root) must be able to reach and write it: make DATA_DIR and its parents accessible, or set DATA_DIR',
  failed: "LOG_LEVEL=debug shows PostgreSQL's log",
};

/** The embedded cluster under DATA_DIR/pg; one left running by a killed start is stopped first (see startEmbeddedPostgres). */
export async function startDatabase(launcher: LauncherConfig, logger: Logger): Promise<EmbeddedPostgresHandle> {
  const dir = join(launcher.dataDir, 'pg');
  try {
    return await startEmbeddedPostgres({ dir, port: launcher.embeddedPgPort, database: EMBEDDED_PG_DATABASE, onLog: (line) => logger.debug({ postgres: line }, 'embedded PostgreSQL') });
  } catch (err) {
    if (err instanceof EmbeddedPostgresError) throw new StartupError(`${err.message}; ${REMEDY[err.reason]}`);
    throw new StartupError(`cannot prepare ${dir} (${describeError(err)}): make DATA_DIR writable by this user, or set DATA_DIR`);
  }
}
