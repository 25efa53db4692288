import type { Express } from 'express';
import proxyAddr from 'proxy-addr';
import type { DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import type { Redis } from '@wfm/memory/redis';
import { FlexibleRateLimiter, type RateLimiter } from '@wfm/memory/rate-limiter';
import type { Logger } from '@wfm/core/logger';
import type { Clock } from '@wfm/core/clock';
import type { ScryptWorkerPool } from '@wfm/core/scrypt-pool';
import type { JobDefinition } from '@wfm/jobs/job-runner';
import { buildInfrastructure, type InfraConfig } from './composition/infrastructure.js';
import { webAppRouter } from './http/web-app.js';
import { createApp } from './app.js';
import { ApiRouter } from './http/api-router.js';
import { AuthGuards } from './http/auth.guard.js';
import { RateLimitMiddleware } from './http/rate-limit.middleware.js';
import type { OpenApiDocument } from './http/openapi.js';
import { ApiMetrics } from './http/metrics.js';
import { Idempotency, type IdempotencySeams } from './http/idempotency/idempotency.service.js';
import { IdempotencyRepository } from './http/idempotency/idempotency.repository.js';
import { DoorPath, httpDoorUpstream, type DoorUpstream } from './http/daemon-proxy.js';
import { DocsCatalog, docsRoutes } from './modules/platform/docs/docs.routes.js';
import { PrincipalRepository } from './modules/identity/auth/principal.repository.js';
import { AccessTokenResolver } from './modules/identity/auth/access-token.resolver.js';
import { DeveloperAuthRepository } from './modules/developer/auth/developer-auth.repository.js';
import { DeveloperAuthService } from './modules/developer/auth/developer-auth.service.js';
import { KioskAuthService } from './modules/time/kiosks/kiosk-auth.service.js';
import { KiosksRepository } from './modules/time/kiosks/kiosks.repository.js';
import { WebhookPortalAuth } from './modules/developer/webhook-portal/webhook-portal-auth.service.js';
import { WebhookPortalRepository } from './modules/developer/webhook-portal/webhook-portal.repository.js';
import type { TxtResolver } from './modules/identity/sso/sso-domains.service.js';
import type { PropagationMetrics } from './modules/access/feed/propagation.js';
import type { PdfWorkerPool } from './pdf/pdf-worker-pool.js';
import { composeNotifications } from './modules/notifications/notifications.composition.js';
import { composeAccess } from './modules/access/access.composition.js';
import { composeIdentity } from './modules/identity/identity.composition.js';
import { composeOrganization, composeTenantProvisioning } from './modules/organization/organization.composition.js';
import { composeContractImport, composePeople } from './modules/people/people.composition.js';
import { composePlatform } from './modules/platform/platform.composition.js';
import { composePayroll } from './modules/payroll/payroll.composition.js';
import { composeEsign } from './modules/esign/esign.composition.js';
import { composeScheduling } from './modules/scheduling/scheduling.composition.js';
import { composeCompliance } from './modules/compliance/compliance.composition.js';
import { composeOperations } from './modules/operations/operations.composition.js';
import { composeLeaveLedger, composeTime } from './modules/time/time.composition.js';
import { composeCareers } from './modules/careers/careers.composition.js';
import { composeDeveloper } from './modules/developer/developer.composition.js';
import { composeReports } from './modules/reports/reports.composition.js';

export interface ApiInfra {
  config: InfraConfig;
  dataSource: DataSource;
  bus: Bus;
  redis: Redis | null;
  logger: Logger;
  clock: Clock;
  /** False in tests that do not run a daemon. */
  proxyDaemon?: boolean;
  /** The daemon in this process (the all-in-one start); otherwise the door routes go to ACCESS_DAEMON_URL over HTTP. */
  doorUpstream?: DoorUpstream;
  /** Replaces the store-backed limiter (the benchmark lifts the limits but keeps the counting cost). */
  rateLimiter?: RateLimiter;
  /** DNS TXT lookups for SSO domain verification (tests answer from a table). */
  resolveTxt?: TxtResolver;
  /** Tests only: where an idempotent request is made to crash around its commit. */
  idempotencySeams?: IdempotencySeams;
}

export interface BuiltApi {
  app: Express;
  /** The door routes, for createApiServer to dispatch before Express; null when no daemon is proxied. */
  door: DoorPath | null;
  openapi: OpenApiDocument;
  /** Access changes by propagation outcome (X-Access-Propagation), in the metrics and for tests. */
  accessPropagation: PropagationMetrics;
  /** The timed work of the API, for the one job runner (@wfm/jobs) its entry points start; tests run a job by calling it. */
  jobs: readonly JobDefinition[];
  /** Requests by route and status, latency, access propagation: served by the operator listener (API_METRICS_PORT). */
  metrics: ApiMetrics;
  /** The password-hashing threads (tests fill them to see the 503). */
  passwordHashing: ScryptWorkerPool;
  /** Resolves once every notification delivery started so far has been attempted (tests, shutdown). */
  notificationsIdle(): Promise<void>;
  /** Writes the developer request log's buffered rows now (tests, before reading it). */
  flushRequestLog(): Promise<void>;
  /** The PDF threads (tests watch a task in progress). */
  pdf: PdfWorkerPool;
  /** Ends what the API runs besides its HTTP server (the hashing and PDF threads); call after the server has closed. */
  close(): Promise<void>;
}

/**
 * The API's one composition root, wired by hand: the shared infrastructure, the HTTP edge, then
 * each domain's composer (modules/<domain>/<domain>.composition.ts) in the order of what it needs.
 * Three parts are made ahead of their domain because a domain composed earlier needs them and they
 * need nothing but their own tables: tenant provisioning (identity's sign-up; organization's users
 * need identity's sessions) and the contract import (organization's users write contracts in a
 * bulk import; contracts deactivate users). The leave ledger is the third: offboarding settles from
 * it, and leave (time) weighs requests against it. No service is handed over late.
 */
export function buildApi(api: ApiInfra): BuiltApi {
  const { config, dataSource: ds, logger, clock } = api;
  const infra = buildInfrastructure(api);
  const limiter = api.rateLimiter ?? new FlexibleRateLimiter(api.redis);
  const rateLimit = new RateLimitMiddleware(limiter, infra.tokens);
  const portalAuth = new WebhookPortalAuth(new WebhookPortalRepository(ds), infra.secrets, clock);
  const auth = new AuthGuards(
    new AccessTokenResolver(infra.tokens, new PrincipalRepository(ds), clock),
    config.platformAdminToken,
    new DeveloperAuthService(new DeveloperAuthRepository(ds), infra.secrets, clock, logger),
    new KioskAuthService(new KiosksRepository(ds), infra.secrets, clock),
    portalAuth,
  );
  const idempotency = new Idempotency(infra.held, new IdempotencyRepository(ds), clock, logger, config.idempotency, infra.accessFeed, api.idempotencySeams);
  const r = new ApiRouter({ auth, rateLimit, openapi: infra.openapi, publicOpenapi: infra.publicOpenapi, idempotency });

  const notifications = composeNotifications(infra, r);
  const access = composeAccess(infra, r, notifications);
  const provisioning = composeTenantProvisioning(infra);
  const identity = composeIdentity(infra, r, { provisioning, accessGrants: access.grants, resolveTxt: api.resolveTxt, texts: notifications.phoneLinks, limiter });
  const organization = composeOrganization(infra, r, { inviter: identity.inviter, sessions: identity.sessions, accessGrants: access.grants, contracts: composeContractImport(infra) });
  const leaveLedger = composeLeaveLedger(infra);
  const people = composePeople(infra, r, { users: organization.users, leaveLedger });
  const { health } = composePlatform(infra, r, { provisioning, tenants: organization.tenants });
  const { compliance } = composeCompliance(infra, r);
  composePayroll(infra, r, { companyName: organization.companyName, compliance });
  const { notifier } = notifications;
  composeEsign(infra, r, { notifier });
  const scheduling = composeScheduling(infra, r, { compliance, notifier });
  const { shifts } = scheduling;
  const operations = composeOperations(infra, r, { shifts, notifier });
  const time = composeTime(infra, r, { shifts, leaveLedger, compliance, notifier });
  const careers = composeCareers(infra, r, organization);
  const developer = composeDeveloper(infra, r);
  composeReports(infra, r, { companyName: organization.companyName });

  const app = createApp({
    logger,
    trustProxy: config.trustProxy,
    jsonBodyLimit: config.jsonBodyLimit,
    rateLimit,
    routers: [r.router, docsRoutes(new DocsCatalog(infra.openapi, infra.publicBaseUrl))],
    observers: [developer.captureRequests],
    ownErrors: identity.ownErrors,
    webApp: config.webAppDir === null ? null : webAppRouter(config.webAppDir, { portalFrameOrigins: (linkId) => portalAuth.frameOrigins(linkId), portalRateLimit: rateLimit.for('GET', '/portal/:linkId') }),
  });
  const upstream = api.proxyDaemon === false ? null : (api.doorUpstream ?? httpDoorUpstream(config.accessDaemonUrl, config.accessProxy.upstreamTimeoutMs));
  // Express's own rule (proxy-addr with the app's trust function), so the per-address cap keys on the
  // address every other route sees (TRUST_PROXY).
  const door = upstream && new DoorPath({ upstream, limits: config.accessProxy, logger, clientIp: (req) => proxyAddr(req, app.get('trust proxy fn')) });
  const { accessPropagation, passwordHashing, pdf } = infra;
  return {
    app,
    door,
    openapi: infra.openapi,
    accessPropagation,
    jobs: [{ name: 'idempotency-keys-cleanup', cron: '17 * * * *', run: async () => void (await idempotency.deleteExpired()) }, ...time.jobs, ...people.jobs, ...identity.jobs, ...careers.jobs, ...access.jobs, ...operations.jobs, ...scheduling.jobs, ...developer.jobs, ...notifications.jobs],
    metrics: new ApiMetrics({
      accessChanges: () => ({ complete: accessPropagation.complete, partial: accessPropagation.partial }),
      dependencies: async () => (await health.status()).checks,
      requestLogDrops: developer.requestLogDrops,
      linkTextsWithheld: identity.linkTextsWithheld,
    }),
    flushRequestLog: developer.flushRequestLog,
    notificationsIdle: () => notifications.centre.idle(),
    passwordHashing,
    pdf,
    close: async () => {
      upstream?.close();
      await notifications.centre.idle();
      await access.close();
      await scheduling.close();
      await developer.close();
      await passwordHashing.close();
      await pdf.close();
    },
  };
}
