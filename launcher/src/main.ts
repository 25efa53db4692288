import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ScryptPasswordHasher, scryptParamsFor } from '@wfm/core/crypto';
import { createLogger } from '@wfm/core/logger';
import { systemClock } from '@wfm/core/clock';
import { handleShutdown } from '@wfm/core/lifecycle';
import { startTracing } from '@wfm/core/tracing';
import { connectDatabase, describeError, listenHttp, Startup, StartupError } from '@wfm/core/startup';
import { startMetricsListener } from '@wfm/core/metrics-listener';
import { startJobRunner, type JobRunner } from '@wfm/jobs/job-runner';
import { createDataSource, runMigrations } from '@wfm/db/data-source';
import type { EmbeddedPostgresHandle } from '@wfm/embedded-db/embedded-postgres';
import { LocalBus } from '@wfm/memory/bus-local';
import { RedisBus } from '@wfm/memory/bus-redis';
import { createRedis } from '@wfm/memory/redis';
import type { Bus } from '@wfm/memory/bus';
import { loadApiConfig } from '@wfm/api/config';
import { buildApi } from '@wfm/api/composition';
import { createApiServer } from '@wfm/api/app';
import { seedDemo } from '@wfm/api/seed/demo-seed';
import { daemonDataSourceOptions, loadDaemonConfig } from '@wfm/access-daemon/config';
import { startAccessDaemon } from '@wfm/access-daemon/daemon';
import { loadWorkerConfig } from '@wfm/webhook-worker/config';
import { startWebhookWorker } from '@wfm/webhook-worker/worker';
import { removeInstanceRecord, writeInstanceRecord } from '@wfm/db/instance-record';
import { loadLauncherConfig, withDerivedPorts } from './config.js';
import { fileBackedSecret, vapidEnv } from './generated-secret.js';
import { inProcessDoor } from './in-process-door.js';
import { lockDataDir, startDatabase } from './data-dir.js';

/**
 * `npm start`: the three apps in one process on an embedded, real PostgreSQL (or DATABASE_URL when
 * set), with the in-process bus (or Redis when REDIS_URL is set). Apps never import each other;
 * this launcher is the only place that composes them. A start that fails says why in one line
 * and leaves nothing running.
 */
const startup = new Startup('npm start');
try {
  const ports = withDerivedPorts(process.env);
  const launcher = loadLauncherConfig(ports);
  const lock = lockDataDir(launcher.dataDir);
  startup.started(() => lock.release());
  const env = {
    ...ports,
    JWT_SECRET: process.env.JWT_SECRET || fileBackedSecret(join(launcher.dataDir, 'jwt-secret')),
    PLATFORM_ADMIN_TOKEN: process.env.PLATFORM_ADMIN_TOKEN || fileBackedSecret(join(launcher.dataDir, 'platform-admin-token'), 32),
    // Losing this file makes sealed columns (access signing keys, integration secrets) unreadable: back it up with the database.
    DATA_ENCRYPTION_KEY: process.env.DATA_ENCRYPTION_KEY || fileBackedSecret(join(launcher.dataDir, 'data-encryption-key'), 32),
    MAIL_DROP_DIR: process.env.MAIL_DROP_DIR || join(launcher.dataDir, 'mail'),
    FILE_STORAGE_DIR: process.env.FILE_STORAGE_DIR || join(launcher.dataDir, 'files'),
    ...vapidEnv(launcher.dataDir),
  };
  const apiConfig = loadApiConfig(env);
  const daemonConfig = loadDaemonConfig(env);
  const workerConfig = loadWorkerConfig(env);
  const logger = createLogger('wfm', apiConfig.logLevel);
  startup.logger = logger;
  // One process, one provider: the API's, the daemon's and the worker's spans all name service `wfm`.
  startup.started((await startTracing(apiConfig.tracing, 'wfm')).shutdown);

  let embedded: EmbeddedPostgresHandle | null = null;
  let databaseUrl = launcher.databaseUrl;
  if (!databaseUrl) {
    embedded = await startDatabase(launcher, logger);
    startup.started(() => embedded?.stop());
    databaseUrl = embedded.url;
  }
  const dataSource = createDataSource({ url: databaseUrl, poolSize: apiConfig.dbPoolSize, applicationName: 'wfm', ...apiConfig.dbTimeouts });
  await connectDatabase(() => dataSource.initialize(), databaseUrl);
  startup.started(() => dataSource.destroy());
  const migrations = await runMigrations(dataSource);
  const seed = await seedDemo(dataSource, { passwords: new ScryptPasswordHasher(scryptParamsFor(apiConfig.passwordHashCost)) });

  const redis = launcher.redisUrl ? createRedis(launcher.redisUrl) : null;
  const bus: Bus = launcher.redisUrl ? new RedisBus(launcher.redisUrl) : new LocalBus();
  startup.started(async () => {
    await bus.close();
    redis?.disconnect();
  });

  // The daemon's own pool: API traffic, signed in or not, never holds the connections the door path
  // commits its audit rows on.
  const doorDataSource = createDataSource(daemonDataSourceOptions(daemonConfig, databaseUrl));
  await doorDataSource.initialize();
  startup.started(() => doorDataSource.destroy());
  const daemon = await startAccessDaemon({
    config: { ...daemonConfig, spoolPath: process.env.ACCESS_AUDIT_SPOOL_PATH || join(launcher.dataDir, 'access-audit-spool.ndjson') },
    dataSource: doorDataSource,
    bus,
    logger: logger.child({ app: 'access-daemon' }),
    clock: systemClock,
    apiInProcess: true,
  }).catch((err: unknown) => {
    throw new StartupError(`the access daemon did not start (${describeError(err)})`);
  });
  startup.started(() => daemon.stop());
  const worker = await startWebhookWorker({
    dataSource,
    databaseUrl,
    settings: workerConfig.webhooks,
    dataEncryptionKey: env.DATA_ENCRYPTION_KEY,
    logger: logger.child({ app: 'webhook-worker' }),
  });
  startup.started(() => worker.stop());
  const workerMetrics = await startMetricsListener(worker.metrics.withProcessMetrics().registry, workerConfig.metricsListener, { port: 'WEBHOOK_METRICS_PORT', host: 'WEBHOOK_METRICS_HOST' }, logger);
  startup.started(() => workerMetrics.close());
  const api = buildApi({
    config: { ...apiConfig, jwtSecret: env.JWT_SECRET, dataEncryptionKey: env.DATA_ENCRYPTION_KEY, accessDaemonUrl: `http://127.0.0.1:${daemon.port}` },
    dataSource,
    bus,
    redis,
    logger: logger.child({ app: 'api' }),
    clock: systemClock,
    doorUpstream: inProcessDoor(daemon.door),
  });
  startup.started(() => api.close());
  const jobs: JobRunner | null = apiConfig.jobsEnabled ? await startJobRunner({ connectionString: databaseUrl, jobs: api.jobs, logger: logger.child({ app: 'jobs' }) }) : null;
  if (jobs) startup.started(() => jobs.stop());
  // Process metrics once per process: the worker's registry has them.
  const apiMetrics = await startMetricsListener(api.metrics.registry, apiConfig.metricsListener, { port: 'API_METRICS_PORT', host: 'API_METRICS_HOST' }, logger);
  startup.started(() => apiMetrics.close());
  const server = await listenHttp(createApiServer(api.app, apiConfig.httpServer, api.door, api.metrics), apiConfig.port, apiConfig.host, { port: 'PORT', host: 'HOST' });
  writeInstanceRecord(launcher.dataDir, { pid: process.pid, port: apiConfig.port, embeddedPgPort: embedded ? launcher.embeddedPgPort : null, startedAt: new Date().toISOString() });
  startup.started(() => removeInstanceRecord(launcher.dataDir));

  const base = `http://localhost:${apiConfig.port}/api/v1`;
  console.log(`
  Workforce platform is running
  Web console         http://localhost:${apiConfig.port}/${apiConfig.webAppDir && existsSync(join(apiConfig.webAppDir, 'index.html')) ? '' : '  (not built: npm run build)'}
  API base URL        ${base}
  Access daemon URL   http://localhost:${daemon.port}/api/v1  (also reachable through the API base URL)
  OpenAPI document    ${base}/openapi.json
  Database            ${embedded ? `embedded PostgreSQL ${embedded.url} (loopback only; data in ${join(launcher.dataDir, 'pg')}; npm run cli uses it)` : 'DATABASE_URL'}${migrations ? `, ${migrations} migration(s) applied` : ''}
  Metrics (operator)  http://${apiConfig.metricsListener.host}:${apiMetrics.port}/metrics (API), :${workerMetrics.port} (webhook worker), :${daemon.metricsPort} (access daemon)
  Bus                 ${bus.kind === 'local' ? 'in-process' : 'Redis'}
  Mail                ${apiConfig.smtpUrl ? 'SMTP_URL' : `one file per mail in ${apiConfig.mailDropDir} (SMTP_URL not set)`}
  Demo sign-in        ${seed.signIn.identifier} / ${seed.signIn.password}${seed.created ? '  (demo tenant created)' : ''}
  Platform token      ${join(launcher.dataDir, 'platform-admin-token')} (unless PLATFORM_ADMIN_TOKEN is set)

  curl -s -X POST ${base}/auth/login -H 'content-type: application/json' \\
    -d '{"identifier":"${seed.signIn.identifier}","password":"${seed.signIn.password}"}'
`);

  startup.finished();
  handleShutdown(logger, async () => {
    removeInstanceRecord(launcher.dataDir);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await apiMetrics.close();
    await jobs?.stop();
    await api.close();
    await daemon.stop();
    await doorDataSource.destroy();
    await workerMetrics.close();
    await worker.stop();
    await bus.close();
    redis?.disconnect();
    await dataSource.destroy();
    if (embedded) await embedded.stop();
  });
} catch (err) {
  await startup.fail(err);
}
