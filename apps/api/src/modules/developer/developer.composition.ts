import { WebhookDeliveriesRepository } from '@wfm/webhooks/deliveries.repository';
import { WebhookSender } from '@wfm/webhooks/sender';
import { DeliveryAttempter } from '@wfm/webhooks/delivery-attempt';
import { WebhookDeliveryOperations } from '@wfm/webhooks/operations';
import type { RequestHandler } from 'express';
import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { ApiKeysRepository } from './keys/api-keys.repository.js';
import { ApiKeysService } from './keys/api-keys.service.js';
import { apiKeysRoutes } from './keys/api-keys.routes.js';
import { OAuthClientsRepository } from './oauth/oauth-clients.repository.js';
import { OAuthClientsService } from './oauth/oauth-clients.service.js';
import { oauthClientsRoutes } from './oauth/oauth-clients.routes.js';
import { OAuthTokenService } from './oauth/oauth-token.service.js';
import { oauthTokenRoutes } from './oauth/oauth-token.routes.js';
import { DeveloperApiRepository } from './public/developer-api.repository.js';
import { DeveloperApiService } from './public/developer-api.service.js';
import { developerApiRoutes } from './public/developer-api.routes.js';
import { RequestLogsRepository } from './request-logs/request-logs.repository.js';
import { RequestLogWriter, type RequestLogDrops } from './request-logs/request-log.writer.js';
import { RequestLogsService } from './request-logs/request-logs.service.js';
import { requestLogsRoutes } from './request-logs/request-logs.routes.js';
import { captureDeveloperRequests } from './request-logs/request-log.capture.js';
import { WebhooksRepository } from './webhooks/webhooks.repository.js';
import { WebhooksService } from './webhooks/webhooks.service.js';
import { webhooksRoutes } from './webhooks/webhooks.routes.js';
import { WebhookPortalRepository } from './webhook-portal/webhook-portal.repository.js';
import { WebhookPortalService } from './webhook-portal/webhook-portal.service.js';
import { webhookPortalRoutes } from './webhook-portal/webhook-portal.routes.js';

/** Rows per INSERT of the request log. */
const REQUEST_LOG_BATCH = 500;

export interface Developer {
  /** Mounted ahead of every route: records the requests a developer credential authenticated. */
  captureRequests: RequestHandler;
  jobs: JobDefinition[];
  requestLogDrops: () => RequestLogDrops;
  /** Writes what the request log holds in memory (tests, before reading it). */
  flushRequestLog(): Promise<void>;
  close(): Promise<void>;
}

/** API keys, OAuth clients and tokens, their request logs, the public developer API and webhooks. */
export function composeDeveloper(infra: Infrastructure, r: ApiRouter): Developer {
  const { config, ds, transaction, secrets, encryptor, clock, logger } = infra;
  apiKeysRoutes(r, new ApiKeysService(new ApiKeysRepository(ds), secrets, clock));
  const oauthClients = new OAuthClientsRepository(ds);
  oauthClientsRoutes(r, new OAuthClientsService(oauthClients, secrets, clock));
  oauthTokenRoutes(r, new OAuthTokenService(oauthClients, secrets, clock));
  const { keepPerCredential, retentionDays, flushMs, maxBuffered } = config.developerRequestLog;
  const requestLogs = new RequestLogsRepository(ds);
  const requestLogWriter = new RequestLogWriter(requestLogs, logger, { flushMs, maxBuffered, keepPerCredential, batchSize: Math.min(REQUEST_LOG_BATCH, maxBuffered) }).start();
  const requestLogService = new RequestLogsService(requestLogs, clock, { keepPerCredential, retentionDays });
  requestLogsRoutes(r, requestLogService);
  developerApiRoutes(r, new DeveloperApiService(new DeveloperApiRepository(ds), infra.publicLists), infra.publicOpenapi, infra.publicBaseUrl);
  const webhookDeliveries = new WebhookDeliveriesRepository(ds);
  const webhookSender = new WebhookSender({ timeoutMs: config.webhooks.timeoutMs, ca: config.webhooks.extraCa });
  const webhookAttempter = new DeliveryAttempter({ repository: webhookDeliveries, sender: webhookSender, encryptor, settings: config.webhooks, clock });
  const webhooks = new WebhooksService({
    repo: new WebhooksRepository(ds),
    transaction,
    encryptor,
    clock,
    egress: infra.egress,
    deliveries: new WebhookDeliveryOperations({ repository: webhookDeliveries, attempter: webhookAttempter, encryptor, clock, timeoutMs: config.webhooks.timeoutMs }),
    lists: infra.publicLists,
  });
  webhooksRoutes(r, webhooks);
  webhookPortalRoutes(r, new WebhookPortalService({ repo: new WebhookPortalRepository(ds), webhooks, secrets, clock, appUrl: infra.appUrl }));
  return {
    captureRequests: captureDeveloperRequests(requestLogWriter, clock),
    jobs: [{ name: 'developer-request-logs', cron: '*/10 * * * *', run: async () => void (await requestLogService.housekeep()) }],
    requestLogDrops: () => requestLogWriter.drops,
    flushRequestLog: () => requestLogWriter.flush(),
    close: () => requestLogWriter.stop(),
  };
}
