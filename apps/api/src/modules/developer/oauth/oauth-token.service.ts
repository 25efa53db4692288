import type { Clock } from '@wfm/core/clock';
import { timingSafeEqualStr, uuid, type SecretHasher } from '@wfm/core/crypto';
import { InvalidClientError } from '@wfm/core/errors';
import type { OAuthClientsRepository } from './oauth-clients.repository.js';
import type { TokenDto } from '../auth/developer-credentials.schemas.js';
import { newAccessToken } from '../auth/developer-credentials.secrets.js';
import { BasicInvalidClientError } from './oauth-token.errors.js';

/** Spec 01: an OAuth access token is valid for one hour. */
const ACCESS_TOKEN_TTL_SECONDS = 3600;

/** Stands in for the stored hash of an unknown client, so every failure costs one hash and one compare. */
const NO_CLIENT_HASH = '0'.repeat(64);

export interface ClientAuthentication {
  clientId: string;
  clientSecret: string;
  via: 'body' | 'basic';
}

/**
 * The client-credentials grant. An unknown client, a wrong secret and a revoked client are one
 * failure, with the same body and the same work done. The plan and the switch are not checked
 * here: every use of the token is, which gives the integrator the telling 403 rather than a
 * misleading invalid_client.
 */
export class OAuthTokenService {
  constructor(
    private readonly repo: OAuthClientsRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async exchange(auth: ClientAuthentication): Promise<TokenDto> {
    const client = await this.repo.byClientId(auth.clientId);
    const secretMatches = timingSafeEqualStr(this.secrets.hash(auth.clientSecret), client?.secretHash ?? NO_CLIENT_HASH);
    if (!client || !secretMatches || client.revokedAt) throw auth.via === 'basic' ? new BasicInvalidClientError() : new InvalidClientError();
    const now = this.clock.now();
    const accessToken = newAccessToken();
    await this.repo.insertToken({
      id: uuid(),
      tenantId: client.tenantId,
      oauthClientId: client.id,
      tokenHash: this.secrets.hash(accessToken),
      scopes: client.allowedScopes,
      expiresAt: new Date(now.getTime() + ACCESS_TOKEN_TTL_SECONDS * 1000),
      createdAt: now,
    });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS };
  }
}
