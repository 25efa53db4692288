import { NotFoundError } from '@wfm/core/errors';
import type { PasswordHasher, SecretHasher } from '@wfm/core/crypto';
import type { Clock } from '@wfm/core/clock';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { MessagingTransport } from '../../notifications/messaging/messaging.transport.js';
import type { AuthRepository } from './auth.repository.js';
import type { UserInviter } from './invite.port.js';
import type { SessionService } from './session.service.js';
import type { TokenPair } from './token.service.js';
import { mailOneTimeLink } from './one-time-link.js';

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVITE_NOT_FOUND = 'Invite not found or expired';

export interface InviteDeps {
  repo: AuthRepository;
  transaction: TransactionRunner;
  passwords: PasswordHasher;
  secrets: SecretHasher;
  sessions: SessionService;
  mailer: MailTransport;
  /** Invites for people known only by a mobile number. */
  texts: MessagingTransport;
  clock: Clock;
  /** Public web-app address without a trailing slash. */
  appUrl: string;
}

/** Invite codes: 7 days, single use, stored only as keyed hashes; a new invite voids the previous one. */
export class InviteService implements UserInviter {
  constructor(private readonly d: InviteDeps) {}

  issueInvite(user: Parameters<UserInviter['issueInvite']>[0]): Promise<void> {
    return mailOneTimeLink(this.d, user, {
      purpose: 'INVITE',
      ttlMs: INVITE_TTL_MS,
      retirePrevious: true,
      link: (code) => `${this.d.appUrl}/invite/${code}`,
      template: 'invite',
      subject: 'You have been invited to the Workforce Platform',
      text: (link) => `Hello ${user.fullName},\n\nAn account has been created for you. To choose your password and sign in, open this link within 7 days:\n\n${link}\n\nThe link works once.\n`,
      short: (link) => `Workforce Platform: ${user.fullName}, an account has been created for you. Choose your password and sign in within 7 days (the link works once): ${link}`,
    });
  }

  /**
   * Sets the password and signs the user in; any earlier sessions end, as after a password reset.
   * Opening the mailed code proves the mailbox, so the account is (or stays) verified.
   */
  async redeem(code: string, password: string): Promise<TokenPair> {
    const passwordHash = await this.d.passwords.hash(password);
    const now = this.d.clock.now();
    const user = await this.d.transaction(async (tx) => {
      const owner = await this.d.repo.consumeOneTimeToken(tx, 'INVITE', this.d.secrets.hash(code), now);
      if (!owner || !(await this.d.repo.setPassword(tx, owner.tenantId, owner.userId, passwordHash))) return null;
      await this.d.repo.markVerified(tx, owner.tenantId, owner.userId, now);
      await this.d.repo.revokeUserSessions(tx, owner.tenantId, owner.userId, now, 'invite_redeemed');
      return owner;
    });
    if (!user) throw new NotFoundError(INVITE_NOT_FOUND);
    return this.d.sessions.open({ id: user.userId, tenantId: user.tenantId });
  }
}
