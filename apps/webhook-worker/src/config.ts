import { z } from 'zod';
import { envEncryptionKey, logLevel, parseEnv } from '@wfm/core/config';
import { webhookEnvSchema, webhookSettingsFrom, type WebhookSettings } from '@wfm/webhooks/settings';

const schema = webhookEnvSchema.extend({
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: logLevel,
  DATA_ENCRYPTION_KEY: envEncryptionKey,
});

export interface WorkerConfig {
  databaseUrl: string | undefined;
  logLevel: string;
  /** Unseals subscription secrets; the API's key. */
  dataEncryptionKey: string | undefined;
  webhooks: WebhookSettings;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = parseEnv(schema, env);
  return {
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    webhooks: webhookSettingsFrom(e),
  };
}
