import type { Clock } from '@wfm/core/clock';
import { uuid, type SecretHasher } from '@wfm/core/crypto';
import { NotFoundError } from '@wfm/core/errors';
import type { ListedOAuthClient, OAuthClientsRepository } from './oauth-clients.repository.js';
import { madeBy } from '../auth/developer-auth.repository.js';
import type { CreateOAuthClientBody, OAuthClientCreatedDto, OAuthClientDto, RevokedDto } from '../auth/developer-credentials.schemas.js';
import { newClientId, newClientSecret } from '../auth/developer-credentials.secrets.js';

function toOAuthClientDto(c: ListedOAuthClient): OAuthClientDto {
  return {
    id: c.id,
    name: c.name,
    clientId: c.clientId,
    allowedScopes: c.allowedScopes,
    createdAt: c.createdAt.toISOString(),
    revokedAt: c.revokedAt ? c.revokedAt.toISOString() : null,
    madeBy: madeBy(c),
  };
}

/** Client-credentials clients: the secret is shown once at registration; only its keyed hash is kept. */
export class OAuthClientsService {
  constructor(
    private readonly repo: OAuthClientsRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async create(actor: { tenantId: string; userId: string }, input: CreateOAuthClientBody): Promise<OAuthClientCreatedDto> {
    const now = this.clock.now();
    const id = uuid();
    const clientId = newClientId();
    const clientSecret = newClientSecret();
    await this.repo.insert({
      id,
      tenantId: actor.tenantId,
      name: input.name,
      clientId,
      secretHash: this.secrets.hash(clientSecret),
      allowedScopes: input.allowedScopes,
      createdByUserId: actor.userId,
      createdAt: now,
      revokedAt: null,
    });
    return { id, name: input.name, clientId, clientSecret, allowedScopes: input.allowedScopes, createdAt: now.toISOString() };
  }

  async list(tenantId: string): Promise<OAuthClientDto[]> {
    return (await this.repo.list(tenantId)).map(toOAuthClientDto);
  }

  /** Its tokens fail from their next use on: the resolver checks the client on every call. */
  async revoke(tenantId: string, id: string): Promise<RevokedDto> {
    if (!(await this.repo.revoke(tenantId, id, this.clock.now()))) throw new NotFoundError('OAuth client not found');
    return { id, revoked: true };
  }
}
