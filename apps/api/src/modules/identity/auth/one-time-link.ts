import { randomToken, uuid, type SecretHasher } from '@wfm/core/crypto';
import type { Clock } from '@wfm/core/clock';
import type { OneTimeTokenPurpose } from '@wfm/db/entities/auth.entity';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { MessagingTransport } from '../../notifications/messaging/messaging.transport.js';
import type { AuthRepository, LinkRecipient } from './auth.repository.js';

export interface OneTimeLinkDeps {
  repo: AuthRepository;
  transaction: TransactionRunner;
  secrets: SecretHasher;
  mailer: MailTransport;
  /** Text messages to a person known only by a mobile number (invites, resets); absent: such a person gets no link. */
  texts?: MessagingTransport;
  clock: Clock;
}

export interface OneTimeLinkMail {
  purpose: OneTimeTokenPurpose;
  ttlMs: number;
  /** Earlier unused tokens of the same purpose stop working (a new invite voids the previous one). */
  retirePrevious?: boolean;
  link(token: string): string;
  template: string;
  subject: string;
  text(link: string): string;
  /** The message for a person without an email address, sent to their mobile number instead. */
  short?(link: string): string;
}

/**
 * Reset, invite and verification links: a fresh 256-bit token of which only the keyed hash is
 * stored, single use and expiring, mailed to the user, or texted to a user who has only a mobile
 * number (when the link has a short form and a text transport is there), and kept nowhere else.
 */
export async function mailOneTimeLink(d: OneTimeLinkDeps, user: LinkRecipient, mail: OneTimeLinkMail): Promise<void> {
  const texts = d.texts;
  const short = mail.short;
  if (!user.email && !(user.mobile && texts && short)) return;
  const token = randomToken(32);
  const tokenId = uuid();
  const now = d.clock.now();
  await d.transaction(async (tx) => {
    if (mail.retirePrevious) await d.repo.retireOneTimeTokens(tx, user.tenantId, user.id, mail.purpose, now);
    await d.repo.createOneTimeToken(tx, {
      id: tokenId,
      tenantId: user.tenantId,
      userId: user.id,
      purpose: mail.purpose,
      tokenHash: d.secrets.hash(token),
      expiresAt: new Date(now.getTime() + mail.ttlMs),
    });
  });
  const link = mail.link(token);
  if (user.email) {
    await d.mailer.send({ tenantId: user.tenantId, to: user.email, template: mail.template, subject: mail.subject, text: mail.text(link) });
    return;
  }
  const purpose = mail.purpose === 'INVITE' ? 'INVITE' : 'PASSWORD_RESET';
  await texts!.send({ tenantId: user.tenantId, to: user.mobile!, text: short!(link), about: { purpose, id: tokenId } });
}
