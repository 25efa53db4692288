import { setTimeout as sleep } from 'node:timers/promises';
import { createLogger, type Logger } from '@wfm/core/logger';
import { systemClock } from '@wfm/core/clock';
import { handleShutdown } from '@wfm/core/lifecycle';
import { createDataSource, type DataSource } from '@wfm/db/data-source';
import { RedisBus } from '@wfm/memory/bus-redis';
import { daemonDataSourceOptions, loadDaemonConfig, type DaemonConfig } from './config.js';
import { startAccessDaemon } from './daemon.js';
import { SchemaRepository } from './schema.repository.js';
import { describeError } from '@wfm/core/startup';
import { waitForSchema } from './startup.js';

/** Split mode: one daemon against DATABASE_URL and REDIS_URL (npm run start:daemon). */
let logger: Logger | undefined;
try {
  const config = loadDaemonConfig();
  logger = createLogger('access-daemon', config.logLevel);
  await start(config, logger);
} catch (err) {
  const message = `access daemon failed to start: ${describeError(err)}`;
  if (logger) logger.fatal({ err }, message);
  else console.error(message);
  process.exit(1);
}

async function start(config: DaemonConfig, log: Logger): Promise<void> {
  if (!config.databaseUrl || !config.redisUrl) {
    throw new Error('DATABASE_URL and REDIS_URL are required for npm run start:daemon (use npm start for the all-in-one mode)');
  }
  const databaseUrl = config.databaseUrl;
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
  const bus = new RedisBus(config.redisUrl);
  const daemon = await startAccessDaemon({ config, dataSource: ds, bus, logger: log, clock: systemClock });
  handleShutdown(log, async () => {
    await daemon.stop();
    await bus.close();
    await ds.destroy();
  });
}
