import type { Request, RequestHandler } from 'express';
import { z } from 'zod';
import { ForbiddenError, UnauthorizedError } from '@wfm/core/errors';
import { planIncludes } from '@wfm/core/tenancy';
import type { ApiRouter, Reply } from '../../../http/api-router.js';
import { created, landIn, ok } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { TokenPairDto } from '../auth/auth.schemas.js';
import type { SsoConnectionsService } from './sso-connections.service.js';
import type { SsoDomainsService } from './sso-domains.service.js';
import type { Landing, SsoService, Started } from './sso.service.js';
import {
  AddDomainBody,
  ConnectionDto,
  ConnectionParams,
  CreateConnectionBody,
  DomainDto,
  DomainParams,
  ExchangeBody,
  ExternalStartBody,
  ExternalStatusDto,
  LookupDto,
  LookupQuery,
  OidcCallbackQuery,
  RedirectDto,
  SamlAcsBody,
  StartBody,
  UpdateConnectionBody,
} from './sso.schemas.js';
import { TENANT_ADMINS } from '@wfm/core/role-sets';

const TAGS = ['single sign-on'];
const E404 = { description: 'No such connection in this tenant' };
const LANDING = {
  description:
    'Redirect to the web app: /sso/complete?code=… (trade it with the verifier its start answered within 60 s at POST /auth/sso/exchange) or /sso/complete?error=… (invalid_state, idp_error, invalid_response, domain_not_allowed, email_unverified, not_provisioned, account_inactive, sso_unavailable, sso_required)',
};

/** The admin routes need the plan's single sign-on (Enterprise, else 403 ModuleNotEntitled) and the tenant's `ssoEnabled`. */
const requireSso: RequestHandler = (req, _res, next) => {
  const p = req.ctx.principal;
  if (!p || p.kind !== 'user') return next(new UnauthorizedError());
  if (!planIncludes(p.tenant.plan, 'sso')) return next(new ForbiddenError(`Your ${p.tenant.plan} plan does not include single sign-on. Upgrade at /admin/billing.`, 'ModuleNotEntitled'));
  if (!p.tenant.ssoEnabled) return next(new ForbiddenError('Single sign-on is not enabled for this tenant'));
  next();
};

const started = (s: Started): Reply => ok({ redirectUrl: s.redirectUrl, expiresAt: s.expiresAt.toISOString(), verifier: s.verifier });

/** The URL the provider redirected the browser to, as openid-client checks it (state, iss, code). */
function callbackUrl(req: Request, redirectUri: string): URL {
  const url = new URL(redirectUri);
  url.search = new URL(req.originalUrl, 'http://x').search;
  return url;
}

export function ssoRoutes(r: ApiRouter, sso: SsoService, connections: SsoConnectionsService, domains: SsoDomainsService, urls: { apiBase: string; appBase: string }): void {
  /** No token ever goes in this URL: only a 60-second one-time code, or why there is none. */
  const land = (landing: Landing, status: 302 | 303): Reply => {
    const to = new URL(`${urls.appBase}/sso/complete`);
    if (landing.code) to.searchParams.set('code', landing.code);
    if (landing.error) to.searchParams.set('error', landing.error);
    if (landing.returnTo) to.searchParams.set('returnTo', landing.returnTo);
    return landIn(to, status);
  };
  // Issue 16: single sign-on connections are the tenant owners' and company admins'.
  const admin = { tags: TAGS, auth: { kind: 'user' as const, roles: TENANT_ADMINS }, guards: [requireSso] };

  r.get('/sso/connections', { ...admin, summary: "The tenant's single sign-on connections with their domains", responses: { 200: { description: 'Connections', schema: z.array(ConnectionDto) } } }, async ({ req }) =>
    ok(await connections.list(currentUser(req))),
  );
  r.post(
    '/sso/connections',
    {
      ...admin,
      summary: 'Connect an identity provider: OIDC (issuer, client id and secret; the secret is sealed and never shown again) or SAML 2.0 (IdP metadata XML or URL, or entity id, SSO URL and certificates)',
      body: CreateConnectionBody,
      responses: { 201: { description: 'The connection; give the IdP its redirectUri (OIDC) or spEntityId and acsUrl (SAML)', schema: ConnectionDto }, 422: { description: 'The metadata URL failed the egress check' }, 502: { description: 'The metadata URL could not be read' } },
    },
    async ({ req, body }) => created(await connections.create(currentUser(req), body)),
  );
  r.get('/sso/connections/:id', { ...admin, summary: 'One connection', params: ConnectionParams, responses: { 200: { description: 'The connection', schema: ConnectionDto }, 404: E404 } }, async ({ req, params }) =>
    ok(await connections.get(currentUser(req), params.id)),
  );
  r.patch(
    '/sso/connections/:id',
    {
      ...admin,
      summary: 'Change a connection: name, enabled, enforced (password sign-in refused to all but owners), just-in-time provisioning and its role, the client secret, or the IdP (new metadata, certificates for a rollover)',
      params: ConnectionParams,
      body: UpdateConnectionBody,
      responses: { 200: { description: 'The connection', schema: ConnectionDto }, 404: E404, 422: { description: 'The metadata URL failed the egress check' }, 502: { description: 'The metadata URL could not be read' } },
    },
    async ({ req, params, body }) => ok(await connections.update(currentUser(req), params.id, body)),
  );
  r.delete('/sso/connections/:id', { ...admin, summary: 'Remove a connection, its domains and the identities linked through it', params: ConnectionParams, responses: { 204: { description: 'Removed' }, 404: E404 } }, async ({ req, params }) => {
    await connections.remove(currentUser(req), params.id);
    return { status: 204 };
  });
  r.get(
    '/sso/connections/:id/saml-metadata',
    { ...admin, summary: 'The service provider metadata to give the IdP (SAML connections)', params: ConnectionParams, responses: { 200: { description: 'SAML metadata XML', alternatives: { 'application/samlmetadata+xml': z.string() } }, 404: E404 } },
    async ({ req, params }) => ({ status: 200, raw: { contentType: 'application/samlmetadata+xml', data: await connections.samlMetadata(currentUser(req), params.id) } }),
  );
  r.post(
    '/sso/connections/:id/domains',
    {
      ...admin,
      summary: 'Claim an email domain for the connection; publish the TXT record answered, then verify',
      params: ConnectionParams,
      body: AddDomainBody,
      responses: { 201: { description: 'The domain, unverified, with its TXT record', schema: DomainDto }, 404: E404, 409: { description: 'Already added to this tenant' } },
    },
    async ({ req, params, body }) => created(await domains.add(currentUser(req), params.id, body.domain)),
  );
  r.post(
    '/sso/connections/:id/domains/:domainId/verify',
    {
      ...admin,
      summary: "Look for the domain's TXT record now; once found, people with that domain sign in through the connection",
      params: DomainParams,
      responses: { 200: { description: 'The domain, verified', schema: DomainDto }, 404: { description: 'No such domain' }, 409: { description: 'Another organisation verified it first' }, 422: { description: 'The TXT record was not found' } },
    },
    async ({ req, params }) => ok(await domains.verify(currentUser(req), params.id, params.domainId)),
  );
  r.delete('/sso/connections/:id/domains/:domainId', { ...admin, summary: 'Release a domain', params: DomainParams, responses: { 204: { description: 'Released' }, 404: { description: 'No such domain' } } }, async ({ req, params }) => {
    await domains.remove(currentUser(req), params.id, params.domainId);
    return { status: 204 };
  });

  r.get(
    '/auth/sso/lookup',
    { summary: "Whether an email's domain signs in through its company's identity provider (and whether password sign-in is refused); names no tenant", tags: TAGS, auth: { kind: 'none' }, query: LookupQuery, responses: { 200: { description: 'Lookup', schema: LookupDto } } },
    async ({ query }) => ok(await sso.lookup(query.email)),
  );
  r.post(
    '/auth/sso/start',
    {
      summary: "Begin single sign-on for an email: the URL to send the browser to (the IdP's sign-in page), valid 10 minutes",
      tags: TAGS,
      auth: { kind: 'none' },
      body: StartBody,
      responses: { 200: { description: 'Where to send the browser', schema: RedirectDto }, 404: { description: 'No single sign-on for this email domain' }, 502: { description: 'The identity provider could not be reached' } },
    },
    async ({ body }) => started(await sso.start(body.email, body.returnTo)),
  );
  r.get(
    '/auth/sso/callback',
    { summary: "The OIDC provider's redirect back: state, PKCE, nonce and ID token checked, then on to the web app", tags: TAGS, auth: { kind: 'none' }, query: OidcCallbackQuery, responses: { 302: LANDING } },
    async ({ req, query }) => land(await sso.oidcCallback(query, callbackUrl(req, `${urls.apiBase}/auth/sso/callback`)), 302),
  );
  r.post(
    '/auth/sso/saml/acs',
    {
      summary: "The SAML assertion consumer service: the IdP's signed response posted by the browser (HTTP-POST binding), checked for signature, issuer, audience, recipient, time, request and replay",
      tags: TAGS,
      auth: { kind: 'none' },
      body: SamlAcsBody,
      bodyTypes: ['application/x-www-form-urlencoded'],
      responses: { 303: LANDING },
    },
    async ({ body }) => land(await sso.samlAcs(body), 303),
  );
  r.post(
    '/auth/sso/exchange',
    { summary: 'Trade the one-time code the web app landed with, and the verifier its start answered, for the token pair (once, within 60 s)', tags: TAGS, auth: { kind: 'none' }, body: ExchangeBody, responses: { 200: { description: 'Token pair', schema: TokenPairDto }, 401: { description: 'Unknown, used or expired code' } } },
    async ({ body }) => ok(await sso.exchange(body.code, body.verifier)),
  );

  r.get('/auth/google/status', { summary: 'Whether "Sign in with Google" is offered here', tags: TAGS, auth: { kind: 'none' }, responses: { 200: { description: 'Status', schema: ExternalStatusDto } } }, async () =>
    ok(sso.externalStatus()),
  );
  r.post(
    '/auth/google/start',
    {
      summary: 'Begin "Sign in with Google" for people who already have an account (matched by verified email; tenantSlug narrows it to one company)',
      tags: TAGS,
      auth: { kind: 'none' },
      body: ExternalStartBody,
      responses: { 200: { description: 'Where to send the browser', schema: RedirectDto }, 404: { description: 'Not configured on this server' }, 502: { description: 'Google could not be reached' } },
    },
    async ({ body }) => started(await sso.externalStart(body.tenantSlug, body.returnTo)),
  );
  r.get(
    '/auth/google/callback',
    { summary: "Google's redirect back; then on to the web app", tags: TAGS, auth: { kind: 'none' }, query: OidcCallbackQuery, responses: { 302: LANDING } },
    async ({ req, query }) => land(await sso.externalCallback(query, callbackUrl(req, `${urls.apiBase}/auth/google/callback`)), 302),
  );
}
