import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { WebhookSubscriptionEntity } from '@wfm/db/entities/webhook.entity';

/** A subscription row without its sealed secret, which is selected only where it is needed. */
export type Subscription = Omit<WebhookSubscriptionEntity, 'secretSealed'>;
export type NewSubscription = WebhookSubscriptionEntity;
export type SubscriptionChanges = Partial<Pick<WebhookSubscriptionEntity, 'name' | 'url' | 'events' | 'active' | 'failureCount'>>;

export interface Page {
  limit: number;
  offset: number;
}

export class WebhooksRepository {
  constructor(private readonly ds: DataSource) {}

  /** Newest first; the id breaks ties so pages do not overlap. */
  list(tenantId: string, page?: Page): Promise<Subscription[]> {
    return this.ds.getRepository(WebhookSubscriptionEntity).find({
      where: { tenantId },
      order: { createdAt: 'DESC', id: 'DESC' },
      ...(page ? { take: page.limit, skip: page.offset } : {}),
    });
  }

  find(tenantId: string, id: string): Promise<Subscription | null> {
    return this.ds.getRepository(WebhookSubscriptionEntity).findOneBy({ tenantId, id });
  }

  /**
   * Serialises subscription creation per tenant for the length of the transaction, so two
   * concurrent creates cannot both pass the per-tenant cap. Nothing else waits on this lock.
   */
  async lockTenantSubscriptions(tx: Tx, tenantId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('webhook_subscriptions:' || $1, 0))`, [tenantId]);
  }

  count(tx: Tx, tenantId: string): Promise<number> {
    return tx.getRepository(WebhookSubscriptionEntity).countBy({ tenantId });
  }

  async insert(tx: Tx, row: NewSubscription): Promise<void> {
    await tx.insert(WebhookSubscriptionEntity, row);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Subscription | null> {
    return tx.getRepository(WebhookSubscriptionEntity).findOne({ where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async update(tx: Tx, tenantId: string, id: string, changes: SubscriptionChanges, at: Date): Promise<Subscription> {
    await tx.update(WebhookSubscriptionEntity, { tenantId, id }, { ...changes, updatedAt: at });
    return tx.getRepository(WebhookSubscriptionEntity).findOneByOrFail({ tenantId, id });
  }

  /** The delivery log goes with it (ON DELETE CASCADE). */
  async delete(tenantId: string, id: string): Promise<boolean> {
    const result = await this.ds.getRepository(WebhookSubscriptionEntity).delete({ tenantId, id });
    return (result.affected ?? 0) > 0;
  }

  async replaceSecret(tenantId: string, id: string, sealed: string, hint: string, at: Date): Promise<boolean> {
    const result = await this.ds
      .getRepository(WebhookSubscriptionEntity)
      .update({ tenantId, id }, { secretSealed: sealed, secretHint: hint, updatedAt: at });
    return (result.affected ?? 0) > 0;
  }
}
