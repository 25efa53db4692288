import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Logger } from '@wfm/core/logger';
import type { MailRepository } from './mail.repository.js';
import type { MailMessage, MailTransport, SmtpSender } from './mail.transport.js';

/** Longest SMTP error text kept on the outbox row. */
const ERROR_MAX = 500;

/**
 * Every mail becomes a mail_outbox row first, so there is always a record of what was sent.
 *
 * Without SMTP (`smtp` null) the row is the delivery: it is written with transport `log`, and the
 * whole text, links included, is logged at info, because an operator without SMTP has no other
 * way to hand a reset or invite link to the person. With SMTP the text is never logged; the row is
 * written with transport `smtp` and delivered in the background, after `send` has returned, so a
 * slow or failing mail server neither delays nor fails the request (nor lets response times tell
 * whether a mail was sent). The outcome is recorded in `sent_at` or `error`; there is no retry.
 */
export class OutboxMailer implements MailTransport {
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repo: MailRepository,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly smtp: SmtpSender | null,
    private readonly from: string,
  ) {}

  async send(msg: MailMessage): Promise<void> {
    const id = uuid();
    const row = { id, tenantId: msg.tenantId, toAddress: msg.to, template: msg.template, subject: msg.subject, body: msg.text, error: null };
    if (!this.smtp) {
      await this.repo.insert({ ...row, transport: 'log', sentAt: this.clock.now() });
      this.logger.info({ mailId: id, tenantId: msg.tenantId, to: msg.to, template: msg.template, subject: msg.subject, text: msg.text }, 'mail (log transport, SMTP_URL not set)');
      return;
    }
    await this.repo.insert({ ...row, transport: 'smtp', sentAt: null });
    const delivery = this.deliver(this.smtp, id, msg).finally(() => this.inFlight.delete(delivery));
    this.inFlight.add(delivery);
  }

  /** Resolves once every background SMTP delivery started so far has been recorded (tests, shutdown). */
  async idle(): Promise<void> {
    await Promise.allSettled([...this.inFlight]);
  }

  private async deliver(smtp: SmtpSender, id: string, msg: MailMessage): Promise<void> {
    const meta = { mailId: id, tenantId: msg.tenantId, to: msg.to, template: msg.template };
    try {
      await smtp.sendMail({ from: this.from, to: msg.to, subject: msg.subject, text: msg.text });
    } catch (err) {
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, ERROR_MAX) || 'SMTP delivery failed';
      this.logger.warn({ ...meta, reason }, 'mail delivery failed');
      await this.repo.markFailed(id, reason).catch((e: unknown) => this.logger.error({ ...meta, err: e }, 'could not record mail failure'));
      return;
    }
    this.logger.info(meta, 'mail sent');
    await this.repo.markSent(id, this.clock.now()).catch((e: unknown) => this.logger.error({ ...meta, err: e }, 'could not record mail delivery'));
  }
}
