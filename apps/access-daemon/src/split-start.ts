import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock } from '@wfm/core/clock';
import { handleShutdown } from '@wfm/core/lifecycle';
import type { Logger } from '@wfm/core/logger';
import pg from 'pg';
import type { DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import { snapshotPathFor } from './cache/snapshot-file.js';
import { daemonDataSourceOptions, type DaemonConfig } from './config.js';
import { startAccessDaemon } from './daemon.js';
import { LateDatabase } from './database.js';
import { waitForSchema } from './startup.js';

/**
 * The data layer (TypeORM, the platform's entities and migrations) and the schema check that needs
 * its migrations' names: loaded when the daemon first talks to its database, because loading them
 * is a quarter to half a second of a start on a slow machine (docs/performance.md).
 */
async function dataLayer(config: DaemonConfig, url: string) {
  const [{ createDataSource }, { SchemaRepository }] = await Promise.all([import('@wfm/db/data-source'), import('./schema.repository.js')]);
  return { dataSource: createDataSource(daemonDataSourceOptions(config, url)), missingMigrations: (ds: DataSource) => new SchemaRepository(ds).missingMigrations() };
}

/**
 * Whether the database accepts a session now, asked with a bare client opened as the daemon's pool
 * opens its connections: a daemon whose database is out of reach serves from its stored cache, and
 * loading the data layer first would only hold its doors up.
 */
async function databaseAnswers(config: DaemonConfig, url: string): Promise<boolean> {
  const pool = daemonDataSourceOptions(config, url);
  const client = new pg.Client({ connectionString: pool.url, connectionTimeoutMillis: pool.connectTimeoutMs, application_name: pool.applicationName });
  try {
    await client.connect();
  } catch {
    return false;
  }
  await client.end().catch(() => undefined);
  return true;
}

/**
 * Split mode's start: waits for the database schema, or, for a daemon that has served before and
 * kept its cache on disk, starts at once and connects in the background. `newBus` is Redis (tests
 * give it a registry namespace of their own).
 */
export async function startSplitDaemon(config: DaemonConfig, log: Logger, newBus: (url: string) => Bus): Promise<void> {
  if (!config.databaseUrl || !config.redisUrl) {
    throw new Error('DATABASE_URL and REDIS_URL are required for npm run start:daemon (use npm start for the all-in-one mode)');
  }
  const databaseUrl = config.databaseUrl;
  if (existsSync(config.snapshotPath ?? snapshotPathFor(config.spoolPath))) return startFromStore(config, databaseUrl, newBus(config.redisUrl), log);
  // Until the schema is there, a signal just ends the wait; afterwards handleShutdown takes over.
  const stopWaiting = new AbortController();
  const abort = () => stopWaiting.abort();
  process.once('SIGTERM', abort);
  process.once('SIGINT', abort);
  const { dataSource: ds, missingMigrations } = await dataLayer(config, databaseUrl);
  const ready = await waitForSchema(
    async () => {
      if (!ds.isInitialized) await ds.initialize();
      return missingMigrations(ds);
    },
    { log, signal: stopWaiting.signal, sleep: (ms, signal) => sleep(ms, undefined, { signal }) },
  );
  process.off('SIGTERM', abort);
  process.off('SIGINT', abort);
  if (!ready) {
    log.info('stopped while waiting for the database');
    if (ds.isInitialized) await ds.destroy();
    process.exit(0);
  }
  const bus = newBus(config.redisUrl);
  const daemon = await startAccessDaemon({ config, dataSource: ds, bus, logger: log, clock: systemClock });
  handleShutdown(log, async () => {
    await daemon.stop();
    await bus.close();
    await ds.destroy();
  });
}

/**
 * A daemon that has served before keeps its last cache on disk: it starts at once and serves from
 * that while the database (and Redis) are out of reach, connecting in the background. Doors of a
 * building that lost power during a WAN outage open again when the power returns, not the WAN.
 */
async function startFromStore(config: DaemonConfig, databaseUrl: string, bus: Bus, log: Logger): Promise<void> {
  const database = new LateDatabase();
  let data: Awaited<ReturnType<typeof dataLayer>> | undefined;
  const loadData = async () => {
    data ??= await dataLayer(config, databaseUrl);
    database.attach(data.dataSource);
    return data;
  };
  // A database that answers is used for the start itself, so a planned restart never serves an old cache.
  const firstConnect = databaseAnswers(config, databaseUrl).then(async (answers) => {
    if (!answers) return false;
    await (await loadData()).dataSource.initialize();
    return true;
  }).catch(() => false);
  // One wait for the whole start, counted from the process's start (performance.now()'s origin):
  // a link that drops packets holds every step until its wait ends, and the doors of a building
  // whose power came back must answer within ACCESS_START_WAIT_MS and the cache's reading, not
  // after a wait for each step.
  const startWaitUntil = config.startWaitMs;
  await Promise.race([firstConnect, sleep(Math.max(0, startWaitUntil - performance.now()), undefined, { ref: false })]);
  const daemon = await startAccessDaemon({ config, dataSource: database, bus, logger: log, clock: systemClock, startWaitUntil });
  const connecting = new AbortController();
  // Retried often enough that the doors catch up within seconds of the link's return. The data
  // layer is loaded here at the latest, once the doors already answer.
  const connected = firstConnect.then(async () => {
    const { dataSource: ds, missingMigrations } = await loadData();
    const ready = await waitForSchema(
      async () => {
        if (!ds.isInitialized) await ds.initialize();
        return missingMigrations(ds);
      },
      { log, signal: connecting.signal, sleep: (ms, signal) => sleep(ms, undefined, { signal }), firstDelayMs: 250, maxDelayMs: 5000 },
    );
    if (ready && daemon.sync.source === 'snapshot') await daemon.sync.reconcile();
  });
  handleShutdown(log, async () => {
    connecting.abort();
    await connected;
    await daemon.stop();
    await bus.close();
    if (data?.dataSource.isInitialized) await data.dataSource.destroy();
  });
}
