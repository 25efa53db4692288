import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { durationSeconds, envBool, envDuration, envEncryptionKey, envPort, logLevel, parseEnv } from '@wfm/core/config';
import { DEFAULT_DB_TIMEOUTS } from '@wfm/db/data-source';
import { defaultHashWorkers } from '@wfm/core/scrypt-pool';
import { defaultPdfThreads } from './pdf/pdf-worker-pool.js';
import { webhookEnvSchema, webhookSettingsFrom, type WebhookSettings } from '@wfm/webhooks/settings';
import { tracingConfigFrom, tracingEnvSchema, type TracingConfig } from '@wfm/core/tracing';
import { ms } from './config-fields.js';
import type { XeroSettings } from './modules/payroll/accounting/xero.client.js';
import { DERIVED_APP_FLAGS, mobileAppEnvFields, toMobileAppSettings, type MobileAppSettings } from './modules/platform/app-config/mobile-app.config.js';
import { checkWalletEnv, toWalletConfig, walletEnvFields, type WalletConfig } from './modules/access/wallet/wallet.config.js';
import { checkWhatsAppEnv, toWhatsAppConfig, whatsAppEnvFields, type WhatsAppSettings } from './modules/notifications/messaging/whatsapp.config.js';
import { checkTwilioEnv, toTwilioConfig, twilioEnvFields, type TwilioSettings } from './modules/notifications/messaging/twilio.config.js';
import { toXeroConfig, xeroEnvFields } from './modules/payroll/accounting/xero.config.js';
import { ssoEnvFields, toSsoConfig, type SsoConfig } from './modules/identity/sso/sso.config.js';
import { linkTextsEnvFields, toLinkTextsConfig, type LinkTextsConfig } from './modules/identity/auth/link-texts.config.js';
import { checkPushEnv, pushEnvFields, toPushConfig, type PushConfig } from './modules/notifications/push/push.config.js';

const schema = z.object({
  PORT: envPort.default(3000),
  HOST: z.string().default('0.0.0.0'),
  API_METRICS_HOST: z.string().default('127.0.0.1'),
  API_METRICS_PORT: envPort.default(9460),
  DATABASE_URL: z.string().url().optional(),
  REDIS_URL: z.string().url().optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_ACCESS_TTL: envDuration.default('15m'),
  JWT_REFRESH_TTL: envDuration.default('7d'),
  PLATFORM_ADMIN_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  TRUST_PROXY: z.string().default('false'),
  LOG_LEVEL: logLevel,
  ACCESS_DAEMON_URL: z.string().url().default('http://127.0.0.1:3001'),
  ACCESS_DOOR_ROUTES: z.enum(['embedded', 'forward']).optional(),
  PUBLIC_APP_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Workforce Platform <no-reply@localhost>'),
  MAIL_DROP_DIR: z.string().default('.data/mail'),
  FILE_STORAGE_DIR: z.string().default('.data/files'),
  WEB_APP_DIR: z.string().optional(),
  JSON_BODY_LIMIT: z.string().default('1mb'),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DB_STATEMENT_TIMEOUT_MS: ms(100).default(DEFAULT_DB_TIMEOUTS.statementTimeoutMs),
  DB_QUERY_TIMEOUT_MS: ms(100).default(DEFAULT_DB_TIMEOUTS.queryTimeoutMs),
  DB_CONNECT_TIMEOUT_MS: ms(100).default(DEFAULT_DB_TIMEOUTS.connectTimeoutMs),
  STATUS_CHECK_TIMEOUT_MS: ms(10).default(2_000),
  HTTP_HEADERS_TIMEOUT_MS: ms(100).default(10_000),
  HTTP_REQUEST_TIMEOUT_MS: ms(100).default(30_000),
  ACCESS_PROXY_BODY_TIMEOUT_MS: ms(10).default(5_000),
  ACCESS_PROXY_MAX_PER_CLIENT: z.coerce.number().int().min(1).max(256).default(32),
  ACCESS_PROXY_TIMEOUT_MS: ms(100).default(10_000),
  PASSWORD_HASH_COST: z.enum(['owasp', 'test']).default('owasp'),
  PASSWORD_HASH_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(0).max(10_000).default(8),
  PDF_WORKERS: z.coerce.number().int().min(1).max(16).optional(),
  PDF_QUEUE: z.coerce.number().int().min(0).max(1_000).default(16),
  PDF_TASK_TIMEOUT_MS: ms(50).max(600_000).default(10_000),
  SECRET_PEPPER: z.string().min(16).optional(),
  ACCESS_PROPAGATION_TIMEOUT_MS: ms(0).default(250),
  IDEMPOTENCY_TTL_HOURS: z.coerce.number().int().min(24).max(24 * 30).default(24),
  IDEMPOTENCY_WAIT_MS: ms(1).max(60_000).default(10_000),
  IDEMPOTENCY_MAX_RESPONSE_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(256 * 1024),
  MIGRATE_ON_START: envBool.default(true),
  JOBS_ENABLED: envBool.default(true),
  ...xeroEnvFields,
  ...ssoEnvFields,
  ...whatsAppEnvFields,
  ...twilioEnvFields,
  ...linkTextsEnvFields,
  ...pushEnvFields,
  MISSED_CLOCK_OUT_GRACE_MIN: z.coerce.number().int().min(0).max(24 * 60).default(120),
  CAREERS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
  DEVELOPER_REQUEST_LOG_LIMIT: z.coerce.number().int().min(1).max(100_000).default(1_000),
  DEVELOPER_REQUEST_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(365).default(14),
  DEVELOPER_REQUEST_LOG_FLUSH_MS: ms(10).max(60_000).default(1_000),
  DEVELOPER_REQUEST_LOG_BUFFER: z.coerce.number().int().min(1).max(1_000_000).default(10_000),
  DATA_ENCRYPTION_KEY: envEncryptionKey,
  SALES_LEADS_EMAIL: z.email().optional(),
  ...mobileAppEnvFields,
  ...walletEnvFields,
  ...webhookEnvSchema.shape,
  ...tracingEnvSchema.shape,
});

/** Cross-field rules, checked with the rest so that an operator sees every problem at once. */
const checkedSchema = schema.superRefine((e, ctx) => {
  // Node refuses a header bound longer than the whole-request bound.
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    ctx.addIssue({ code: 'custom', path: ['HTTP_HEADERS_TIMEOUT_MS'], message: 'must not exceed HTTP_REQUEST_TIMEOUT_MS' });
  }
  // The server's statement_timeout should fire first (a clean cancel); the client bound is for a frozen server.
  if (e.DB_QUERY_TIMEOUT_MS <= e.DB_STATEMENT_TIMEOUT_MS) {
    ctx.addIssue({ code: 'custom', path: ['DB_QUERY_TIMEOUT_MS'], message: 'must exceed DB_STATEMENT_TIMEOUT_MS' });
  }
  checkWhatsAppEnv(e, ctx);
  checkTwilioEnv(e, ctx);
  checkPushEnv(e, ctx);
  checkWalletEnv(e, ctx);
});

type Env = z.infer<typeof schema>;

export interface ApiConfig {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  jwtSecret: string | undefined;
  accessTtlSeconds: number;
  refreshTtlSeconds: number;
  accessTtlLabel: string;
  refreshTtlLabel: string;
  platformAdminToken: string | undefined;
  trustProxy: boolean | number | string;
  logLevel: Env['LOG_LEVEL'];
  accessDaemonUrl: string;
  /** How the split API answers the door routes; unset: embedded under `npm run start:api`, forward for the bare API entry. */
  accessDoorRoutes: 'embedded' | 'forward' | undefined;
  publicAppUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How long an access change waits for every live daemon's acknowledgement before answering `partial`. */
  accessPropagationTimeoutMs: number;
  /** Idempotency-Key (issue 32): how long a key and its answer are kept, how long a retry waits for the first request, the largest answer kept. */
  idempotency: { ttlHours: number; waitMs: number; maxResponseBytes: number };
  /** Without SMTP, where each mail is written as a file (0600) instead of being logged. */
  mailDropDir: string;
  /** Where uploaded and generated files are kept (e-signature documents, résumés, logos). */
  fileStorageDir: string;
  /** The built web app served at / (apps/web/dist/public); null: none is served. */
  webAppDir: string | null;
  jsonBodyLimit: string;
  dbPoolSize: number;
  /** Spread into createDataSource: server-side statement bound, client-side reply bound, connect/pool-wait bound. */
  dbTimeouts: { statementTimeoutMs: number; queryTimeoutMs: number; connectTimeoutMs: number };
  /** Each dependency check of GET /status answers "down" after this. */
  statusCheckTimeoutMs: number;
  /** The operator listener serving GET /metrics, apart from the public port. */
  metricsListener: { host: string; port: number };
  /** Bounds on receiving a request, for createApiServer. */
  httpServer: { headersTimeoutMs: number; requestTimeoutMs: number };
  /** The forwarder of the door routes to the daemon (no gateway in front). */
  accessProxy: { bodyTimeoutMs: number; maxPerClient: number; upstreamTimeoutMs: number };
  passwordHashCost: 'owasp' | 'test';
  /** Threads of the API's own password-hashing pool, and how many hashes may wait for one. */
  passwordHashing: { workers: number; maxQueue: number };
  /** Threads of the API's PDF pool, how many tasks may wait for one, and each task's time budget. */
  pdf: { threads: number; maxQueue: number; taskTimeoutMs: number };
  secretPepper: string | undefined;
  migrateOnStart: boolean;
  /** The platform's Xero app; null (unset client id) switches the accounting integration off. */
  xero: XeroSettings | null;
  /** Whether this process runs the job runner (each scheduled run happens once across all that do). */
  jobsEnabled: boolean;
  /** Single sign-on: the platform's "Sign in with Google" app (null: not offered), SAML clock tolerance, provider timeout. */
  sso: SsoConfig;
  /** The platform's WhatsApp Cloud API number for messages to phones; null (unset) leaves them logged and unsent. */
  whatsapp: WhatsAppSettings | null;
  /** The platform's Twilio account for SMS; null (unset) leaves text messages logged and unsent. */
  twilio: TwilioSettings | null;
  /** Bounds on the paid text messages that carry reset and invite links (SMS pumping). */
  linkTexts: LinkTextsConfig;
  /** Web Push's VAPID identity (null: push is off) and the deadline of one push. */
  push: PushConfig;
  /** How long after its scheduled end a shift still in progress is closed by the missed clock-out job. */
  missedClockOutGraceMs: number;
  /** How long a decided (HIRED, REJECTED, WITHDRAWN) job application and its résumé are kept. */
  careersRetentionDays: number;
  /**
   * The request log of each developer credential: rows kept per credential and for how long, how
   * often recorded requests are written, and how many may wait in memory before new ones are dropped.
   */
  developerRequestLog: { keepPerCredential: number; retentionDays: number; flushMs: number; maxBuffered: number };
  /** Key of the sealed columns (access signing keys, integration secrets); see AesGcmEncryptor. */
  dataEncryptionKey: string | undefined;
  /** The test route and redeliver attempt from the API, with the worker's settings. */
  webhooks: WebhookSettings;
  /** OpenTelemetry traces (the OTEL_* variables); off unless OTEL_TRACES_EXPORTER names an exporter. */
  tracing: TracingConfig;
  /** Where the public sales-enquiry form's leads are mailed; unset: they are only stored. */
  salesLeadsEmail: string | undefined;
  /** GET /app/config: what the mobile apps read before anyone signs in. */
  mobileApp: MobileAppSettings;
  /** Apple Wallet door passes; null (WALLET_PASS_TYPE_IDENTIFIER unset) switches them off. */
  wallet: WalletConfig | null;
}

export { DERIVED_APP_FLAGS };
export type { MobileAppSettings, WalletConfig };

/** Express's trust-proxy accepts booleans, hop counts and address lists; keep the operator's intent. */
function parseTrustProxy(v: string): boolean | number | string {
  if (v === 'false' || v === '0' || v === '') return false;
  if (v === 'true') return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export function loadApiConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const e = parseEnv(checkedSchema, env);
  // Unset: the address this process answers on, so links and the OpenAPI servers entry follow PORT.
  const publicAppUrl = e.PUBLIC_APP_URL ?? `http://localhost:${e.PORT}`;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET,
    accessTtlSeconds: durationSeconds(e.JWT_ACCESS_TTL),
    refreshTtlSeconds: durationSeconds(e.JWT_REFRESH_TTL),
    accessTtlLabel: e.JWT_ACCESS_TTL,
    refreshTtlLabel: e.JWT_REFRESH_TTL,
    platformAdminToken: e.PLATFORM_ADMIN_TOKEN,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    accessDaemonUrl: e.ACCESS_DAEMON_URL,
    accessDoorRoutes: e.ACCESS_DOOR_ROUTES,
    publicAppUrl,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    accessPropagationTimeoutMs: e.ACCESS_PROPAGATION_TIMEOUT_MS,
    idempotency: { ttlHours: e.IDEMPOTENCY_TTL_HOURS, waitMs: e.IDEMPOTENCY_WAIT_MS, maxResponseBytes: e.IDEMPOTENCY_MAX_RESPONSE_BYTES },
    mailDropDir: e.MAIL_DROP_DIR,
    fileStorageDir: e.FILE_STORAGE_DIR,
    // Unset: the workspace's build next to this package; set empty: no web app (an API-only deployment).
    webAppDir: e.WEB_APP_DIR === '' ? null : (e.WEB_APP_DIR ?? fileURLToPath(new URL('../../web/dist/public', import.meta.url))),
    jsonBodyLimit: e.JSON_BODY_LIMIT,
    dbPoolSize: e.DB_POOL_SIZE,
    dbTimeouts: { statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS, queryTimeoutMs: e.DB_QUERY_TIMEOUT_MS, connectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS },
    statusCheckTimeoutMs: e.STATUS_CHECK_TIMEOUT_MS,
    metricsListener: { host: e.API_METRICS_HOST, port: e.API_METRICS_PORT },
    httpServer: { headersTimeoutMs: e.HTTP_HEADERS_TIMEOUT_MS, requestTimeoutMs: e.HTTP_REQUEST_TIMEOUT_MS },
    accessProxy: { bodyTimeoutMs: e.ACCESS_PROXY_BODY_TIMEOUT_MS, maxPerClient: e.ACCESS_PROXY_MAX_PER_CLIENT, upstreamTimeoutMs: e.ACCESS_PROXY_TIMEOUT_MS },
    passwordHashCost: e.PASSWORD_HASH_COST,
    passwordHashing: { workers: e.PASSWORD_HASH_WORKERS ?? defaultHashWorkers(), maxQueue: e.PASSWORD_HASH_QUEUE },
    pdf: { threads: e.PDF_WORKERS ?? defaultPdfThreads(), maxQueue: e.PDF_QUEUE, taskTimeoutMs: e.PDF_TASK_TIMEOUT_MS },
    secretPepper: e.SECRET_PEPPER,
    migrateOnStart: e.MIGRATE_ON_START,
    jobsEnabled: e.JOBS_ENABLED,
    sso: toSsoConfig(e),
    xero: toXeroConfig(e),
    whatsapp: toWhatsAppConfig(e),
    twilio: toTwilioConfig(e, publicAppUrl),
    linkTexts: toLinkTextsConfig(e),
    push: toPushConfig(e),
    missedClockOutGraceMs: e.MISSED_CLOCK_OUT_GRACE_MIN * 60_000,
    careersRetentionDays: e.CAREERS_RETENTION_DAYS,
    developerRequestLog: {
      keepPerCredential: e.DEVELOPER_REQUEST_LOG_LIMIT,
      retentionDays: e.DEVELOPER_REQUEST_LOG_RETENTION_DAYS,
      flushMs: e.DEVELOPER_REQUEST_LOG_FLUSH_MS,
      maxBuffered: e.DEVELOPER_REQUEST_LOG_BUFFER,
    },
    dataEncryptionKey: e.DATA_ENCRYPTION_KEY,
    webhooks: webhookSettingsFrom(e),
    tracing: tracingConfigFrom(e),
    salesLeadsEmail: e.SALES_LEADS_EMAIL,
    mobileApp: toMobileAppSettings(e),
    wallet: toWalletConfig(e),
  };
}
