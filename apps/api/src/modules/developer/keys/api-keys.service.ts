import type { Clock } from '@wfm/core/clock';
import { uuid, type SecretHasher } from '@wfm/core/crypto';
import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import { DEFAULT_API_KEY_SCOPES } from '@wfm/core/scopes';
import type { ApiKeysRepository, ListedApiKey } from './api-keys.repository.js';
import { madeBy } from '../auth/developer-auth.repository.js';
import type { ApiKeyCreatedDto, ApiKeyDto, CreateApiKeyBody, RevokedDto } from '../auth/developer-credentials.schemas.js';
import { newApiKey } from '../auth/developer-credentials.secrets.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toApiKeyDto(k: ListedApiKey): ApiKeyDto {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    scopes: k.scopes,
    createdAt: k.createdAt.toISOString(),
    expiresAt: iso(k.expiresAt),
    lastUsedAt: iso(k.lastUsedAt),
    revokedAt: iso(k.revokedAt),
    madeBy: madeBy(k),
  };
}

/** Developer API keys: the key is shown once at creation; only its keyed hash is kept. */
export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
  ) {}

  async create(actor: { tenantId: string; userId: string }, input: CreateApiKeyBody): Promise<ApiKeyCreatedDto> {
    const now = this.clock.now();
    const expiresAt = input.expiresAt ? new Date(input.expiresAt) : null;
    if (expiresAt && expiresAt.getTime() <= now.getTime()) throw new BadRequestError(['expiresAt must be in the future']);
    const { key, prefix } = newApiKey();
    const id = uuid();
    await this.repo.insert({
      id,
      tenantId: actor.tenantId,
      name: input.name,
      prefix,
      keyHash: this.secrets.hash(key),
      scopes: input.scopes ?? [...DEFAULT_API_KEY_SCOPES],
      expiresAt,
      createdByUserId: actor.userId,
      createdAt: now,
      lastUsedAt: null,
      revokedAt: null,
    });
    return { id, name: input.name, prefix, key, createdAt: now.toISOString(), expiresAt: iso(expiresAt) };
  }

  async list(tenantId: string): Promise<ApiKeyDto[]> {
    return (await this.repo.list(tenantId)).map(toApiKeyDto);
  }

  /** The key fails from its next request on: the resolver reads `revoked_at` on every call. */
  async revoke(tenantId: string, id: string): Promise<RevokedDto> {
    if (!(await this.repo.revoke(tenantId, id, this.clock.now()))) throw new NotFoundError('API key not found');
    return { id, revoked: true };
  }
}
