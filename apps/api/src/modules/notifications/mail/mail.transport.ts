import nodemailer from 'nodemailer';

export interface MailMessage {
  /** Null for the platform operator's own mail (a sales enquiry), which belongs to no tenant. */
  tenantId: string | null;
  to: string;
  /** Stable name of the mail kind (e.g. `password_reset`), for operators and tests. */
  template: string;
  subject: string;
  text: string;
}

/**
 * What the rest of the API sends mail through. `accepted` says whether the mail went to a mail
 * server for delivery; a mail only written to the local mail drop (no SMTP_URL) was not sent.
 */
export interface MailTransport {
  send(msg: MailMessage): Promise<{ accepted: boolean }>;
}

/** The one nodemailer call the mailer needs, behind an interface so tests need no SMTP server. */
export interface SmtpSender {
  sendMail(mail: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/** `url` is a nodemailer connection URL such as `smtps://user:pass@smtp.example.com:465`. */
export function nodemailerSender(url: string): SmtpSender {
  const transport = nodemailer.createTransport(url);
  return { sendMail: (mail) => transport.sendMail(mail) };
}
