import type { Express } from 'express';
import proxyAddr from 'proxy-addr';
import type { DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import { pingRedis, type Redis } from '@wfm/memory/redis';
import { FlexibleRateLimiter, type RateLimiter } from '@wfm/memory/rate-limiter';
import type { Logger } from '@wfm/core/logger';
import type { Clock } from '@wfm/core/clock';
import type { ScryptWorkerPool } from '@wfm/core/scrypt-pool';
import { composeScheduling } from './modules/scheduling/scheduling.composition.js';
import { composeOperations } from './modules/operations/operations.composition.js';
import { composePayroll } from './modules/payroll/payroll.composition.js';
import { composeEsign } from './modules/esign/esign.composition.js';
import { composeCareers } from './modules/careers/careers.composition.js';
import { composeNotifications } from './modules/notifications/notifications.composition.js';
import { buildInfrastructure, type InfraConfig } from './composition/infrastructure.js';
import { webAppRouter } from './http/web-app.js';
import { createApp } from './app.js';
import { ApiRouter } from './http/api-router.js';
import { AuthGuards } from './http/auth.guard.js';
import { RateLimitMiddleware } from './http/rate-limit.middleware.js';
import type { OpenApiDocument } from './http/openapi.js';
import { ApiMetrics } from './http/metrics.js';
import type { JobDefinition } from '@wfm/jobs/job-runner';
import { documentDoorRoutes } from './http/door-routes.openapi.js';
import { docsRoutes } from './modules/platform/docs/docs.routes.js';
import { DoorPath, httpDoorUpstream, type DoorUpstream } from './http/daemon-proxy.js';
import { PrincipalRepository } from './modules/identity/auth/principal.repository.js';
import { AccessTokenResolver } from './modules/identity/auth/access-token.resolver.js';
import { AuthRepository } from './modules/identity/auth/auth.repository.js';
import { AuthService } from './modules/identity/auth/auth.service.js';
import { SessionService } from './modules/identity/auth/session.service.js';
import { PasswordResetService } from './modules/identity/auth/password-reset.service.js';
import { InviteService } from './modules/identity/auth/invite.service.js';
import { EmailVerificationService } from './modules/identity/auth/email-verification.service.js';
import { authRoutes } from './modules/identity/auth/auth.routes.js';
import { TenantProvisioningRepository } from './modules/organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from './modules/organization/tenants/tenant-provisioning.service.js';
import { TenantsRepository } from './modules/organization/tenants/tenants.repository.js';
import { TenantsService } from './modules/organization/tenants/tenants.service.js';
import { tenantsRoutes } from './modules/organization/tenants/tenants.routes.js';
import { platformRoutes } from './modules/platform/operator/platform.routes.js';
import { UsersRepository } from './modules/organization/users/users.repository.js';
import { UsersService } from './modules/organization/users/users.service.js';
import { usersRoutes } from './modules/organization/users/users.routes.js';
import { OutletsRepository } from './modules/organization/outlets/outlets.repository.js';
import { OutletsService } from './modules/organization/outlets/outlets.service.js';
import { outletsRoutes } from './modules/organization/outlets/outlets.routes.js';
import { ContractsRepository } from './modules/people/contracts/contracts.repository.js';
import { ContractsService } from './modules/people/contracts/contracts.service.js';
import { ContractImportService } from './modules/people/contracts/contract-import.service.js';
import { contractsRoutes } from './modules/people/contracts/contracts.routes.js';
import { DisciplinaryRepository } from './modules/people/disciplinary/disciplinary.repository.js';
import { DisciplinaryService } from './modules/people/disciplinary/disciplinary.service.js';
import { disciplinaryRoutes } from './modules/people/disciplinary/disciplinary.routes.js';
import { TrainingRepository } from './modules/people/training/training.repository.js';
import { TrainingService } from './modules/people/training/training.service.js';
import { trainingRoutes } from './modules/people/training/training.routes.js';
import { OffboardingRepository } from './modules/people/offboarding/offboarding.repository.js';
import { OffboardingService } from './modules/people/offboarding/offboarding.service.js';
import { offboardingRoutes } from './modules/people/offboarding/offboarding.routes.js';
import { resolveTxt } from 'node:dns/promises';
import { KioskAuthService } from './modules/time/kiosks/kiosk-auth.service.js';
import { KiosksRepository } from './modules/time/kiosks/kiosks.repository.js';
import { kiosksRoutes } from './modules/time/kiosks/kiosks.routes.js';
import { KiosksService } from './modules/time/kiosks/kiosks.service.js';
import { OidcClient } from './modules/identity/sso/oidc.client.js';
import { SamlClient } from './modules/identity/sso/saml.client.js';
import { SsoConnectionsService } from './modules/identity/sso/sso-connections.service.js';
import { SsoDomainsService, type TxtResolver } from './modules/identity/sso/sso-domains.service.js';
import { SsoRepository } from './modules/identity/sso/sso.repository.js';
import { ssoRoutes } from './modules/identity/sso/sso.routes.js';
import { SsoService } from './modules/identity/sso/sso.service.js';
import { ScimRepository } from './modules/identity/scim/scim.repository.js';
import { ScimService } from './modules/identity/scim/scim.service.js';
import { ScimGroupsRepository } from './modules/identity/scim/scim-groups.repository.js';
import { ScimGroupsService } from './modules/identity/scim/scim-groups.service.js';
import { scimErrors, scimNotFound, scimRoutes } from './modules/identity/scim/scim.routes.js';
import { PoliciesRepository } from './modules/time/policies/policies.repository.js';
import { PoliciesService } from './modules/time/policies/policies.service.js';
import { policiesRoutes } from './modules/time/policies/policies.routes.js';
import { AttendanceRepository } from './modules/time/attendance/attendance.repository.js';
import { AttendanceService } from './modules/time/attendance/attendance.service.js';
import { attendanceRoutes } from './modules/time/attendance/attendance.routes.js';
import { LeaveRepository } from './modules/time/leave/leave.repository.js';
import { LeaveService } from './modules/time/leave/leave.service.js';
import { leaveRoutes } from './modules/time/leave/leave.routes.js';
import { healthRoutes } from './modules/platform/health/health.routes.js';
import { HealthService } from './modules/platform/health/health.service.js';
import { HealthRepository } from './modules/platform/health/health.repository.js';
import { DeveloperAuthRepository } from './modules/developer/auth/developer-auth.repository.js';
import { DeveloperAuthService } from './modules/developer/auth/developer-auth.service.js';
import { ApiKeysRepository } from './modules/developer/keys/api-keys.repository.js';
import { ApiKeysService } from './modules/developer/keys/api-keys.service.js';
import { apiKeysRoutes } from './modules/developer/keys/api-keys.routes.js';
import { OAuthClientsRepository } from './modules/developer/oauth/oauth-clients.repository.js';
import { OAuthClientsService } from './modules/developer/oauth/oauth-clients.service.js';
import { oauthClientsRoutes } from './modules/developer/oauth/oauth-clients.routes.js';
import { OAuthTokenService } from './modules/developer/oauth/oauth-token.service.js';
import { oauthTokenRoutes } from './modules/developer/oauth/oauth-token.routes.js';
import { DeveloperApiRepository } from './modules/developer/public/developer-api.repository.js';
import { DeveloperApiService } from './modules/developer/public/developer-api.service.js';
import { developerApiRoutes } from './modules/developer/public/developer-api.routes.js';
import type { PropagationMetrics } from './modules/access/feed/propagation.js';
import { AccessGrantsRepository } from './modules/access/grants/access-grants.repository.js';
import { AccessGrantsService } from './modules/access/grants/access-grants.service.js';
import { accessGrantsRoutes } from './modules/access/grants/access-grants.routes.js';
import { AccessZonesRepository } from './modules/access/zones/access-zones.repository.js';
import { AccessZonesService } from './modules/access/zones/access-zones.service.js';
import { accessZonesRoutes } from './modules/access/zones/access-zones.routes.js';
import { AccessAuditRepository } from './modules/access/audit/access-audit.repository.js';
import { AccessAuditService } from './modules/access/audit/access-audit.service.js';
import { accessAuditRoutes } from './modules/access/audit/access-audit.routes.js';
import { UserOutletsRepository } from './modules/organization/user-outlets/user-outlets.repository.js';
import { UserOutletsService } from './modules/organization/user-outlets/user-outlets.service.js';
import { userOutletsRoutes } from './modules/organization/user-outlets/user-outlets.routes.js';
import { AccessCredentialsRepository } from './modules/access/credentials/access-credentials.repository.js';
import { AccessCredentialsService } from './modules/access/credentials/access-credentials.service.js';
import { accessCredentialsRoutes } from './modules/access/credentials/access-credentials.routes.js';
import { AccessReaderKeysRepository } from './modules/access/reader-keys/access-reader-keys.repository.js';
import { AccessReaderKeysService } from './modules/access/reader-keys/access-reader-keys.service.js';
import { accessReaderKeysRoutes } from './modules/access/reader-keys/access-reader-keys.routes.js';
import { AccessVisitorsRepository } from './modules/access/visitors/access-visitors.repository.js';
import { AccessVisitorsService } from './modules/access/visitors/access-visitors.service.js';
import { accessVisitorsRoutes } from './modules/access/visitors/access-visitors.routes.js';
import { AccessIntegrationsRepository } from './modules/access/integrations/access-integrations.repository.js';
import { AccessIntegrationsService } from './modules/access/integrations/access-integrations.service.js';
import { IntegrationWebhooksService } from './modules/access/integrations/integration-webhooks.service.js';
import { accessIntegrationsRoutes } from './modules/access/integrations/access-integrations.routes.js';
import { createProviderAdapters } from './modules/access/integrations/providers.js';
import { EgressHttpClient } from './modules/access/integrations/provider-http.js';
import { ApnsClient } from './modules/access/wallet/apns.client.js';
import { PassSigningThread } from './modules/access/wallet/pass-signing.thread.js';
import { loadPassModel, SHIPPED_MODEL_DIR } from './modules/access/wallet/wallet-pass.generator.js';
import { WalletRepository } from './modules/access/wallet/wallet.repository.js';
import { walletRoutes } from './modules/access/wallet/wallet.routes.js';
import { WalletService } from './modules/access/wallet/wallet.service.js';
import { WebhookDeliveriesRepository } from '@wfm/webhooks/deliveries.repository';
import { WebhookSender } from '@wfm/webhooks/sender';
import { DeliveryAttempter } from '@wfm/webhooks/delivery-attempt';
import { WebhookDeliveryOperations } from '@wfm/webhooks/operations';
import { WebhooksRepository } from './modules/developer/webhooks/webhooks.repository.js';
import { WebhooksService } from './modules/developer/webhooks/webhooks.service.js';
import { webhooksRoutes } from './modules/developer/webhooks/webhooks.routes.js';
import { BrandingRepository } from './modules/organization/branding/branding.repository.js';
import { BrandingService } from './modules/organization/branding/branding.service.js';
import { brandingRoutes } from './modules/organization/branding/branding.routes.js';
import { PublicProfilesRepository } from './modules/organization/public-profiles/public-profiles.repository.js';
import { PublicProfilesService } from './modules/organization/public-profiles/public-profiles.service.js';
import { publicProfilesRoutes } from './modules/organization/public-profiles/public-profiles.routes.js';
import { AppConfigService } from './modules/platform/app-config/app-config.service.js';
import { appConfigRoutes } from './modules/platform/app-config/app-config.routes.js';
import { LeadsRepository } from './modules/platform/leads/leads.repository.js';
import { LeadsService } from './modules/platform/leads/leads.service.js';
import { leadsRoutes } from './modules/platform/leads/leads.routes.js';
import type { PdfWorkerPool } from './pdf/pdf-worker-pool.js';

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
  /** The PDF threads (tests watch a task in progress). */
  pdf: PdfWorkerPool;
  /** Ends what the API runs besides its HTTP server (the hashing and PDF threads); call after the server has closed. */
  close(): Promise<void>;
}

/** The API's one composition root: every dependency is wired here, by hand, from the infrastructure made once. */
export function buildApi(api: ApiInfra): BuiltApi {
  const { config, dataSource: ds, logger, clock } = api;
  const infra = buildInfrastructure(api);
  const { transaction, tokens, passwordHashing, passwords, pdf, secrets, encryptor, mailer, files, openapi, publicOpenapi, publicBaseUrl, appUrl, egress } = infra;
  const { accessPropagation, accessFeed, people, outletScopes } = infra;
  const rateLimit = new RateLimitMiddleware(api.rateLimiter ?? new FlexibleRateLimiter(api.redis), tokens);
  const kiosksRepo = new KiosksRepository(ds);
  const auth = new AuthGuards(
    new AccessTokenResolver(tokens, new PrincipalRepository(ds), clock),
    config.platformAdminToken,
    new DeveloperAuthService(new DeveloperAuthRepository(ds), secrets, clock, logger),
    new KioskAuthService(kiosksRepo, secrets, clock),
  );
  const r = new ApiRouter({ auth, rateLimit, openapi, publicOpenapi });

  const redis = api.redis;
  const health = new HealthService(new HealthRepository(ds), api.bus, { redis: redis ? { ping: () => pingRedis(redis) } : null, timeoutMs: config.statusCheckTimeoutMs });
  healthRoutes(r, health, openapi, publicBaseUrl);
  documentDoorRoutes(openapi);

  const authRepo = new AuthRepository(ds);
  const sessions = new SessionService(authRepo, transaction, tokens, clock);
  const provisioning = new TenantProvisioningService(new TenantProvisioningRepository(), transaction, passwords);
  const inviter = new InviteService({ repo: authRepo, transaction, passwords, secrets, sessions, mailer, clock, appUrl });
  const verification = new EmailVerificationService({ repo: authRepo, transaction, secrets, sessions, mailer, clock, appUrl });
  const ssoUrls = { apiBase: publicBaseUrl, appBase: appUrl };
  const ssoRepo = new SsoRepository(ds);
  // Identity providers are tenant-chosen addresses like webhook URLs: the same egress policy.
  const ssoHttp = new EgressHttpClient({ egress, ca: config.webhooks.extraCa, timeoutSeconds: config.sso.timeoutMs / 1000 });
  const samlClient = new SamlClient(config.sso.clockSkewMs);
  const sso = new SsoService(ssoRepo, transaction, sessions, new OidcClient(ssoHttp, clock), samlClient, encryptor, clock, ssoUrls, config.sso.google, logger);
  ssoRoutes(r, sso, new SsoConnectionsService(ssoRepo, transaction, ssoHttp, samlClient, encryptor, clock, ssoUrls), new SsoDomainsService(ssoRepo, clock, api.resolveTxt ?? resolveTxt), ssoUrls);
  authRoutes(r, {
    auth: new AuthService(authRepo, passwords, sessions, provisioning, verification, sso),
    sessions,
    passwordReset: new PasswordResetService({ repo: authRepo, transaction, passwords, secrets, mailer, clock, logger, appUrl }),
    invites: inviter,
    verification,
  });

  const accessGrantsRepository = new AccessGrantsRepository(ds);
  const accessGrants = new AccessGrantsService(accessGrantsRepository, transaction, accessFeed, clock, people);

  const tenantsRepository = new TenantsRepository(ds);
  const tenants = new TenantsService(tenantsRepository, transaction, clock, accessFeed);
  tenantsRoutes(r, tenants);
  platformRoutes(r, provisioning, tenants);

  // The users' bulk import writes contracts, and contracts deactivate users: the import needs only the
  // contracts table, so the users service is made with it first and contracts with the users service.
  const users = new UsersService(new UsersRepository(ds), transaction, passwords, inviter, clock, logger, accessGrants, sessions, outletScopes, new ContractImportService(new ContractsRepository(ds)));
  const contracts = new ContractsService(new ContractsRepository(ds), transaction, clock, logger, users, people);
  contractsRoutes(r, contracts);
  composePayroll(infra, r, { companyName: async (tenantId) => (await tenantsRepository.findById(tenantId))?.name ?? '' });
  trainingRoutes(r, new TrainingService(new TrainingRepository(ds), transaction, clock));
  disciplinaryRoutes(r, new DisciplinaryService(new DisciplinaryRepository(ds), transaction, clock, people));
  usersRoutes(r, users);
  offboardingRoutes(r, new OffboardingService(new OffboardingRepository(ds), contracts, users, transaction, clock, people));
  const userOutlets = new UserOutletsService(new UserOutletsRepository(ds), transaction, outletScopes);
  userOutletsRoutes(r, userOutlets);
  outletsRoutes(r, new OutletsService(new OutletsRepository(ds), transaction, clock));
  composeEsign(infra, r);

  const { shifts } = composeScheduling(infra, r);
  const policies = new PoliciesService(new PoliciesRepository(ds), transaction, clock);
  policiesRoutes(r, policies);
  composeOperations(infra, r, { shifts });
  const attendance = new AttendanceService(new AttendanceRepository(ds), shifts, policies, transaction, clock, outletScopes, logger, people);
  attendanceRoutes(r, attendance);
  kiosksRoutes(r, new KiosksService(kiosksRepo, transaction, secrets, passwords, attendance, outletScopes, clock, people));
  const jobs: JobDefinition[] = [
    { name: 'missed-clock-out', cron: '*/5 * * * *', run: async () => void (await attendance.closeMissedClockOuts(config.missedClockOutGraceMs)) },
    // Daily per tenant: run hourly, each tenant's contracts expire once its own date has turned.
    { name: 'contract-expiry', cron: '7 * * * *', run: async () => void (await contracts.expirePastEndDate()) },
    { name: 'sso-state-purge', cron: '17 * * * *', run: () => sso.purgeExpired() },
  ];
  leaveRoutes(r, new LeaveService(new LeaveRepository(ds), transaction, clock, outletScopes));

  const branding = new BrandingService(new BrandingRepository(ds), transaction, files, clock, logger, publicBaseUrl);
  jobs.push(...composeCareers(infra, r, { users, userOutlets, branding }).jobs);

  apiKeysRoutes(r, new ApiKeysService(new ApiKeysRepository(ds), secrets, clock));
  const oauthClients = new OAuthClientsRepository(ds);
  oauthClientsRoutes(r, new OAuthClientsService(oauthClients, secrets, clock));
  oauthTokenRoutes(r, new OAuthTokenService(oauthClients, secrets, clock));
  developerApiRoutes(r, new DeveloperApiService(new DeveloperApiRepository(ds)), publicOpenapi, publicBaseUrl);

  accessZonesRoutes(r, new AccessZonesService(new AccessZonesRepository(ds), transaction, accessGrants, outletScopes, accessFeed, clock));
  accessGrantsRoutes(r, accessGrants);
  accessAuditRoutes(r, new AccessAuditService(new AccessAuditRepository(ds), outletScopes));
  const { messaging, deliveries } = composeNotifications(infra, r);
  const accessCredentials = new AccessCredentialsService(new AccessCredentialsRepository(ds), transaction, accessFeed, encryptor, clock);
  accessCredentialsRoutes(r, accessCredentials);
  const walletConfig = config.wallet;
  const apns =
    walletConfig &&
    new ApnsClient({
      url: walletConfig.apns.url,
      topic: walletConfig.passTypeIdentifier,
      cert: walletConfig.signer.cert,
      key: walletConfig.signer.key,
      passphrase: walletConfig.signer.keyPassphrase,
      ca: walletConfig.apns.ca,
      timeoutMs: walletConfig.apns.timeoutMs,
      now: () => clock.now().getTime(),
    });
  const passSigning =
    walletConfig &&
    new PassSigningThread({
      signing: {
        passTypeIdentifier: walletConfig.passTypeIdentifier,
        teamIdentifier: walletConfig.teamIdentifier,
        organizationName: walletConfig.organizationName,
        webServiceUrl: `${publicBaseUrl}/access/wallet`,
        signer: walletConfig.signer,
        wwdr: walletConfig.wwdr,
      },
      model: loadPassModel(walletConfig.modelDir ?? SHIPPED_MODEL_DIR),
    });
  const wallet =
    walletConfig &&
    apns &&
    passSigning &&
    new WalletService({
      repo: new WalletRepository(ds),
      transaction,
      credentials: accessCredentials,
      passes: passSigning,
      pusher: apns,
      secrets,
      encryptor,
      clock,
      logger,
      passTypeIdentifier: walletConfig.passTypeIdentifier,
    });
  walletRoutes(r, wallet);
  // Every five minutes: passes due for a new credential or whose holder's access changed are renewed and their devices pushed.
  if (wallet) jobs.push({ name: 'wallet-pass-updates', cron: '*/5 * * * *', run: async () => void (await wallet.pushUpdates()) });
  accessReaderKeysRoutes(r, new AccessReaderKeysService(new AccessReaderKeysRepository(ds), transaction, accessFeed, clock));
  accessVisitorsRoutes(
    r,
    new AccessVisitorsService({
      repo: new AccessVisitorsRepository(ds),
      grants: accessGrantsRepository,
      transaction,
      feed: accessFeed,
      credentials: accessCredentials,
      secrets,
      mailer,
      messaging,
      deliveries,
      clock,
      logger,
      appUrl,
    }),
  );

  // Provider addresses are tenant-chosen like webhook URLs: one egress policy and one allow-list for both.
  const integrationsRepo = new AccessIntegrationsRepository(ds);
  const providerAdapters = createProviderAdapters(new EgressHttpClient({ egress, ca: config.webhooks.extraCa }));
  accessIntegrationsRoutes(
    r,
    new AccessIntegrationsService(integrationsRepo, transaction, providerAdapters, encryptor, clock, publicBaseUrl, egress),
    new IntegrationWebhooksService(integrationsRepo, providerAdapters, encryptor),
  );

  const webhookDeliveries = new WebhookDeliveriesRepository(ds);
  const webhookSender = new WebhookSender({ timeoutMs: config.webhooks.timeoutMs, ca: config.webhooks.extraCa });
  const webhookAttempter = new DeliveryAttempter({ repository: webhookDeliveries, sender: webhookSender, encryptor, settings: config.webhooks, clock });
  webhooksRoutes(
    r,
    new WebhooksService({
      repo: new WebhooksRepository(ds),
      transaction,
      encryptor,
      clock,
      egress,
      deliveries: new WebhookDeliveryOperations({ repository: webhookDeliveries, attempter: webhookAttempter, encryptor, clock, timeoutMs: config.webhooks.timeoutMs }),
    }),
  );

  brandingRoutes(r, branding);
  publicProfilesRoutes(r, new PublicProfilesService(new PublicProfilesRepository(ds), transaction, files, clock, logger, publicBaseUrl));
  appConfigRoutes(r, new AppConfigService(config.mobileApp, { googleSignIn: config.sso.google !== null }));
  leadsRoutes(r, new LeadsService(new LeadsRepository(ds), mailer, clock, logger, config.salesLeadsEmail));

  scimRoutes(
    r,
    new ScimService(new ScimRepository(ds), transaction, clock, sessions, accessGrants),
    new ScimGroupsService(new ScimGroupsRepository(ds), transaction, clock, people),
    publicBaseUrl,
  );

  const app = createApp({
    logger,
    trustProxy: config.trustProxy,
    jsonBodyLimit: config.jsonBodyLimit,
    rateLimit,
    routers: [r.router, docsRoutes()],
    ownErrors: [{ prefix: '/scim/v2', notFound: scimNotFound, errors: scimErrors(logger) }],
    webApp: config.webAppDir === null ? null : webAppRouter(config.webAppDir),
  });
  const upstream = api.proxyDaemon === false ? null : (api.doorUpstream ?? httpDoorUpstream(config.accessDaemonUrl, config.accessProxy.upstreamTimeoutMs));
  // Express's own rule (proxy-addr with the app's trust function), so the per-address cap keys on the
  // address every other route sees (TRUST_PROXY).
  const door = upstream && new DoorPath({ upstream, limits: config.accessProxy, logger, clientIp: (req) => proxyAddr(req, app.get('trust proxy fn')) });
  return {
    app,
    door,
    openapi,
    accessPropagation,
    jobs,
    metrics: new ApiMetrics({ accessChanges: () => ({ complete: accessPropagation.complete, partial: accessPropagation.partial }) }),
    passwordHashing,
    pdf,
    close: async () => {
      upstream?.close();
      apns?.close();
      await passSigning?.close();
      await passwordHashing.close();
      await pdf.close();
    },
  };
}
