import type { Logger } from '@wfm/core/logger';
import type { MessagePurpose } from '@wfm/db/entities/messaging.entity';

export interface TextMessage {
  tenantId: string;
  /** A normalised mobile number (E.164-like, see normalizeMobile). */
  to: string;
  text: string;
  /** What the message is about (the visitor pass it carries), kept with its delivery record. */
  about: { purpose: MessagePurpose; id: string };
}

/**
 * Short messages to a phone (WhatsApp or SMS, by provider). `accepted` says whether the provider
 * took the message for delivery; it is what the caller reports, so an adapter must not claim more.
 */
export interface MessagingTransport {
  send(msg: TextMessage): Promise<{ accepted: boolean }>;
}

/**
 * The default until a provider is configured: the message, link included, is logged at info,
 * because it is the operator's only way to pass it on. Nothing was sent, so it is not accepted.
 */
export class LogMessagingTransport implements MessagingTransport {
  constructor(private readonly logger: Logger) {}

  async send(msg: TextMessage): Promise<{ accepted: boolean }> {
    this.logger.info({ tenantId: msg.tenantId, to: msg.to, text: msg.text }, 'message (log transport, no messaging provider configured)');
    return { accepted: false };
  }
}
