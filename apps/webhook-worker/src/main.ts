import { createLogger } from '@wfm/core/logger';
import { handleShutdown } from '@wfm/core/lifecycle';
import { startTracing } from '@wfm/core/tracing';
import { connectDatabase, Startup, StartupError } from '@wfm/core/startup';
import { startMetricsListener } from '@wfm/core/metrics-listener';
import { createDataSource } from '@wfm/db/data-source';
import { loadWorkerConfig } from './config.js';
import { startWebhookWorker } from './worker.js';

/** Split mode: the webhook worker against DATABASE_URL (npm run start:worker). A failed start says why in one line. */
const startup = new Startup('webhook-worker');
try {
  const config = loadWorkerConfig();
  const logger = createLogger('webhook-worker', config.logLevel);
  startup.logger = logger;
  startup.started((await startTracing(config.tracing, 'wfm-webhook-worker')).shutdown);
  if (!config.databaseUrl || !config.dataEncryptionKey) {
    throw new StartupError('DATABASE_URL and DATA_ENCRYPTION_KEY are required for npm run start:worker: set them, or use npm start for the all-in-one mode');
  }
  const dataSource = createDataSource({ url: config.databaseUrl, applicationName: 'wfm-webhook-worker', poolSize: 10 });
  await connectDatabase(() => dataSource.initialize(), config.databaseUrl);
  startup.started(() => dataSource.destroy());
  const worker = await startWebhookWorker({
    dataSource,
    databaseUrl: config.databaseUrl,
    settings: config.webhooks,
    dataEncryptionKey: config.dataEncryptionKey,
    logger,
  });
  startup.started(() => worker.stop());
  const metrics = await startMetricsListener(worker.metrics.withProcessMetrics().registry, config.metricsListener, { port: 'WEBHOOK_METRICS_PORT', host: 'WEBHOOK_METRICS_HOST' }, logger);
  startup.finished();
  handleShutdown(logger, async () => {
    await metrics.close();
    await worker.stop();
    await dataSource.destroy();
  });
} catch (err) {
  await startup.fail(err);
}
