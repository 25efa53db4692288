import { existsSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { logLevel, parseEnv } from '@wfm/core/config';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import { webhookEnvSchema, webhookSettingsFrom, type WebhookSettings } from '@wfm/webhooks/settings';

const schema = webhookEnvSchema.extend({
  DATABASE_URL: z.string().url().optional(),
  LOG_LEVEL: logLevel,
  DATA_ENCRYPTION_KEY: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      if (v === undefined) return;
      try {
        new AesGcmEncryptor(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  WEBHOOK_CA_FILE: z
    .string()
    .optional()
    .refine((v) => v === undefined || existsSync(v), 'must name an existing PEM file'),
});

export interface WorkerConfig {
  databaseUrl: string | undefined;
  logLevel: string;
  /** Unseals subscription secrets; the API's key. */
  dataEncryptionKey: string | undefined;
  webhooks: WebhookSettings;
  /** PEM of extra CAs trusted for webhook receivers (private-CA receivers), on top of the system store. */
  webhookCa: string | undefined;
}

export function loadWorkerConfig(env: NodeJS.ProcessEnv = process.env): WorkerConfig {
  const e = parseEnv(schema, env);
  return {
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    webhooks: webhookSettingsFrom(e),
    webhookCa: e.WEBHOOK_CA_FILE === undefined ? undefined : readFileSync(e.WEBHOOK_CA_FILE, 'utf8'),
  };
}
