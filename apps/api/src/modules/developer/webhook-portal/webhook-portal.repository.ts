import type { DataSource } from '@wfm/db/data-source';
import type { WebhookPortalLinkEntity } from '@wfm/db/entities/webhook.entity';
import type { Plan } from '@wfm/core/tenancy';
import { exec, many, one } from '@wfm/db/sql';

export type PortalLink = Omit<WebhookPortalLinkEntity, 'tokenHash'>;

/** A link found by its token, with what the principal needs of its tenant. */
export type PortalLinkByToken = WebhookPortalLinkEntity & { plan: Plan };

const LINK_COLUMNS = `l.id, l.tenant_id AS "tenantId", l.webhook_id AS "webhookId", l.token_hint AS "tokenHint", l.capabilities,
  l.frame_origins AS "frameOrigins", l.expires_at AS "expiresAt", l.revoked_at AS "revokedAt",
  l.created_by_user_id AS "createdByUserId", l.created_at AS "createdAt"`;

/** Webhook portal links (issue 32). Every read but the token lookup is scoped to a tenant and subscription. */
export class WebhookPortalRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(row: WebhookPortalLinkEntity): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO webhook_portal_links (id, tenant_id, webhook_id, token_hash, token_hint, capabilities, frame_origins, expires_at, revoked_at, created_by_user_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9, $10)`,
      [row.id, row.tenantId, row.webhookId, row.tokenHash, row.tokenHint, row.capabilities, row.frameOrigins, row.expiresAt, row.createdByUserId, row.createdAt],
    );
  }

  /** Neither expired nor revoked, newest first. */
  active(tenantId: string, webhookId: string, now: Date): Promise<PortalLink[]> {
    return many(
      this.ds,
      `SELECT ${LINK_COLUMNS} FROM webhook_portal_links l
       WHERE l.tenant_id = $1 AND l.webhook_id = $2 AND l.revoked_at IS NULL AND l.expires_at > $3
       ORDER BY l.created_at DESC, l.id DESC`,
      [tenantId, webhookId, now],
    );
  }

  /** False when there is no such link of the subscription, or it was revoked already. */
  async revoke(tenantId: string, webhookId: string, linkId: string, at: Date): Promise<boolean> {
    const n = await exec(this.ds, `UPDATE webhook_portal_links SET revoked_at = $4 WHERE tenant_id = $1 AND webhook_id = $2 AND id = $3 AND revoked_at IS NULL`, [
      tenantId,
      webhookId,
      linkId,
      at,
    ]);
    return n > 0;
  }

  byTokenHash(hash: string): Promise<PortalLinkByToken | null> {
    return one(
      this.ds,
      `SELECT ${LINK_COLUMNS}, l.token_hash AS "tokenHash", t.plan
       FROM webhook_portal_links l JOIN tenants t ON t.id = l.tenant_id
       WHERE l.token_hash = $1`,
      [hash],
    );
  }

  /** Who may frame the portal page of this link; null for an unknown link (the page is then unframeable). */
  async frameOrigins(linkId: string, now: Date): Promise<string[] | null> {
    const row = await one<{ origins: string[] }>(
      this.ds,
      `SELECT frame_origins AS origins FROM webhook_portal_links WHERE id = $1 AND revoked_at IS NULL AND expires_at > $2`,
      [linkId, now],
    );
    return row?.origins ?? null;
  }
}
