import type { MessagingTransport } from '../messaging/messaging.transport.js';
import type { NotificationChannel, NotificationMessage, NotificationRecipient } from '../notification-channel.js';

/**
 * A notification as a text message: the title, the body and the console link, on one transport
 * (SMS, or WhatsApp under the name `whatsapp`). A person without a mobile number is not reached.
 */
export class TextNotificationChannel implements NotificationChannel {
  constructor(
    readonly name: 'sms' | 'whatsapp',
    private readonly transport: MessagingTransport,
    private readonly publicAppUrl: string,
  ) {}

  async deliver(to: NotificationRecipient, message: NotificationMessage): Promise<{ delivered: boolean }> {
    if (!to.mobile) return { delivered: false };
    const link = new URL(message.path, this.publicAppUrl).toString();
    const { accepted } = await this.transport.send({
      tenantId: to.tenantId,
      to: to.mobile,
      text: `${message.title}\n${message.body}\n${link}`,
      about: { purpose: 'NOTIFICATION', id: message.id },
    });
    return { delivered: accepted };
  }
}
