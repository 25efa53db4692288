import { createSecretKey } from 'node:crypto';
import type { Express } from 'express';
import type { DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import type { Redis } from '@wfm/memory/redis';
import { FlexibleRateLimiter, type RateLimiter } from '@wfm/memory/rate-limiter';
import type { Logger } from '@wfm/core/logger';
import type { Clock } from '@wfm/core/clock';
import { transactionRunner } from '@wfm/db/transaction';
import { OWASP_SCRYPT, ScryptPasswordHasher, SecretHasher } from '@wfm/core/crypto';
import type { ApiConfig } from './config.js';
import { createApp } from './app.js';
import { ApiRouter } from './http/api-router.js';
import { AuthGuards } from './http/auth.guard.js';
import { RateLimitMiddleware } from './http/rate-limit.middleware.js';
import { OpenApiDocument } from './http/openapi.js';
import { daemonProxy } from './http/daemon-proxy.js';
import { TokenService } from './modules/auth/token.service.js';
import { PrincipalRepository } from './modules/auth/principal.repository.js';
import { AuthRepository } from './modules/auth/auth.repository.js';
import { AuthService } from './modules/auth/auth.service.js';
import { SessionService } from './modules/auth/session.service.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { InviteService } from './modules/auth/invite.service.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { MailRepository } from './modules/mail/mail.repository.js';
import { OutboxMailer } from './modules/mail/mail.service.js';
import { nodemailerSender } from './modules/mail/mail.transport.js';
import { TenantProvisioningRepository } from './modules/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from './modules/tenants/tenant-provisioning.service.js';
import { TenantsRepository } from './modules/tenants/tenants.repository.js';
import { TenantsService } from './modules/tenants/tenants.service.js';
import { tenantsRoutes } from './modules/tenants/tenants.routes.js';
import { platformRoutes } from './modules/platform/platform.routes.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { OutletsRepository } from './modules/outlets/outlets.repository.js';
import { OutletsService } from './modules/outlets/outlets.service.js';
import { outletsRoutes } from './modules/outlets/outlets.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { HealthService } from './modules/health/health.service.js';
import { HealthRepository } from './modules/health/health.repository.js';

export interface ApiInfra {
  config: ApiConfig & { jwtSecret: string };
  dataSource: DataSource;
  bus: Bus;
  redis: Redis | null;
  logger: Logger;
  clock: Clock;
  /** False in tests that do not run a daemon. */
  proxyDaemon?: boolean;
  /** Replaces the store-backed limiter (the benchmark lifts the limits but keeps the counting cost). */
  rateLimiter?: RateLimiter;
}

/** Cheap parameters for test runs only, where thousands of users are created. */
const TEST_SCRYPT = { N: 2 ** 10, r: 8, p: 1 };

/** The API's one composition root: every dependency is wired here, by hand. */
export function buildApi(infra: ApiInfra): { app: Express; openapi: OpenApiDocument } {
  const { config, dataSource: ds, logger, clock } = infra;
  const key = createSecretKey(Buffer.from(config.jwtSecret));
  const tokens = new TokenService(key, clock, {
    accessSeconds: config.accessTtlSeconds,
    refreshSeconds: config.refreshTtlSeconds,
    accessLabel: config.accessTtlLabel,
    refreshLabel: config.refreshTtlLabel,
  });
  const passwords = new ScryptPasswordHasher(config.passwordHashCost === 'test' ? TEST_SCRYPT : OWASP_SCRYPT);
  const secrets = new SecretHasher(config.secretPepper ?? config.jwtSecret);
  const rateLimit = new RateLimitMiddleware(infra.rateLimiter ?? new FlexibleRateLimiter(infra.redis), tokens);
  const auth = new AuthGuards(tokens, new PrincipalRepository(ds), clock, config.platformAdminToken);
  const openapi = new OpenApiDocument();
  const r = new ApiRouter({ auth, rateLimit, openapi });
  const publicBaseUrl = `${config.publicAppUrl.replace(/\/$/, '')}/api/v1`;

  healthRoutes(r, new HealthService(new HealthRepository(ds), infra.bus), openapi, publicBaseUrl);

  const appUrl = config.publicAppUrl.replace(/\/$/, '');
  const mailer = new OutboxMailer(new MailRepository(ds), clock, logger, config.smtpUrl ? nodemailerSender(config.smtpUrl) : null, config.mailFrom);
  const authRepo = new AuthRepository(ds);
  const sessions = new SessionService(authRepo, transactionRunner(ds), tokens, clock);
  const provisioning = new TenantProvisioningService(new TenantProvisioningRepository(), transactionRunner(ds), passwords);
  const inviter = new InviteService({ repo: authRepo, transaction: transactionRunner(ds), passwords, secrets, sessions, mailer, clock, appUrl });
  authRoutes(r, {
    auth: new AuthService(authRepo, passwords, sessions, provisioning),
    sessions,
    passwordReset: new PasswordResetService({ repo: authRepo, transaction: transactionRunner(ds), passwords, secrets, mailer, clock, logger, appUrl }),
    invites: inviter,
  });

  const tenants = new TenantsService(new TenantsRepository(ds), clock);
  tenantsRoutes(r, tenants);
  platformRoutes(r, provisioning, tenants);

  usersRoutes(r, new UsersService(new UsersRepository(ds), transactionRunner(ds), passwords, inviter, clock, logger));
  outletsRoutes(r, new OutletsService(new OutletsRepository(ds), transactionRunner(ds), clock));

  const app = createApp({
    logger,
    trustProxy: config.trustProxy,
    jsonBodyLimit: config.jsonBodyLimit,
    rateLimit,
    daemonProxy: infra.proxyDaemon === false ? null : daemonProxy(config.accessDaemonUrl),
    routers: [r.router],
  });
  return { app, openapi };
}
