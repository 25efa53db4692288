import type { MailTransport } from '../mail/mail.transport.js';
import type { MessagingTransport } from '../messaging/messaging.transport.js';
import type { NotificationChannel, NotificationMessage, NotificationRecipient } from '../notification-channel.js';

/** The whole text of a notification, with the console link it is about. */
function textOf(message: NotificationMessage, appUrl: string): string {
  return `${message.title}\n\n${message.body}\n\n${appUrl}${message.path}`;
}

/** Email through the API's one mailer (template `notify_<event>`); a person without an address is not reached. */
export class EmailChannel implements NotificationChannel {
  readonly name = 'email';

  constructor(
    private readonly mailer: MailTransport,
    private readonly appUrl: string,
  ) {}

  async deliver(to: NotificationRecipient, message: NotificationMessage): Promise<{ delivered: boolean }> {
    if (!to.email) return { delivered: false };
    const { accepted } = await this.mailer.send({ tenantId: to.tenantId, to: to.email, template: `notify_${message.event}`, subject: message.title, text: textOf(message, this.appUrl) });
    return { delivered: accepted };
  }
}

/** WhatsApp through the messaging transport, recorded as being about the notification. */
export class WhatsAppChannel implements NotificationChannel {
  readonly name = 'whatsapp';

  constructor(
    private readonly messaging: MessagingTransport,
    private readonly appUrl: string,
  ) {}

  async deliver(to: NotificationRecipient, message: NotificationMessage): Promise<{ delivered: boolean }> {
    if (!to.mobile) return { delivered: false };
    const { accepted } = await this.messaging.send({ tenantId: to.tenantId, to: to.mobile, text: textOf(message, this.appUrl), about: { purpose: 'NOTIFICATION', id: message.id } });
    return { delivered: accepted };
  }
}
