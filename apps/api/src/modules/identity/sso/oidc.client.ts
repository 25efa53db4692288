import * as oidc from 'openid-client';
import type { Clock } from '@wfm/core/clock';
import { EgressRefusedError } from '@wfm/webhooks/egress';
import { HttpTransportError, type HttpClient } from '../../access/integrations/provider-http.js';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface OidcClaims {
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
}

/** Why a sign-in could not finish at the provider, in words safe to log (never a token). */
export class OidcError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'refused' | 'invalid',
    message: string,
  ) {
    super(message);
  }
}

/** A discovery document is re-read at most this often: providers rotate keys, not endpoints. */
const DISCOVERY_TTL_MS = 60 * 60_000;
const RESPONSE_HEADERS = ['content-type', 'www-authenticate', 'cache-control', 'dpop-nonce'];

/**
 * OpenID Connect authorization code flow with PKCE and nonce through openid-client, which checks
 * the ID token (signature against the provider's JWKS, issuer, audience, expiry, nonce) and the
 * `iss` of the authorization response. Every request to the provider — discovery, JWKS, token —
 * goes through the egress-checked HTTP client, since a tenant admin chose the issuer address.
 * Time is the product's clock (clock skew against Date.now), so tests can move it.
 */
export class OidcClient {
  private readonly discovered = new Map<string, { metadata: oidc.ServerMetadata; at: number }>();

  constructor(
    private readonly http: HttpClient,
    private readonly clock: Clock,
  ) {}

  private readonly fetch: oidc.CustomFetch = async (url, options) => {
    const body = options.body === undefined || options.body === null ? undefined : String(options.body);
    const res = await this.http.send({ method: options.method === 'POST' ? 'POST' : 'GET', url, headers: options.headers, ...(body === undefined ? {} : { body }) });
    const headers = new Headers();
    for (const name of RESPONSE_HEADERS) {
      const value = res.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    return new Response(res.status === 204 || res.status === 304 ? null : res.body, { status: res.status, headers });
  };

  private async configuration(s: OidcSettings): Promise<oidc.Configuration> {
    const skew = Math.round((this.clock.now().getTime() - Date.now()) / 1000);
    const metadata = { client_id: s.clientId, [oidc.clockSkew]: skew } as Partial<oidc.ClientMetadata>;
    const cached = this.discovered.get(s.issuer);
    let config: oidc.Configuration;
    if (cached && this.clock.now().getTime() - cached.at < DISCOVERY_TTL_MS) {
      config = new oidc.Configuration(cached.metadata, s.clientId, metadata, oidc.ClientSecretBasic(s.clientSecret));
    } else {
      config = await this.guard(() => oidc.discovery(new URL(s.issuer), s.clientId, metadata, oidc.ClientSecretBasic(s.clientSecret), { [oidc.customFetch]: this.fetch }));
      this.discovered.set(s.issuer, { metadata: config.serverMetadata(), at: this.clock.now().getTime() });
    }
    config[oidc.customFetch] = this.fetch;
    return config;
  }

  async authorizationUrl(s: OidcSettings, checks: { state: string; nonce: string; codeVerifier: string; loginHint?: string }): Promise<string> {
    const config = await this.configuration(s);
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: s.redirectUri,
      scope: 'openid email profile',
      response_type: 'code',
      state: checks.state,
      nonce: checks.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: 'S256',
      ...(checks.loginHint ? { login_hint: checks.loginHint } : {}),
    });
    return url.href;
  }

  /** Trades the code for tokens and returns the ID token's claims; throws OidcError on any failed check. */
  async finish(s: OidcSettings, callbackUrl: URL, checks: { state: string; nonce: string; codeVerifier: string }): Promise<OidcClaims> {
    const config = await this.configuration(s);
    const tokens = await this.guard(() =>
      oidc.authorizationCodeGrant(config, callbackUrl, { pkceCodeVerifier: checks.codeVerifier, expectedState: checks.state, expectedNonce: checks.nonce, idTokenExpected: true }),
    );
    const claims = tokens.claims();
    if (!claims?.sub) throw new OidcError('invalid', 'The provider sent no ID token subject');
    const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    return {
      subject: claims.sub,
      email: text(claims.email),
      emailVerified: typeof claims.email_verified === 'boolean' ? claims.email_verified : null,
      name: text(claims.name),
      givenName: text(claims.given_name),
      familyName: text(claims.family_name),
    };
  }

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof EgressRefusedError) throw new OidcError('unreachable', `The provider address was refused by the egress policy: ${err.message}`);
      if (err instanceof oidc.AuthorizationResponseError || err instanceof oidc.ResponseBodyError) throw new OidcError('refused', `The provider refused: ${err.error}`);
      if (err instanceof HttpTransportError) throw new OidcError('unreachable', 'The provider could not be reached');
      throw new OidcError('invalid', err instanceof Error ? err.message : 'The provider answered something unusable');
    }
  }
}
