import { BadRequestError } from '@wfm/core/errors';
import type { SecretHasher } from '@wfm/core/crypto';
import type { Clock } from '@wfm/core/clock';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import type { AuthRepository, MailableUser } from './auth.repository.js';
import type { SessionService } from './session.service.js';
import type { TokenPair } from './token.service.js';
import { mailOneTimeLink } from './one-time-link.js';

const VERIFY_TTL_MS = 24 * 60 * 60 * 1000;
export const INVALID_VERIFICATION_TOKEN = 'token is invalid or has expired';

export interface EmailVerificationDeps {
  repo: AuthRepository;
  transaction: TransactionRunner;
  secrets: SecretHasher;
  sessions: SessionService;
  mailer: MailTransport;
  clock: Clock;
  /** Public web-app address without a trailing slash. */
  appUrl: string;
}

/**
 * A self-service signup's owner cannot sign in until they open the mailed link: otherwise anyone
 * could hold accounts under someone else's address. Links last 24 hours, work once and are stored
 * only as keyed hashes.
 */
export class EmailVerificationService {
  constructor(private readonly d: EmailVerificationDeps) {}

  sendLink(user: MailableUser): Promise<void> {
    return mailOneTimeLink(this.d, user, {
      purpose: 'VERIFY_EMAIL',
      ttlMs: VERIFY_TTL_MS,
      link: (token) => `${this.d.appUrl}/verify-email?token=${token}`,
      template: 'verify_email',
      subject: 'Confirm your email address',
      text: (link) =>
        `Hello ${user.fullName},\n\nTo confirm this address and sign in to your new company account, open this link within 24 hours:\n\n${link}\n\nThe link works once. If you did not sign up, ignore this mail; the account cannot be used without it.\n`,
    });
  }

  /** Uses the token up, marks the account verified and signs it in. */
  async verify(token: string): Promise<TokenPair> {
    const now = this.d.clock.now();
    const user = await this.d.transaction(async (tx) => {
      const owner = await this.d.repo.consumeOneTimeToken(tx, 'VERIFY_EMAIL', this.d.secrets.hash(token), now);
      if (!owner || !(await this.d.repo.markVerified(tx, owner.tenantId, owner.userId, now))) return null;
      return owner;
    });
    if (!user) throw new BadRequestError([INVALID_VERIFICATION_TOKEN]);
    return this.d.sessions.open({ id: user.userId, tenantId: user.tenantId });
  }
}
