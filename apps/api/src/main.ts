import { createLogger } from '@wfm/core/logger';
import { systemClock } from '@wfm/core/clock';
import { handleShutdown } from '@wfm/core/lifecycle';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import { RedisBus } from '@wfm/memory/bus-redis';
import { createRedis } from '@wfm/memory/redis';
import { loadApiConfig } from './config.js';
import { buildApi } from './composition.js';

/** Split mode: one API process against DATABASE_URL and REDIS_URL (npm run start:api). */
const config = loadApiConfig();
const logger = createLogger('api', config.logLevel);
const missing = [
  !config.databaseUrl && 'DATABASE_URL',
  !config.redisUrl && 'REDIS_URL',
  !config.jwtSecret && 'JWT_SECRET',
  !config.dataEncryptionKey && 'DATA_ENCRYPTION_KEY',
].filter(Boolean);
if (missing.length) {
  logger.fatal(`${missing.join(', ')} required for npm run start:api (use npm start for the all-in-one mode)`);
  process.exit(1);
}
const dataSource = createDataSource({ url: config.databaseUrl!, poolSize: config.dbPoolSize, applicationName: 'wfm-api' });
await dataSource.initialize();
if (config.migrateOnStart) {
  const ran = await runMigrations(dataSource);
  if (ran) logger.info({ migrations: ran }, 'migrations applied');
}
const redis = createRedis(config.redisUrl!);
const bus = new RedisBus(config.redisUrl!);
const api = buildApi({
  config: { ...config, jwtSecret: config.jwtSecret!, dataEncryptionKey: config.dataEncryptionKey! },
  dataSource,
  bus,
  redis,
  logger,
  clock: systemClock,
});
const server = api.app.listen(config.port, config.host, () => logger.info({ port: config.port }, 'api listening'));
handleShutdown(logger, async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await api.close();
  await bus.close();
  redis.disconnect();
  await dataSource.destroy();
});
