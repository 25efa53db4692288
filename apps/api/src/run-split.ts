import { createLogger, type Logger } from '@wfm/core/logger';
import { systemClock } from '@wfm/core/clock';
import { handleShutdown } from '@wfm/core/lifecycle';
import { startTracing } from '@wfm/core/tracing';
import { connectDatabase, listenHttp, Startup, StartupError } from '@wfm/core/startup';
import { startMetricsListener } from '@wfm/core/metrics-listener';
import { startJobRunner, type JobRunner } from '@wfm/jobs/job-runner';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import { RedisBus } from '@wfm/memory/bus-redis';
import { createRedis } from '@wfm/memory/redis';
import { loadApiConfig } from './config.js';
import { buildApi } from './composition.js';
import { createApiServer } from './app.js';
import type { DoorUpstream } from './http/daemon-proxy.js';

/** Door routes answered inside the API process (the launcher's embedded daemon), with its own shutdown. */
export interface EmbeddedDoor {
  upstream: DoorUpstream;
  stop(): Promise<void>;
}

export interface SplitApiOptions {
  /** Answers the door routes in this process (ACCESS_DOOR_ROUTES=embedded, the default when given); without it the API forwards them to ACCESS_DAEMON_URL. */
  door?: (infra: { databaseUrl: string; bus: Bus; logger: Logger }) => Promise<EmbeddedDoor>;
}

/** Split mode: one API process against DATABASE_URL and REDIS_URL. A failed start says why in one line. */
export async function runSplitApi(opts: SplitApiOptions = {}): Promise<void> {
  const startup = new Startup('api');
  try {
    const config = loadApiConfig();
    const logger = createLogger('api', config.logLevel);
    startup.logger = logger;
    startup.started((await startTracing(config.tracing, 'wfm-api')).shutdown);
    const missing = [
      !config.databaseUrl && 'DATABASE_URL',
      !config.redisUrl && 'REDIS_URL',
      !config.jwtSecret && 'JWT_SECRET',
      !config.dataEncryptionKey && 'DATA_ENCRYPTION_KEY',
    ].filter(Boolean);
    if (missing.length) throw new StartupError(`${missing.join(', ')} required for npm run start:api: set them, or use npm start for the all-in-one mode`);
    const dataSource = createDataSource({ url: config.databaseUrl!, poolSize: config.dbPoolSize, applicationName: 'wfm-api', ...config.dbTimeouts });
    await connectDatabase(() => dataSource.initialize(), config.databaseUrl!);
    startup.started(() => dataSource.destroy());
    if (config.migrateOnStart) {
      const ran = await runMigrations(dataSource);
      if (ran) logger.info({ migrations: ran }, 'migrations applied');
    }
    const redis = createRedis(config.redisUrl!);
    const bus = new RedisBus(config.redisUrl!);
    startup.started(async () => {
      await bus.close();
      redis.disconnect();
    });
    const doorRoutes = config.accessDoorRoutes ?? (opts.door ? 'embedded' : 'forward');
    if (doorRoutes === 'embedded' && !opts.door) throw new StartupError('ACCESS_DOOR_ROUTES=embedded needs the launcher: run npm run start:api (node launcher/dist/api.js), or set ACCESS_DOOR_ROUTES=forward');
    const door = doorRoutes === 'embedded' ? await opts.door!({ databaseUrl: config.databaseUrl!, bus, logger: logger.child({ app: 'access-daemon' }) }) : null;
    if (door) startup.started(() => door.stop());
    const api = buildApi({
      config: { ...config, jwtSecret: config.jwtSecret!, dataEncryptionKey: config.dataEncryptionKey! },
      dataSource,
      bus,
      redis,
      logger,
      clock: systemClock,
      ...(door ? { doorUpstream: door.upstream } : {}),
    });
    startup.started(() => api.close());
    const jobs: JobRunner | null = config.jobsEnabled ? await startJobRunner({ connectionString: config.databaseUrl!, jobs: api.jobs, logger: logger.child({ app: 'jobs' }) }) : null;
    if (jobs) startup.started(() => jobs.stop());
    const metrics = await startMetricsListener(api.metrics.withProcessMetrics().registry, config.metricsListener, { port: 'API_METRICS_PORT', host: 'API_METRICS_HOST' }, logger);
    startup.started(() => metrics.close());
    const server = await listenHttp(createApiServer(api.app, config.httpServer, api.door, api.metrics), config.port, config.host, { port: 'PORT', host: 'HOST' });
    logger.info({ port: config.port, doorRoutes: door ? 'embedded' : 'forward' }, 'api listening');
    startup.finished();
    handleShutdown(logger, async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await metrics.close();
      await jobs?.stop();
      await api.close();
      await door?.stop();
      await bus.close();
      redis.disconnect();
      await dataSource.destroy();
    });
  } catch (err) {
    await startup.fail(err);
  }
}
