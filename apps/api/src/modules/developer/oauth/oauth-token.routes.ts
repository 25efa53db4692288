import type { Request, RequestHandler } from 'express';
import { BadRequestError } from '@wfm/core/errors';
import { parseOrThrow } from '@wfm/core/validation';
import type { ApiRouter } from '../../../http/api-router.js';
import type { ClientAuthentication, OAuthTokenService } from './oauth-token.service.js';
import { BasicInvalidClientError, OAuthRequestError } from './oauth-token.errors.js';
import { OAuthErrorDto, TokenDto, TokenRequestBody } from '../auth/developer-credentials.schemas.js';

/**
 * Runs before ApiRouter's validation so a malformed request gets RFC 6749's error body rather
 * than the platform's 400 shape; whatever passes here passes the router's parse of the same schema.
 */
const oauthTokenRequest: RequestHandler = (req, _res, next) => {
  const body: unknown = req.body ?? {};
  const grantType = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).grant_type : undefined;
  if (typeof grantType === 'string' && grantType !== '' && grantType !== 'client_credentials') {
    return next(new OAuthRequestError('unsupported_grant_type', 'grant_type must be client_credentials'));
  }
  try {
    parseOrThrow(TokenRequestBody, body);
    next();
  } catch (err) {
    next(err instanceof BadRequestError ? new OAuthRequestError('invalid_request', err.messages.join('; ')) : err);
  }
};

/** RFC 6749 2.3.1: Basic credentials are form-encoded before base64. */
function formDecode(value: string): string {
  return decodeURIComponent(value.replace(/\+/g, ' '));
}

function basicCredentials(header: string): { clientId: string; clientSecret: string } {
  const decoded = Buffer.from(header.slice('Basic '.length).trim(), 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw new BasicInvalidClientError();
  try {
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    throw new BasicInvalidClientError();
  }
}

/** The client authenticates in the body or with HTTP Basic (RFC 6749 2.3.1), never both. */
function clientAuthentication(req: Request, body: TokenRequestBody): ClientAuthentication {
  const authorization = req.get('authorization');
  if (authorization && /^basic /i.test(authorization)) {
    if (body.client_id !== undefined || body.client_secret !== undefined) {
      throw new OAuthRequestError('invalid_request', 'Send the client credentials either in the body or with HTTP Basic, not both');
    }
    return { ...basicCredentials(authorization), via: 'basic' };
  }
  const { client_id: clientId, client_secret: clientSecret } = body;
  if (clientId === undefined || clientSecret === undefined) {
    const missing = [clientId === undefined && 'client_id is required', clientSecret === undefined && 'client_secret is required'].filter(Boolean);
    throw new OAuthRequestError('invalid_request', missing.join('; '));
  }
  return { clientId, clientSecret, via: 'body' };
}

export function oauthTokenRoutes(r: ApiRouter, tokens: OAuthTokenService): void {
  r.post(
    '/oauth/token',
    {
      summary:
        'OAuth 2.0 client-credentials grant (RFC 6749 4.4). JSON or application/x-www-form-urlencoded; client credentials in the body or with HTTP Basic',
      tags: ['developer credentials'],
      auth: { kind: 'none' },
      guards: [oauthTokenRequest],
      body: TokenRequestBody,
      bodyTypes: ['application/x-www-form-urlencoded', 'application/json'],
      responses: {
        200: { description: "An access token carrying the client's scopes, valid for 3600 s", schema: TokenDto },
        400: { description: 'invalid_request (missing or malformed parameter) or unsupported_grant_type', schema: OAuthErrorDto },
        401: { description: 'invalid_client: unknown client, wrong secret or revoked client, indistinguishably', schema: OAuthErrorDto },
      },
    },
    async ({ req, body }) => ({
      status: 200,
      body: await tokens.exchange(clientAuthentication(req, body)),
      // RFC 6749 5.1: token responses must not be cached.
      headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' },
    }),
  );
}
