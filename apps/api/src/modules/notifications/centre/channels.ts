import type { MailTransport } from '../mail/mail.transport.js';
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
