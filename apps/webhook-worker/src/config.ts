import { z } from 'zod';
import { envEncryptionKey, envPort, logLevel, parseEnv } from '@wfm/core/config';
import { tracingConfigFrom, tracingEnvSchema, type TracingConfig } from '@wfm/core/tracing';
import { webhookEnvSchema, webhookSettingsFrom, type WebhookSettings } from '@wfm/webhooks/settings';

const schema = webhookEnvSchema.extend({
  ...tracingEnvSchema.shape,
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: logLevel,
  DATA_ENCRYPTION_KEY: envEncryptionKey,
  WEBHOOK_METRICS_HOST: z.string().default('127.0.0.1'),
  WEBHOOK_METRICS_PORT: envPort.default(9461),
});

export interface WorkerConfig {
  databaseUrl: string | undefined;
  logLevel: string;
  /** Unseals subscription secrets; the API's key. */
  dataEncryptionKey: string | undefined;
  webhooks: WebhookSettings;
  /** The operator listener serving GET /metrics. */
  metricsListener: { host: string; port: number };
  tracing: TracingConfig;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = parseEnv(schema, env);
  return {
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    webhooks: webhookSettingsFrom(e),
    metricsListener: { host: e.WEBHOOK_METRICS_HOST, port: e.WEBHOOK_METRICS_PORT },
    tracing: tracingConfigFrom(e),
  };
}
