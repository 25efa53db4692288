import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { systemClock } from '@wfm/core/clock';
import { handleShutdown } from '@wfm/core/lifecycle';
import type { Logger } from '@wfm/core/logger';
import { createDataSource, type DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import { snapshotPathFor } from './cache/snapshot-file.js';
import { daemonDataSourceOptions, type DaemonConfig } from './config.js';
import { startAccessDaemon } from './daemon.js';
import { SchemaRepository } from './schema.repository.js';
import { waitForSchema } from './startup.js';

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
  let dataSource: DataSource | undefined;
  const connect = async (): Promise<DataSource> => {
    const ds = createDataSource(daemonDataSourceOptions(config, databaseUrl));
    await ds.initialize();
    return ds;
  };
  const ready = await waitForSchema(
    async () => {
      dataSource ??= await connect();
      return new SchemaRepository(dataSource).missingMigrations();
    },
    { log, signal: stopWaiting.signal, sleep: (ms, signal) => sleep(ms, undefined, { signal }) },
  );
  process.off('SIGTERM', abort);
  process.off('SIGINT', abort);
  if (!ready || !dataSource) {
    log.info('stopped while waiting for the database');
    await dataSource?.destroy();
    process.exit(0);
  }
  const ds = dataSource;
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
  const ds = createDataSource(daemonDataSourceOptions(config, databaseUrl));
  // A database that answers is used for the start itself, so a planned restart never serves an old cache.
  const firstConnect = ds.initialize().then(
    () => true,
    () => false,
  );
  // One wait for the whole start, counted from the process's start (performance.now()'s origin):
  // a link that drops packets holds every step until its wait ends, and the doors of a building
  // whose power came back must answer within ACCESS_START_WAIT_MS and the cache's reading, not
  // after a wait for each step.
  const startWaitUntil = config.startWaitMs;
  await Promise.race([firstConnect, sleep(Math.max(0, startWaitUntil - performance.now()), undefined, { ref: false })]);
  const daemon = await startAccessDaemon({ config, dataSource: ds, bus, logger: log, clock: systemClock, startWaitUntil });
  const connecting = new AbortController();
  // Retried often enough that the doors catch up within seconds of the link's return.
  const connected = firstConnect.then(async () => {
    const ready = await waitForSchema(
      async () => {
        if (!ds.isInitialized) await ds.initialize();
        return new SchemaRepository(ds).missingMigrations();
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
    if (ds.isInitialized) await ds.destroy();
  });
}
