import { createLogger } from '@wfm/core/logger';
import { handleShutdown } from '@wfm/core/lifecycle';
import { createDataSource } from '@wfm/db/data-source';
import { RedisBus } from '@wfm/memory/bus-redis';
import { loadWorkerConfig } from './config.js';
import { startWebhookWorker } from './worker.js';

const config = loadWorkerConfig();
const logger = createLogger('webhook-worker', config.logLevel);
if (!config.databaseUrl || !config.redisUrl) {
  logger.fatal('DATABASE_URL and REDIS_URL are required for npm run start:worker (use npm start for the all-in-one mode)');
  process.exit(1);
}
const dataSource = createDataSource({ url: config.databaseUrl, applicationName: 'wfm-webhook-worker', poolSize: 5 });
await dataSource.initialize();
const bus = new RedisBus(config.redisUrl);
const worker = await startWebhookWorker({ dataSource, bus, logger });
handleShutdown(logger, async () => {
  await worker.stop();
  await bus.close();
  await dataSource.destroy();
});
