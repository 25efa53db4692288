import { createSecretKey } from 'node:crypto';
import type { Express } from 'express';
import type { DataSource } from '@wfm/db/data-source';
import type { Bus } from '@wfm/memory/bus';
import type { Redis } from '@wfm/memory/redis';
import { FlexibleRateLimiter } from '@wfm/memory/rate-limiter';
import type { Logger } from '@wfm/core/logger';
import type { Clock } from '@wfm/core/clock';
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
  const rateLimit = new RateLimitMiddleware(new FlexibleRateLimiter(infra.redis), tokens);
  const auth = new AuthGuards(tokens, new PrincipalRepository(ds), clock, config.platformAdminToken);
  const openapi = new OpenApiDocument();
  const r = new ApiRouter({ auth, rateLimit, openapi });
  const publicBaseUrl = `${config.publicAppUrl.replace(/\/$/, '')}/api/v1`;

  healthRoutes(r, new HealthService(new HealthRepository(ds), infra.bus), openapi, publicBaseUrl);
  void passwords;
  void secrets;

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
