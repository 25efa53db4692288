import { resolveTxt } from 'node:dns/promises';
import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { RateLimiter } from '@wfm/memory/rate-limiter';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { AccessGrantsService } from '../access/grants/access-grants.service.js';
import { EgressHttpClient } from '../access/integrations/provider-http.js';
import type { MessagingTransport } from '../notifications/messaging/messaging.transport.js';
import type { TenantProvisioningService } from '../organization/tenants/tenant-provisioning.service.js';
import { AuthRepository } from './auth/auth.repository.js';
import { AuthService } from './auth/auth.service.js';
import { SessionService } from './auth/session.service.js';
import { PasswordResetService } from './auth/password-reset.service.js';
import { InviteService } from './auth/invite.service.js';
import { LimitedLinkTexts } from './auth/link-text-limits.js';
import { EmailVerificationService } from './auth/email-verification.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { OidcClient } from './sso/oidc.client.js';
import { SamlClient } from './sso/saml.client.js';
import { SsoConnectionsService } from './sso/sso-connections.service.js';
import { SsoDomainsService, type TxtResolver } from './sso/sso-domains.service.js';
import { SsoRepository } from './sso/sso.repository.js';
import { ssoRoutes } from './sso/sso.routes.js';
import { SsoService } from './sso/sso.service.js';
import { ScimRepository } from './scim/scim.repository.js';
import { ScimService } from './scim/scim.service.js';
import { ScimGroupsRepository } from './scim/scim-groups.repository.js';
import { ScimGroupsService } from './scim/scim-groups.service.js';
import { scimErrors, scimNotFound, scimRoutes } from './scim/scim.routes.js';

export interface IdentityDeps {
  /** Sign-up creates a tenant. */
  provisioning: TenantProvisioningService;
  /** SCIM deprovisioning ends a person's access. */
  accessGrants: AccessGrantsService;
  /** DNS TXT lookups for SSO domain verification (tests answer from a table). */
  resolveTxt?: TxtResolver;
  /** Invite and reset links for people known only by a mobile number (SMS, or WhatsApp). */
  texts: MessagingTransport;
  /** The shared limiter store, for the bounds on link texts. */
  limiter: RateLimiter;
}

/** Sessions, sign-in and sign-up, invitations, single sign-on and SCIM provisioning. */
export function composeIdentity(infra: Infrastructure, r: ApiRouter, deps: IdentityDeps) {
  const { config, ds, transaction, passwords, secrets, mailer, clock, logger, encryptor, appUrl } = infra;
  const authRepo = new AuthRepository(ds);
  const sessions = new SessionService(authRepo, transaction, infra.tokens, clock);
  const texts = new LimitedLinkTexts(deps.texts, deps.limiter, config.linkTexts, secrets, logger);
  const inviter = new InviteService({ repo: authRepo, transaction, passwords, secrets, sessions, mailer, texts, clock, appUrl });
  const verification = new EmailVerificationService({ repo: authRepo, transaction, secrets, sessions, mailer, clock, appUrl });
  const ssoUrls = { apiBase: infra.publicBaseUrl, appBase: appUrl };
  const ssoRepo = new SsoRepository(ds);
  // Identity providers are tenant-chosen addresses like webhook URLs: the same egress policy.
  const ssoHttp = new EgressHttpClient({ egress: infra.egress, ca: config.webhooks.extraCa, timeoutSeconds: config.sso.timeoutMs / 1000 });
  const samlClient = new SamlClient(config.sso.clockSkewMs);
  const sso = new SsoService(ssoRepo, transaction, sessions, new OidcClient(ssoHttp, clock), samlClient, encryptor, clock, ssoUrls, config.sso.google, logger);
  ssoRoutes(r, sso, new SsoConnectionsService(ssoRepo, transaction, ssoHttp, samlClient, encryptor, clock, ssoUrls), new SsoDomainsService(ssoRepo, clock, deps.resolveTxt ?? resolveTxt), ssoUrls);
  authRoutes(r, {
    auth: new AuthService(authRepo, passwords, sessions, deps.provisioning, verification, sso),
    sessions,
    passwordReset: new PasswordResetService({ repo: authRepo, transaction, passwords, secrets, mailer, texts, clock, logger, appUrl }),
    invites: inviter,
    verification,
  });
  scimRoutes(
    r,
    new ScimService(new ScimRepository(ds), transaction, clock, sessions, deps.accessGrants),
    new ScimGroupsService(new ScimGroupsRepository(ds), transaction, clock, infra.people),
    infra.publicBaseUrl,
  );
  const jobs: JobDefinition[] = [{ name: 'sso-state-purge', cron: '17 * * * *', run: () => sso.purgeExpired() }];
  // SCIM answers its own errors and 404s (RFC 7644 §3.12) under its prefix.
  const ownErrors = [{ prefix: '/scim/v2', notFound: scimNotFound, errors: scimErrors(logger) }];
  return { sessions, inviter, jobs, ownErrors, linkTextsWithheld: () => texts.withheld() };
}
