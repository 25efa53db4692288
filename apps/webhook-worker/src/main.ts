import { createLogger } from '@wfm/core/logger';
import { handleShutdown } from '@wfm/core/lifecycle';
import { createDataSource } from '@wfm/db/data-source';
import { loadWorkerConfig } from './config.js';
import { startWebhookWorker } from './worker.js';

const config = loadWorkerConfig();
const logger = createLogger('webhook-worker', config.logLevel);
if (!config.databaseUrl || !config.dataEncryptionKey) {
  logger.fatal('DATABASE_URL and DATA_ENCRYPTION_KEY are required for npm run start:worker (use npm start for the all-in-one mode)');
  process.exit(1);
}
const dataSource = createDataSource({ url: config.databaseUrl, applicationName: 'wfm-webhook-worker', poolSize: 10 });
await dataSource.initialize();
const worker = await startWebhookWorker({
  dataSource,
  databaseUrl: config.databaseUrl,
  settings: config.webhooks,
  dataEncryptionKey: config.dataEncryptionKey,
  logger,
});
handleShutdown(logger, async () => {
  await worker.stop();
  await dataSource.destroy();
});
