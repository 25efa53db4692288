import type { Clock } from '@wfm/core/clock';
import { timingSafeEqualStr, type SecretHasher } from '@wfm/core/crypto';
import type { PortalPrincipal, PortalRefusal, PortalResolver } from '@wfm/core/principal';
import type { WebhookPortalRepository } from './webhook-portal.repository.js';

export const PORTAL_TOKEN_PREFIX = 'wpt_';
/** The prefix and base64url of 32 random bytes. */
const TOKEN_LENGTH = PORTAL_TOKEN_PREFIX.length + 43;

/**
 * What a portal link's token opens (issue 32), for the auth guard on every portal request, and
 * who may frame a link's page, for the web app. Made ahead of the developer domain, as the other
 * resolvers are: the guard exists before any domain is composed.
 */
export class WebhookPortalAuth implements PortalResolver {
  constructor(
    private readonly repo: WebhookPortalRepository,
    private readonly secrets: SecretHasher,
    private readonly clock: Clock,
  ) {}

  /** Expiry is read against the clock now, not when the link was made. */
  async resolve(token: string): Promise<PortalPrincipal | PortalRefusal> {
    if (!token.startsWith(PORTAL_TOKEN_PREFIX) || token.length !== TOKEN_LENGTH) return 'PortalLinkInvalid';
    const hash = this.secrets.hash(token);
    const link = await this.repo.byTokenHash(hash);
    if (!link || !timingSafeEqualStr(hash, link.tokenHash)) return 'PortalLinkInvalid';
    if (link.revokedAt) return 'PortalLinkRevoked';
    if (link.expiresAt <= this.clock.now()) return 'PortalLinkExpired';
    return {
      kind: 'portal',
      linkId: link.id,
      tenantId: link.tenantId,
      webhookId: link.webhookId,
      capabilities: link.capabilities,
      expiresAt: link.expiresAt,
      testedBy: link.createdByUserId ?? link.id,
      tenant: { plan: link.plan },
    };
  }

  /** The page's CSP frame-ancestors for a link; none for an unknown, expired or revoked one. */
  async frameOrigins(linkId: string): Promise<string[]> {
    return (await this.repo.frameOrigins(linkId, this.clock.now())) ?? [];
  }
}
