import type { Clock } from '@wfm/core/clock';
import { timingSafeEqualStr, type SecretHasher } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { DeveloperCredentialResolver, DeveloperPrincipal } from '@wfm/core/principal';
import type { CredentialRow, DeveloperAuthRepository } from './developer-auth.repository.js';
import { API_KEY_FORMAT, OAUTH_TOKEN_FORMAT } from './developer-credentials.secrets.js';

/** `lastUsedAt` is accurate to this much, so a busy key costs one write per minute, not one per request. */
const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Resolves `svc_live_…` keys (either header) and `svc_oauth_…` tokens (Authorization only). Anything
 * that is not shaped like one is rejected before touching the database.
 */
export class DeveloperAuthService implements DeveloperCredentialResolver {
  constructor(
    private readonly repo: DeveloperAuthRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async resolve(secret: string, via: 'authorization' | 'x-api-key'): Promise<DeveloperPrincipal | null> {
    const now = this.clock.now();
    if (API_KEY_FORMAT.test(secret)) {
      const row = await this.matching(secret, (hash) => this.repo.liveApiKey(hash, now));
      if (!row) return null;
      await this.recordUse(row, now);
      return principal('api_key', row);
    }
    if (via === 'authorization' && OAUTH_TOKEN_FORMAT.test(secret)) {
      const row = await this.matching(secret, (hash) => this.repo.liveAccessToken(hash, now));
      return row ? principal('oauth_token', row) : null;
    }
    return null;
  }

  /** Lookup is by the indexed hash; the constant-time compare keeps the match itself free of timing signals. */
  private async matching(secret: string, find: (hash: string) => Promise<CredentialRow | null>): Promise<CredentialRow | null> {
    const hash = this.secrets.hash(secret);
    const row = await find(hash);
    return row && timingSafeEqualStr(hash, row.secretHash) ? row : null;
  }

  /** Awaited so `lastUsedAt` is settled when the response leaves, but a failure only logs. */
  private async recordUse(row: CredentialRow, now: Date): Promise<void> {
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    if (row.lastUsedAt && row.lastUsedAt >= staleBefore) return;
    try {
      await this.repo.touchApiKey(row.credentialId, now, staleBefore);
    } catch (err) {
      this.logger.warn({ err, apiKeyId: row.credentialId }, 'could not record api key use');
    }
  }
}

function principal(credential: DeveloperPrincipal['credential'], row: CredentialRow): DeveloperPrincipal {
  return {
    kind: 'developer',
    credential,
    credentialId: row.credentialId,
    tenantId: row.tenantId,
    scopes: row.scopes,
    actingRole: row.actingRole,
    tenant: { plan: row.plan, publicApiEnabled: row.publicApiEnabled, ssoEnabled: row.ssoEnabled },
  };
}
