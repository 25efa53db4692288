import type { Clock } from '@wfm/core/clock';
import { randomToken, uuid, type SecretHasher } from '@wfm/core/crypto';
import { NotFoundError } from '@wfm/core/errors';
import type { PortalPrincipal } from '@wfm/core/principal';
import { PORTAL_TOKEN_PREFIX } from './webhook-portal-auth.service.js';
import type { WebhooksService } from '../webhooks/webhooks.service.js';
import type { PortalLink, WebhookPortalRepository } from './webhook-portal.repository.js';
import { REPLAY_BATCH, type CreatePortalLinkBody, type CreatedPortalLinkDto, type PortalDeliveriesQuery, type PortalLinkDto } from './webhook-portal.schemas.js';

const TOKEN_BYTES = 32;

export interface WebhookPortalDeps {
  repo: WebhookPortalRepository;
  webhooks: WebhooksService;
  secrets: SecretHasher;
  clock: Clock;
  /** The web app's origin: links point at its /portal page. */
  appUrl: string;
}

function toDto(l: PortalLink): PortalLinkDto {
  return {
    id: l.id,
    webhookId: l.webhookId,
    tokenHint: l.tokenHint,
    capabilities: l.capabilities,
    frameOrigins: l.frameOrigins,
    expiresAt: l.expiresAt.toISOString(),
    createdAt: l.createdAt.toISOString(),
  };
}

/**
 * The embeddable webhook portal (issue 32): links to one subscription's portal, the principal a
 * link's token stands for, and what the portal does, always through the webhooks service the
 * console uses, so a replay, a test or a rotation behaves and counts exactly as there.
 */
export class WebhookPortalService {
  constructor(private readonly deps: WebhookPortalDeps) {}

  /** The token is random, shown once here, and kept as a keyed hash (docs/decisions.md). */
  async createLink(actor: { tenantId: string; userId: string | null }, webhookId: string, input: CreatePortalLinkBody): Promise<CreatedPortalLinkDto> {
    // A subscription of another tenant is the same 404 as none.
    await this.deps.webhooks.get(actor.tenantId, webhookId);
    const token = PORTAL_TOKEN_PREFIX + randomToken(TOKEN_BYTES);
    const now = this.deps.clock.now();
    const link = {
      id: uuid(),
      tenantId: actor.tenantId,
      webhookId,
      tokenHint: token.slice(-4),
      capabilities: input.capabilities,
      frameOrigins: input.frameOrigins,
      expiresAt: new Date(now.getTime() + input.expiresInMinutes * 60_000),
      revokedAt: null,
      createdByUserId: actor.userId,
      createdAt: now,
    };
    await this.deps.repo.insert({ ...link, tokenHash: this.deps.secrets.hash(token) });
    return { ...toDto(link), token, url: `${this.deps.appUrl}/portal/${link.id}#${token}` };
  }

  async links(tenantId: string, webhookId: string): Promise<{ links: PortalLinkDto[] }> {
    await this.deps.webhooks.get(tenantId, webhookId);
    return { links: (await this.deps.repo.active(tenantId, webhookId, this.deps.clock.now())).map(toDto) };
  }

  async revoke(tenantId: string, webhookId: string, linkId: string): Promise<{ revoked: true; id: string }> {
    if (!(await this.deps.repo.revoke(tenantId, webhookId, linkId, this.deps.clock.now()))) throw new NotFoundError('Portal link not found');
    return { revoked: true, id: linkId };
  }

  async subscription(p: PortalPrincipal) {
    const { secret: _secret, ...subscription } = await this.deps.webhooks.get(p.tenantId, p.webhookId);
    return { subscription, link: { capabilities: [...p.capabilities], expiresAt: p.expiresAt.toISOString() } };
  }

  async deliveries(p: PortalPrincipal, query: PortalDeliveriesQuery) {
    const page = await this.deps.webhooks.deliveryLog(p.tenantId, p.webhookId, query);
    const last = page.deliveries.at(-1);
    return { ...page, nextCursor: page.count === query.limit && last ? last.id : null };
  }

  delivery(p: PortalPrincipal, deliveryId: string) {
    return this.deps.webhooks.delivery(p.tenantId, p.webhookId, deliveryId);
  }

  test(p: PortalPrincipal) {
    return this.deps.webhooks.test(p.tenantId, p.webhookId, p.testedBy);
  }

  replay(p: PortalPrincipal, deliveryId: string) {
    return this.deps.webhooks.redeliverOf(p.tenantId, p.webhookId, deliveryId);
  }

  replayDead(p: PortalPrincipal, range: { from: Date; to: Date }) {
    return this.deps.webhooks.requeueDead(p.tenantId, p.webhookId, range, REPLAY_BATCH);
  }

  rotate(p: PortalPrincipal) {
    return this.deps.webhooks.rotate(p.tenantId, p.webhookId);
  }
}
