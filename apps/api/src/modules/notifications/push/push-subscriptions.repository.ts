import type { DataSource } from '@wfm/db/data-source';
import type { PushSubscriptionEntity } from '@wfm/db/entities/push-subscription.entity';
import { exec, many, one, type Row } from '@wfm/db/sql';

export type PushSubscriptionRow = Row<PushSubscriptionEntity>;

const COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", endpoint, p256dh, auth, user_agent AS "userAgent", created_at AS "createdAt"`;

export class PushSubscriptionsRepository {
  constructor(private readonly ds: DataSource) {}

  listFor(tenantId: string, userId: string): Promise<PushSubscriptionRow[]> {
    return many(this.ds, `SELECT ${COLUMNS} FROM push_subscriptions WHERE tenant_id = $1 AND user_id = $2 ORDER BY created_at, id`, [tenantId, userId]);
  }

  /**
   * The same browser subscribing again (same endpoint) refreshes its keys and keeps its id; a new
   * one is added, and past `keep` the person's oldest subscriptions go (browsers abandoned long ago).
   */
  async upsert(row: PushSubscriptionRow, keep: number): Promise<PushSubscriptionRow> {
    const saved = await one<PushSubscriptionRow>(
      this.ds,
      `INSERT INTO push_subscriptions (id, tenant_id, user_id, endpoint, p256dh, auth, user_agent, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (tenant_id, user_id, endpoint) DO UPDATE SET p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, user_agent = EXCLUDED.user_agent
       RETURNING ${COLUMNS}`,
      [row.id, row.tenantId, row.userId, row.endpoint, row.p256dh, row.auth, row.userAgent, row.createdAt],
    );
    await exec(
      this.ds,
      `DELETE FROM push_subscriptions WHERE tenant_id = $1 AND user_id = $2 AND id NOT IN (
         SELECT id FROM push_subscriptions WHERE tenant_id = $1 AND user_id = $2 ORDER BY (id = $3) DESC, created_at DESC, id DESC LIMIT $4)`,
      [row.tenantId, row.userId, saved!.id, keep],
    );
    return saved!;
  }

  async remove(tenantId: string, userId: string, id: string): Promise<boolean> {
    return (await exec(this.ds, `DELETE FROM push_subscriptions WHERE tenant_id = $1 AND user_id = $2 AND id = $3`, [tenantId, userId, id])) > 0;
  }
}
