import { createLogger } from '@wfm/core/logger';
import { systemClock } from '@wfm/core/clock';
import { handleShutdown } from '@wfm/core/lifecycle';
import { createDataSource } from '@wfm/db/data-source';
import { RedisBus } from '@wfm/memory/bus-redis';
import { loadDaemonConfig } from './config.js';
import { startAccessDaemon } from './daemon.js';

/** Split mode: one daemon against DATABASE_URL and REDIS_URL (npm run start:daemon). */
const config = loadDaemonConfig();
const logger = createLogger('access-daemon', config.logLevel);
if (!config.databaseUrl || !config.redisUrl) {
  logger.fatal('DATABASE_URL and REDIS_URL are required for npm run start:daemon (use npm start for the all-in-one mode)');
  process.exit(1);
}
const dataSource = createDataSource({ url: config.databaseUrl, poolSize: config.dbPoolSize, applicationName: 'wfm-access-daemon' });
await dataSource.initialize();
const bus = new RedisBus(config.redisUrl);
const daemon = await startAccessDaemon({ config, dataSource, bus, logger, clock: systemClock });
handleShutdown(logger, async () => {
  await daemon.stop();
  await bus.close();
  await dataSource.destroy();
});
