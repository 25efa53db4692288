import { BadRequestError } from '@wfm/core/errors';
import type { PasswordHasher, SecretHasher } from '@wfm/core/crypto';
import type { Clock } from '@wfm/core/clock';
import type { Logger } from '@wfm/core/logger';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { MessagingTransport } from '../../notifications/messaging/messaging.transport.js';
import type { AuthRepository, LinkRecipient } from './auth.repository.js';
import { parseIdentifier } from './auth.service.js';
import { mailOneTimeLink } from './one-time-link.js';

const RESET_TTL_MS = 60 * 60 * 1000;
export const INVALID_RESET_TOKEN = 'token is invalid or has expired';

export interface PasswordResetDeps {
  repo: AuthRepository;
  transaction: TransactionRunner;
  passwords: PasswordHasher;
  secrets: SecretHasher;
  mailer: MailTransport;
  /** Reset links for people known only by a mobile number. */
  texts: MessagingTransport;
  clock: Clock;
  logger: Logger;
  /** Public web-app address without a trailing slash. */
  appUrl: string;
}

export class PasswordResetService {
  constructor(private readonly d: PasswordResetDeps) {}

  /**
   * Sends a one-hour, single-use reset link to every live, active account the identifier names:
   * by mail to a confirmed address, or by text message to a person who has only a mobile number. The caller learns nothing either way, so a failure for one
   * account is logged, not reported.
   */
  async request(identifier: string): Promise<void> {
    const id = parseIdentifier(identifier);
    if (!id) return;
    for (const user of await this.d.repo.resetCandidates(id)) {
      try {
        await this.sendLink(user);
      } catch (err) {
        this.d.logger.error({ err, tenantId: user.tenantId, userId: user.id }, 'password reset link not sent');
      }
    }
  }

  /** Sets the password, uses the token up, and ends every session of the user (a thief's too). */
  async reset(token: string, password: string): Promise<void> {
    const passwordHash = await this.d.passwords.hash(password);
    const now = this.d.clock.now();
    const done = await this.d.transaction(async (tx) => {
      const owner = await this.d.repo.consumeOneTimeToken(tx, 'PASSWORD_RESET', this.d.secrets.hash(token), now);
      if (!owner || !(await this.d.repo.setPassword(tx, owner.tenantId, owner.userId, passwordHash))) return false;
      await this.d.repo.retireOneTimeTokens(tx, owner.tenantId, owner.userId, 'PASSWORD_RESET', now);
      await this.d.repo.revokeUserSessions(tx, owner.tenantId, owner.userId, now, 'password_reset');
      return true;
    });
    if (!done) throw new BadRequestError([INVALID_RESET_TOKEN]);
  }

  private sendLink(user: LinkRecipient): Promise<void> {
    return mailOneTimeLink(this.d, user, {
      purpose: 'PASSWORD_RESET',
      ttlMs: RESET_TTL_MS,
      link: (token) => `${this.d.appUrl}/reset-password?token=${token}`,
      template: 'password_reset',
      subject: 'Reset your password',
      text: (link) =>
        `Hello ${user.fullName},\n\nSomeone asked to reset the password of your account. To choose a new password, open this link within one hour:\n\n${link}\n\nThe link works once. If you did not ask for this, ignore this mail; your password stays as it is.\n`,
      short: (link) => `Workforce Platform: to choose a new password, open this link within one hour (it works once): ${link}\nDid not ask? Ignore this message.`,
    });
  }
}
