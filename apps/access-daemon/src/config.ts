import { z } from 'zod';
import { envPort, logLevel, parseEnv } from '@wfm/core/config';
import type { DataSourceOptions } from '@wfm/db/data-source';
import type { GcSettings } from './gc-settings.js';
import { tracingConfigFrom, tracingEnvSchema, type TracingConfig } from '@wfm/core/tracing';

const schema = z.object({
  ...tracingEnvSchema.shape,
  ACCESS_DAEMON_PORT: envPort.default(3001),
  ACCESS_DAEMON_HOST: z.string().default('0.0.0.0'),
  ACCESS_METRICS_PORT: envPort.default(9464),
  ACCESS_METRICS_HOST: z.string().default('127.0.0.1'),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: logLevel,
  ACCESS_RECONCILE_INTERVAL_S: z.coerce.number().positive().default(10),
  ACCESS_AUDIT_SPOOL_PATH: z.string().default('.data/access-audit-spool.ndjson'),
  ACCESS_SNAPSHOT_PATH: z.string().min(1).optional(),
  ACCESS_START_WAIT_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
  ACCESS_AUDIT_BATCH_MAX: z.coerce.number().int().min(1).max(5000).default(500),
  ACCESS_SPOOL_REPLAY_INTERVAL_MS: z.coerce.number().int().min(50).default(200),
  ACCESS_AUDIT_JOURNAL_MAX_MB: z.coerce.number().int().min(1).max(1_048_576).default(1024),
  ACCESS_DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(8),
  ACCESS_AUDIT_COMMIT_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  ACCESS_GRANT_EXPIRY_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
  ACCESS_DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  ACCESS_DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(12_000),
  ACCESS_DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  ACCESS_MAX_READERS_PER_TENANT: z.coerce.number().int().min(1).default(1000),
  ACCESS_GC_HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).default(100),
  ACCESS_GC_CONCURRENT_MARKING: z.enum(['auto', 'on', 'off']).default('auto'),
  ACCESS_GC_PRETENURING: z.enum(['auto', 'on', 'off']).default('auto'),
});

export interface DaemonConfig {
  port: number;
  host: string;
  /** The operator listener (/metrics and the detailed /health): loopback unless the operator opens it. */
  metricsPort: number;
  metricsHost: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  logLevel: string;
  reconcileIntervalMs: number;
  spoolPath: string;
  /** The stored cache a restart serves from when the database or Redis is out of reach; next to the spool unless set. */
  snapshotPath: string | undefined;
  /** How long a start waits for the database and Redis before serving from the stored cache. */
  startWaitMs: number;
  auditBatchMax: number;
  /** How often the journal is shipped to PostgreSQL (and, with nothing to ship, the database probed). */
  spoolReplayIntervalMs: number;
  /** Past this many bytes on disk, the journal drops its oldest unshipped rows. */
  journalMaxBytes: number;
  dbPoolSize: number;
  /** Bound on one audit statement on the door path; past it the rows are spooled and the door answered. */
  auditCommitTimeoutMs: number;
  /** Bound on the first-expired-tap UPDATE; past it the daemon decides "Access expired" locally. */
  grantExpiryTimeoutMs: number;
  dbStatementTimeoutMs: number;
  dbQueryTimeoutMs: number;
  dbConnectTimeoutMs: number;
  /** Distinct readers a tenant's heartbeats may register; an unknown reader beyond it is refused. */
  maxReadersPerTenant: number;
  /** The V8 settings the process answering doors runs with (gc-settings.ts). */
  gc: GcSettings;
  /** OpenTelemetry traces (the OTEL_* variables); off unless OTEL_TRACES_EXPORTER names an exporter. */
  tracing: TracingConfig;
}

export function loadDaemonConfig(env: NodeJS.ProcessEnv = process.env): DaemonConfig {
  const e = parseEnv(schema, env);
  return {
    port: e.ACCESS_DAEMON_PORT,
    host: e.ACCESS_DAEMON_HOST,
    metricsPort: e.ACCESS_METRICS_PORT,
    metricsHost: e.ACCESS_METRICS_HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    reconcileIntervalMs: e.ACCESS_RECONCILE_INTERVAL_S * 1000,
    spoolPath: e.ACCESS_AUDIT_SPOOL_PATH,
    snapshotPath: e.ACCESS_SNAPSHOT_PATH,
    startWaitMs: e.ACCESS_START_WAIT_MS,
    auditBatchMax: e.ACCESS_AUDIT_BATCH_MAX,
    spoolReplayIntervalMs: e.ACCESS_SPOOL_REPLAY_INTERVAL_MS,
    journalMaxBytes: e.ACCESS_AUDIT_JOURNAL_MAX_MB * 1024 * 1024,
    dbPoolSize: e.ACCESS_DB_POOL_SIZE,
    auditCommitTimeoutMs: e.ACCESS_AUDIT_COMMIT_TIMEOUT_MS,
    grantExpiryTimeoutMs: e.ACCESS_GRANT_EXPIRY_TIMEOUT_MS,
    dbStatementTimeoutMs: e.ACCESS_DB_STATEMENT_TIMEOUT_MS,
    dbQueryTimeoutMs: e.ACCESS_DB_QUERY_TIMEOUT_MS,
    dbConnectTimeoutMs: e.ACCESS_DB_CONNECT_TIMEOUT_MS,
    maxReadersPerTenant: e.ACCESS_MAX_READERS_PER_TENANT,
    gc: { heapGrowthPercent: e.ACCESS_GC_HEAP_GROWTH_PERCENT, concurrentMarking: e.ACCESS_GC_CONCURRENT_MARKING, pretenuring: e.ACCESS_GC_PRETENURING },
    tracing: tracingConfigFrom(e),
  };
}

/**
 * The daemon's own pool (split mode): bounds short enough that a frozen database fails the cache
 * loads and frees stuck connections within seconds, not the 30 s the API's pool allows.
 */
export function daemonDataSourceOptions(config: DaemonConfig, url: string): DataSourceOptions {
  return {
    url,
    poolSize: config.dbPoolSize,
    applicationName: 'wfm-access-daemon',
    statementTimeoutMs: config.dbStatementTimeoutMs,
    queryTimeoutMs: config.dbQueryTimeoutMs,
    connectTimeoutMs: config.dbConnectTimeoutMs,
  };
}
