import type { Logger } from '@wfm/core/logger';
import type { NotificationChannel, NotificationMessage, NotificationRecipient } from '../notification-channel.js';
import type { PushSubscriptionsRepository } from '../push/push-subscriptions.repository.js';
import type { PushSender } from '../push/push.sender.js';

/** What the service worker receives (apps/api/src/web/sw.js reads these fields). */
export interface PushPayload {
  id: string;
  title: string;
  body: string;
  path: string;
}

/**
 * A notification to every browser the person subscribed. Delivered when at least one push service
 * accepted it; a subscription its push service calls gone (404, 410) is deleted, and a refusal is
 * logged and leaves the subscription for the next notification. When none accepted it and a push
 * service did not answer (timed out, connection lost), the attempt fails so the centre retries it on
 * its schedule: a push service that is slow for a while is not a browser that refuses.
 */
export class PushNotificationChannel implements NotificationChannel {
  readonly name = 'push' as const;

  constructor(
    private readonly sender: PushSender | null,
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly logger: Logger,
  ) {}

  async deliver(to: NotificationRecipient, message: NotificationMessage): Promise<{ delivered: boolean }> {
    if (!this.sender) return { delivered: false };
    const payload: PushPayload = { id: message.id, title: message.title, body: message.body, path: message.path };
    let delivered = false;
    let unanswered: string | null = null;
    for (const sub of await this.subscriptions.listFor(to.tenantId, to.userId)) {
      const outcome = await this.sender.send(sub, JSON.stringify(payload));
      if (outcome.kind === 'accepted') delivered = true;
      else if (outcome.kind === 'gone') await this.subscriptions.remove(to.tenantId, to.userId, sub.id);
      else {
        if (outcome.kind === 'unanswered') unanswered = outcome.reason;
        this.logger.warn({ tenantId: to.tenantId, userId: to.userId, subscriptionId: sub.id, reason: outcome.reason }, 'push not accepted');
      }
    }
    if (!delivered && unanswered) throw new Error(unanswered);
    return { delivered };
  }
}
