import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { MessageProvider } from '@wfm/db/entities/messaging.entity';
import type { MessagingRepository } from './messaging.repository.js';
import type { MessagingTransport, TextMessage } from './messaging.transport.js';

export type SendOutcome = { accepted: true; messageId: string } | { accepted: false; reason: string };

/** A provider's send call: every outcome is an answer (accepted with the provider's id, or why not), never a throw. */
export interface TextSender {
  send(to: string, text: string): Promise<SendOutcome>;
}

/**
 * Messages through one of the platform's providers (WhatsApp, SMS). Every attempt is recorded for
 * its tenant (the provider's message id, recipient, what it is about, ACCEPTED or NOT_ACCEPTED with
 * the reason) so the delivery reports that arrive later by webhook have a row to move. The text is
 * neither kept nor logged: it may carry a magic link.
 */
export class ProviderMessagingTransport implements MessagingTransport {
  constructor(
    private readonly provider: { name: MessageProvider; label: string; sender: TextSender },
    private readonly repo: MessagingRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async send(msg: TextMessage): Promise<{ accepted: boolean }> {
    const { name, label, sender } = this.provider;
    const outcome = await sender.send(msg.to, msg.text);
    const id = uuid();
    if (!outcome.accepted) this.logger.warn({ tenantId: msg.tenantId, messageId: id, reason: outcome.reason }, `${label} message not accepted`);
    // The answer is what the provider did: a record that cannot be written is logged, not reported as a refusal.
    await this.repo.insert({
      id,
      tenantId: msg.tenantId,
      provider: name,
      providerMessageId: outcome.accepted ? outcome.messageId : null,
      recipient: msg.to,
      purpose: msg.about.purpose,
      subjectId: msg.about.id,
      status: outcome.accepted ? 'ACCEPTED' : 'NOT_ACCEPTED',
      error: outcome.accepted ? null : outcome.reason,
      createdAt: this.clock.now(),
    }).catch((err: unknown) => this.logger.error({ err, tenantId: msg.tenantId, messageId: id }, `${label} message not recorded`));
    return { accepted: outcome.accepted };
  }
}
