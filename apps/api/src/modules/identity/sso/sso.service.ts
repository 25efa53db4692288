import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Clock } from '@wfm/core/clock';
import { timingSafeEqualStr, uuid } from '@wfm/core/crypto';
import type { Encryptor } from '@wfm/core/encryption';
import { BadGatewayError, ConflictError, NotFoundError, UnauthorizedError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import { normalizeEmail } from '@wfm/core/identity';
import { planIncludes, type Role } from '@wfm/core/tenancy';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { SessionService } from '../auth/session.service.js';
import type { TokenPair } from '../auth/token.service.js';
import { OidcError, type OidcClaims, type OidcClient, type OidcSettings } from './oidc.client.js';
import { SamlAssertionError, type SamlClient, type SamlSettings } from './saml.client.js';
import type { ConnectionRow, LiveConnection, LoginState, SignInUser, SsoRepository } from './sso.repository.js';

/** How long a sign-in may take at the identity provider. */
export const STATE_TTL_MS = 10 * 60_000;
/** How long the web app has to trade the one-time code for tokens. */
export const EXCHANGE_CODE_TTL_MS = 60_000;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const token = () => randomBytes(32).toString('base64url');

/** Why a browser sign-in ended without a session: the `error` the web app's landing page shows. */
export type SsoFailureCode =
  | 'invalid_state'
  | 'idp_error'
  | 'invalid_response'
  | 'domain_not_allowed'
  | 'email_unverified'
  | 'not_provisioned'
  | 'account_inactive'
  | 'sso_unavailable'
  | 'sso_required';

export class SsoFailure extends Error {
  constructor(
    readonly code: SsoFailureCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** Where the browser goes when the provider's answer has been handled. */
export interface Landing {
  code?: string;
  error?: SsoFailureCode;
  returnTo?: string | null;
}

export interface SsoUrls {
  /** The API's own base (…/api/v1): the OIDC redirect URI, the SAML ACS and entity ids hang off it. */
  apiBase: string;
  /** The web app, where a finished sign-in lands (…/sso/complete). */
  appBase: string;
}

/** A sign-in begun: where to send the browser, and the verifier that browser keeps for the exchange. */
export interface Started {
  redirectUrl: string;
  expiresAt: Date;
  verifier: string;
}

export interface ExternalIdpSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A person as the identity provider described them. */
interface Asserted {
  subject: string;
  email: string | null;
  fullName: string | null;
}

export function connectionUrls(urls: SsoUrls, connectionId: string) {
  return {
    redirectUri: `${urls.apiBase}/auth/sso/callback`,
    acsUrl: `${urls.apiBase}/auth/sso/saml/acs`,
    spEntityId: `${urls.apiBase}/auth/sso/saml/${connectionId}`,
  };
}

export function samlSettings(c: ConnectionRow, urls: SsoUrls): SamlSettings {
  const { acsUrl, spEntityId } = connectionUrls(urls, c.id);
  return { idp: { entityId: c.samlIdpEntityId!, ssoUrl: c.samlIdpSsoUrl!, certificates: c.samlIdpCertificates ?? [] }, acsUrl, spEntityId };
}

const ssoAvailable = (c: LiveConnection) => c.enabled && c.tenantSsoEnabled && planIncludes(c.tenantPlan, 'sso');
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
const nameFrom = (a: { name: string | null; given: string | null; family: string | null }) => a.name ?? ([a.given, a.family].filter(Boolean).join(' ') || null);

/**
 * Browser sign-in through a tenant's identity provider (OIDC or SAML) or the platform's external
 * provider (Google), ending in the product's normal token pair. The provider's answer never
 * carries tokens to the browser: it lands on the web app with a one-time code the app trades by
 * POST, so no token sits in a URL, a history entry or a Referer. The trade also needs the
 * verifier the start handed to the page that began the sign-in (kept in its session storage),
 * which binds the flow to that browser: a landing URL sent to someone else is worthless to them.
 */
export class SsoService {
  constructor(
    private readonly repo: SsoRepository,
    private readonly transaction: TransactionRunner,
    private readonly sessions: SessionService,
    private readonly oidcClient: OidcClient,
    private readonly samlClient: SamlClient,
    private readonly encryptor: Encryptor,
    private readonly clock: Clock,
    private readonly urls: SsoUrls,
    private readonly external: ExternalIdpSettings | null,
    private readonly logger: Logger,
  ) {}

  /** Whether an email's domain signs in through SSO; says nothing of which tenant. */
  async lookup(email: string): Promise<{ sso: boolean; passwordAllowed: boolean }> {
    const c = await this.repo.byVerifiedDomain(domainOf(email));
    if (!c || !ssoAvailable(c)) return { sso: false, passwordAllowed: true };
    return { sso: true, passwordAllowed: !c.enforced };
  }

  /** Password sign-in is refused to everyone of an enforcing tenant but its owners (the way back in when the IdP breaks). */
  async passwordRefused(account: { tenantId: string; role: Role }): Promise<boolean> {
    if (account.role === 'TENANT_OWNER' || account.role === 'TENANT_GROUP_OWNER') return false;
    const t = await this.repo.enforcement(account.tenantId);
    return !!t && t.enforced && t.ssoEnabled && planIncludes(t.plan, 'sso');
  }

  async start(email: string, returnTo: string | undefined): Promise<Started> {
    const c = await this.repo.byVerifiedDomain(domainOf(email));
    if (!c || !ssoAvailable(c)) throw new NotFoundError('No single sign-on for this email domain');
    const state = token();
    const verifier = token();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
    const base: LoginState = {
      stateHash: sha256(state),
      tenantId: c.tenantId,
      connectionId: c.id,
      provider: c.protocol,
      nonce: null,
      codeVerifierSealed: null,
      samlRequestId: null,
      returnTo: returnTo ?? null,
      tenantSlug: null,
      browserBindingHash: sha256(verifier),
      expiresAt,
      createdAt: now,
    };
    if (c.protocol === 'OIDC') {
      const nonce = oidc.randomNonce();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const redirectUrl = await this.providerCall(() => this.oidcClient.authorizationUrl(this.oidcSettings(c), { state, nonce, codeVerifier, loginHint: email }));
      await this.repo.insertState({ ...base, nonce, codeVerifierSealed: this.encryptor.encrypt(codeVerifier) });
      return { redirectUrl, expiresAt, verifier };
    }
    const samlRequestId = `_${randomBytes(20).toString('hex')}`;
    await this.repo.insertState({ ...base, samlRequestId });
    return { redirectUrl: await this.samlClient.authorizeUrl(samlSettings(c, this.urls), samlRequestId, state), expiresAt, verifier };
  }

  /** `GET /auth/sso/callback`: the OIDC provider's redirect back, with `code` and `state` or an `error`. */
  oidcCallback(query: { state?: string; error?: string }, callbackUrl: URL): Promise<Landing> {
    return this.land(async () => {
      const state = await this.spend(query.state, ['OIDC']);
      if (query.error) throw new SsoFailure('idp_error', `The identity provider answered ${query.error}`);
      const c = await this.connectionOf(state);
      const claims = await this.oidcFinish(this.oidcSettings(c), callbackUrl, state, query.state!);
      const email = claims.email && claims.emailVerified !== false ? normalizeEmail(claims.email) : null;
      return { state, user: await this.resolve(c, { subject: claims.subject, email, fullName: nameFrom({ name: claims.name, given: claims.givenName, family: claims.familyName }) }) };
    });
  }

  /** `POST /auth/sso/saml/acs`: the IdP's signed response, posted by the browser with our state as RelayState. */
  samlAcs(body: { SAMLResponse: string; RelayState?: string }): Promise<Landing> {
    return this.land(async () => {
      const state = await this.spend(body.RelayState, ['SAML']);
      const c = await this.connectionOf(state);
      const assertion = await this.samlClient.validate(samlSettings(c, this.urls), body.SAMLResponse, async (id) => id === state.samlRequestId).catch((err: unknown) => {
        throw err instanceof SamlAssertionError ? new SsoFailure('invalid_response', err.message) : err;
      });
      if (assertion.inResponseTo !== state.samlRequestId) throw new SsoFailure('invalid_response', 'The response answers another sign-in');
      if (!(await this.repo.rememberAssertion(c.tenantId, c.id, assertion.assertionId, assertion.validUntil))) throw new SsoFailure('invalid_response', 'The assertion was already used (replay)');
      const fullName = nameFrom({ name: assertion.displayName, given: assertion.givenName, family: assertion.familyName });
      return { state, user: await this.resolve(c, { subject: assertion.nameId, email: assertion.email ? normalizeEmail(assertion.email) : null, fullName }) };
    });
  }

  externalStatus(): { enabled: boolean; provider: 'google' } {
    return { enabled: this.external !== null, provider: 'google' };
  }

  async externalStart(tenantSlug: string | undefined, returnTo: string | undefined): Promise<Started> {
    const settings = this.externalSettings();
    const state = token();
    const verifier = token();
    const nonce = oidc.randomNonce();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const now = this.clock.now();
    const expiresAt = new Date(now.getTime() + STATE_TTL_MS);
    const redirectUrl = await this.providerCall(() => this.oidcClient.authorizationUrl(settings, { state, nonce, codeVerifier }));
    await this.repo.insertState({
      stateHash: sha256(state),
      tenantId: null,
      connectionId: null,
      provider: 'GOOGLE',
      nonce,
      codeVerifierSealed: this.encryptor.encrypt(codeVerifier),
      samlRequestId: null,
      returnTo: returnTo ?? null,
      tenantSlug: tenantSlug ?? null,
      browserBindingHash: sha256(verifier),
      expiresAt,
      createdAt: now,
    });
    return { redirectUrl, expiresAt, verifier };
  }

  /**
   * The external provider signs in people who already have an account: its verified email must
   * name a live, active user (narrowed by the tenant slug given at start). Nobody is created, and
   * a tenant that enforces its own IdP is not bypassed this way.
   */
  externalCallback(query: { state?: string; error?: string }, callbackUrl: URL): Promise<Landing> {
    return this.land(async () => {
      const state = await this.spend(query.state, ['GOOGLE']);
      if (query.error) throw new SsoFailure('idp_error', `The identity provider answered ${query.error}`);
      const claims = await this.oidcFinish(this.externalSettings(), callbackUrl, state, query.state!);
      if (!claims.email || claims.emailVerified !== true) throw new SsoFailure('email_unverified', 'The provider did not vouch for the email address');
      const [user] = await this.repo.accountsByEmail(normalizeEmail(claims.email), state.tenantSlug);
      if (!user) throw new SsoFailure('not_provisioned', 'No account has this email address');
      if (await this.passwordRefused(user)) throw new SsoFailure('sso_required', 'This organisation signs in through its own identity provider');
      return { state, user };
    });
  }

  /**
   * `POST /auth/sso/exchange`: the one-time code and the verifier the starting browser kept, for the
   * token pair; 401 when the code is unknown, used or expired, or the verifier is not that
   * browser's — so a victim sent to someone else's landing URL is not signed in as them.
   */
  async exchange(code: string, verifier: string): Promise<TokenPair> {
    const found = await this.repo.spendExchangeCode(sha256(code), this.clock.now());
    if (!found || !timingSafeEqualStr(found.browserBindingHash, sha256(verifier))) throw new UnauthorizedError();
    return this.sessions.open({ id: found.userId, tenantId: found.tenantId });
  }

  async purgeExpired(): Promise<void> {
    await this.repo.purgeStates(new Date(this.clock.now().getTime() - STATE_TTL_MS));
  }

  /** Runs a provider's answer to its end: a one-time code for the web app, or the reason there is none. */
  private async land(work: () => Promise<{ state: LoginState; user: SignInUser }>): Promise<Landing> {
    try {
      const { state, user } = await work();
      const code = token();
      const now = this.clock.now();
      await this.repo.insertExchangeCode({
        hash: sha256(code),
        tenantId: user.tenantId,
        userId: user.id,
        browserBindingHash: state.browserBindingHash,
        expiresAt: new Date(now.getTime() + EXCHANGE_CODE_TTL_MS),
        at: now,
      });
      return { code, returnTo: state.returnTo };
    } catch (err) {
      if (!(err instanceof SsoFailure)) throw err;
      this.logger.warn({ reason: err.code, detail: err.detail }, 'single sign-on refused');
      return { error: err.code };
    }
  }

  private async spend(state: string | undefined, providers: LoginState['provider'][]): Promise<LoginState> {
    const found = state ? await this.repo.spendState(sha256(state), this.clock.now()) : null;
    if (!found || !providers.includes(found.provider)) throw new SsoFailure('invalid_state', 'The sign-in state is unknown, expired or already used');
    return found;
  }

  private async connectionOf(state: LoginState): Promise<LiveConnection> {
    const c = await this.repo.liveConnection(state.tenantId!, state.connectionId!);
    if (!c || !ssoAvailable(c)) throw new SsoFailure('sso_unavailable', 'The connection is gone, disabled or no longer allowed');
    return c;
  }

  private async oidcFinish(settings: OidcSettings, callbackUrl: URL, state: LoginState, rawState: string): Promise<OidcClaims> {
    try {
      return await this.oidcClient.finish(settings, callbackUrl, { state: rawState, nonce: state.nonce!, codeVerifier: this.encryptor.decrypt(state.codeVerifierSealed!) });
    } catch (err) {
      if (err instanceof OidcError) throw new SsoFailure(err.reason === 'refused' ? 'idp_error' : 'invalid_response', err.message);
      throw err;
    }
  }

  /**
   * The product's user for what the IdP asserted: the person already linked to this subject, else
   * the live user with the asserted email, else (when the connection provisions just in time) a
   * new user, created silently — spec 03 fires `user.created` for SCIM, not for SSO sign-in. An
   * email is only taken from a verified domain of the connection, so an IdP cannot sign in as
   * someone outside the domains its tenant proved it owns.
   */
  private async resolve(c: LiveConnection, who: Asserted): Promise<SignInUser> {
    const now = this.clock.now();
    const linked = await this.repo.userBySubject(c.tenantId, c.id, who.subject);
    if (linked) {
      if (linked.status !== 'ACTIVE') throw new SsoFailure('account_inactive', 'The account is deactivated');
      await this.repo.link(null, { tenantId: c.tenantId, connectionId: c.id, subject: who.subject, userId: linked.id, at: now });
      return linked;
    }
    if (!who.email) throw new SsoFailure('invalid_response', 'The identity provider sent no (verified) email address');
    if (!(await this.repo.verifiedDomains(c.tenantId, c.id)).has(domainOf(who.email))) throw new SsoFailure('domain_not_allowed', `${domainOf(who.email)} is not a verified domain of this connection`);
    const existing = await this.repo.userByEmail(c.tenantId, who.email);
    if (existing) {
      if (existing.status !== 'ACTIVE') throw new SsoFailure('account_inactive', 'The account is deactivated');
      await this.repo.link(null, { tenantId: c.tenantId, connectionId: c.id, subject: who.subject, userId: existing.id, at: now });
      return existing;
    }
    if (!c.jitProvisioning) throw new SsoFailure('not_provisioned', 'No account has this email address and the connection does not create accounts');
    const user: SignInUser = { id: uuid(), tenantId: c.tenantId, role: c.defaultRole, status: 'ACTIVE', verified: true };
    try {
      await this.transaction(async (tx) => {
        await this.repo.insertUser(tx, { id: user.id, tenantId: c.tenantId, fullName: (who.fullName ?? who.email!.split('@')[0]!).slice(0, 120), email: who.email!, role: c.defaultRole, at: now });
        await this.repo.link(tx, { tenantId: c.tenantId, connectionId: c.id, subject: who.subject, userId: user.id, at: now });
      });
    } catch (err) {
      // Two first sign-ins of one person at once (two tabs): the other made the account; use it.
      if (!(err instanceof ConflictError)) throw err;
      return this.resolve(c, who);
    }
    return user;
  }

  private oidcSettings(c: ConnectionRow): OidcSettings {
    return { issuer: c.oidcIssuer!, clientId: c.oidcClientId!, clientSecret: this.encryptor.decrypt(c.oidcClientSecretSealed!), redirectUri: connectionUrls(this.urls, c.id).redirectUri };
  }

  private externalSettings(): OidcSettings {
    if (!this.external) throw new NotFoundError('Sign-in with Google is not configured');
    return { ...this.external, redirectUri: `${this.urls.apiBase}/auth/google/callback` };
  }

  /** A provider that cannot be reached when the sign-in starts is the user's 502, not a landing error. */
  private async providerCall<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof OidcError) {
        this.logger.warn({ reason: err.reason, detail: err.message }, 'single sign-on provider unavailable');
        throw new BadGatewayError('The identity provider could not be reached');
      }
      throw err;
    }
  }
}
