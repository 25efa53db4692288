import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { MessagingRepository } from './messaging.repository.js';
import type { MessagingTransport, TextMessage } from './messaging.transport.js';
import type { WhatsAppClient } from './whatsapp.client.js';

/**
 * Messages through the platform's WhatsApp number. Every attempt is recorded for its tenant (the
 * provider's message id, recipient, what it is about, ACCEPTED or NOT_ACCEPTED with the reason) so
 * the delivery reports that arrive later by webhook have a row to move. The text is neither kept
 * nor logged: it carries a visitor's magic link.
 */
export class WhatsAppMessagingTransport implements MessagingTransport {
  constructor(
    private readonly client: WhatsAppClient,
    private readonly repo: MessagingRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async send(msg: TextMessage): Promise<{ accepted: boolean }> {
    const outcome = await this.client.sendTemplate(msg.to, msg.text);
    const id = uuid();
    if (!outcome.accepted) this.logger.warn({ tenantId: msg.tenantId, messageId: id, reason: outcome.reason }, 'WhatsApp message not accepted');
    // The answer is what the provider did: a record that cannot be written is logged, not reported as a refusal.
    await this.repo.insert({
      id,
      tenantId: msg.tenantId,
      provider: 'WHATSAPP',
      providerMessageId: outcome.accepted ? outcome.messageId : null,
      recipient: msg.to,
      purpose: msg.about.purpose,
      subjectId: msg.about.id,
      status: outcome.accepted ? 'ACCEPTED' : 'NOT_ACCEPTED',
      error: outcome.accepted ? null : outcome.reason,
      createdAt: this.clock.now(),
    }).catch((err: unknown) => this.logger.error({ err, tenantId: msg.tenantId, messageId: id }, 'WhatsApp message not recorded'));
    return { accepted: outcome.accepted };
  }
}
