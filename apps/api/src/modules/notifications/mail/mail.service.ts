import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { MailDrop } from './mail-drop.js';
import type { MailRepository } from './mail.repository.js';
import type { MailMessage, MailTransport, SmtpSender } from './mail.transport.js';

/** Longest SMTP error text kept on the outbox row. */
const ERROR_MAX = 500;

/** SMTP when configured; otherwise the mail drop directory. */
export type MailDelivery = { smtp: SmtpSender } | { drop: MailDrop };

/**
 * Every mail becomes a mail_outbox row, a record of what was sent to whom; the text is never
 * stored or logged, because reset, invite and verification mails carry live links.
 *
 * Without SMTP the mail is written to the mail drop (a 0600 file) and the row is written as sent
 * with transport `file`; the log line names the file. With SMTP the row is written with transport
 * `smtp` and the mail is delivered in the background from memory, after `send` has returned, so a
 * slow or failing mail server neither delays nor fails the request (nor lets response times tell
 * whether a mail was sent). The outcome is recorded in `sent_at` or `error`; there is no retry.
 */
export class OutboxMailer implements MailTransport {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repo: MailRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly delivery: MailDelivery,
    private readonly from: string,
    /** Where a request holds its transaction until its answer is kept (Idempotency-Key), delivery waits for the commit. */
    private readonly afterCommit: (task: () => Promise<void>) => Promise<void> = (task) => task(),
  ) {}

  async send(msg: MailMessage): Promise<{ accepted: boolean }> {
    const id = uuid();
    const row = { id, tenantId: msg.tenantId, toAddress: msg.to, template: msg.template, subject: msg.subject, error: null };
    const meta = { mailId: id, tenantId: msg.tenantId, to: msg.to, template: msg.template };
    if ('drop' in this.delivery) {
      const date = this.clock.now();
      const file = await this.delivery.drop.write({ id, tenantId: msg.tenantId, template: msg.template, from: this.from, to: msg.to, subject: msg.subject, text: msg.text, date });
      await this.repo.insert({ ...row, transport: 'file', sentAt: date });
      this.logger.info({ ...meta, file }, 'mail written to the mail drop (SMTP_URL not set)');
      return { accepted: false };
    }
    await this.repo.insert({ ...row, transport: 'smtp', sentAt: null });
    const smtp = this.delivery.smtp;
    await this.afterCommit(async () => {
      const delivery = this.deliver(smtp, meta, msg).finally(() => this.inFlight.delete(delivery));
      this.inFlight.add(delivery);
    });
    return { accepted: true };
  }

  /** Resolves once every background SMTP delivery started so far has been recorded (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(smtp: SmtpSender, meta: { mailId: string }, msg: MailMessage): Promise<void> {
    try {
      await smtp.sendMail({ from: this.from, to: msg.to, subject: msg.subject, text: msg.text });
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX) || 'SMTP delivery failed';
      this.logger.warn({ ...meta, reason }, 'mail delivery failed');
      await this.repo.markFailed(meta.mailId, reason).catch((e: unknown) => this.logger.error({ ...meta, err: e }, 'could not record mail failure'));
      return;
    }
    this.logger.info(meta, 'mail sent');
    await this.repo.markSent(meta.mailId, this.clock.now()).catch((e: unknown) => this.logger.error({ ...meta, err: e }, 'could not record mail delivery'));
  }
}
