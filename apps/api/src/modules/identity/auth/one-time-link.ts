import { randomToken, uuid, type SecretHasher } from '@wfm/core/crypto';
import type { Clock } from '@wfm/core/clock';
import type { OneTimeTokenPurpose } from '@wfm/db/entities/auth.entity';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { AuthRepository, MailableUser } from './auth.repository.js';

export interface OneTimeLinkDeps {
  repo: AuthRepository;
  transaction: TransactionRunner;
  secrets: SecretHasher;
  mailer: MailTransport;
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
}

/**
 * Reset, invite and verification links: a fresh 256-bit token of which only the keyed hash is
 * stored, single use and expiring, mailed to the user and kept nowhere else.
 */
export async function mailOneTimeLink(d: OneTimeLinkDeps, user: MailableUser, mail: OneTimeLinkMail): Promise<void> {
  const token = randomToken(32);
  const now = d.clock.now();
  await d.transaction(async (tx) => {
    if (mail.retirePrevious) await d.repo.retireOneTimeTokens(tx, user.tenantId, user.id, mail.purpose, now);
    await d.repo.createOneTimeToken(tx, {
      id: uuid(),
      tenantId: user.tenantId,
      userId: user.id,
      purpose: mail.purpose,
      tokenHash: d.secrets.hash(token),
      expiresAt: new Date(now.getTime() + mail.ttlMs),
    });
  });
  const link = mail.link(token);
  await d.mailer.send({ tenantId: user.tenantId, to: user.email, template: mail.template, subject: mail.subject, text: mail.text(link) });
}
