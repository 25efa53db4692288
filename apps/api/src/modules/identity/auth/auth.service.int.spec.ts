import { createSecretKey } from 'node:crypto';
import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { ScryptPasswordHasher, SecretHasher, TEST_SCRYPT, type PasswordHasher } from '@wfm/core/crypto';
import { UnauthorizedError } from '@wfm/core/errors';
import { transactionRunner } from '@wfm/db/transaction';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import type { MailTransport } from '../../notifications/mail/mail.transport.js';
import { TenantProvisioningRepository } from '../../organization/tenants/tenant-provisioning.repository.js';
import { TenantProvisioningService } from '../../organization/tenants/tenant-provisioning.service.js';
import { AuthRepository } from './auth.repository.js';
import { AuthService } from './auth.service.js';
import { EmailVerificationService } from './email-verification.service.js';
import { SessionService } from './session.service.js';
import { TokenService } from './token.service.js';

/** The real hasher, counting what it is asked to do. */
class CountingHasher implements PasswordHasher {
  hashes = 0;
  verifies = 0;
  private readonly inner = new ScryptPasswordHasher(TEST_SCRYPT);
  hash(password: string): Promise<string> {
    this.hashes++;
    return this.inner.hash(password);
  }
  verify(password: string, stored: string): Promise<boolean> {
    this.verifies++;
    return this.inner.verify(password, stored);
  }
  unmatchable(): string {
    return this.inner.unmatchable();
  }
}

describe('AuthService.login: one password verification per attempt', () => {
  let db: TestDatabase;
  let auth: AuthService;
  let hasher: CountingHasher;
  const clock = new FakeClock('2026-03-01T09:00:00Z');
  before(async () => {
    db = await createTestDatabase();
    hasher = new CountingHasher();
    const repo = new AuthRepository(db.dataSource);
    const transaction = transactionRunner(db.dataSource);
    const tokens = new TokenService(createSecretKey(Buffer.from('count-secret-count-secret-count-secret-0')), clock, {
      accessSeconds: 900,
      refreshSeconds: 86400,
      accessLabel: '15m',
      refreshLabel: '1d',
    });
    const sessions = new SessionService(repo, transaction, tokens, clock);
    const noMail: MailTransport = { send: async () => ({ accepted: true }) };
    const verification = new EmailVerificationService({ repo, transaction, secrets: new SecretHasher('pepper-pepper-pepper'), sessions, mailer: noMail, clock, appUrl: 'https://app.example.test' });
    auth = new AuthService(repo, hasher, sessions, new TenantProvisioningService(new TenantProvisioningRepository(), transaction, hasher), verification, { passwordRefused: async () => false });
  });
  after(async () => db.drop());

  /** Runs one attempt and answers how it ended and how much password work it did. */
  async function attempt(identifier: string, password: string, tenantSlug?: string) {
    hasher.hashes = 0;
    hasher.verifies = 0;
    const outcome = await auth.login(identifier, password, tenantSlug).then(
      () => 'signed in',
      (err: unknown) => (err instanceof UnauthorizedError ? 'refused' : Promise.reject(err)),
    );
    return { outcome, verifies: hasher.verifies, hashes: hasher.hashes };
  }

  it('matching no account: one verification (against an unmatchable hash), no hashing', async () => {
    for (const identifier of ['nobody@example.test', '+44 7700 900999', 'not an identifier']) {
      expect(await attempt(identifier, DEFAULT_PASSWORD)).to.deep.equal({ outcome: 'refused', verifies: 1, hashes: 0 });
    }
  });

  it('matching one account: one verification, right or wrong password', async () => {
    const t = await createTenant(db.dataSource);
    const u = await createUser(db.dataSource, t.id);
    expect(await attempt(u.email!, 'wrong-password')).to.deep.equal({ outcome: 'refused', verifies: 1, hashes: 0 });
    expect(await attempt(u.email!, DEFAULT_PASSWORD)).to.deep.equal({ outcome: 'signed in', verifies: 1, hashes: 0 });
  });

  it('matching three accounts in three tenants: still one verification, whichever password is tried', async () => {
    const tenants = [await createTenant(db.dataSource), await createTenant(db.dataSource), await createTenant(db.dataSource)];
    for (const [i, t] of tenants.entries()) await createUser(db.dataSource, t.id, { email: 'thrice@example.test', password: `password-number-${i}` });
    expect(await attempt('thrice@example.test', 'wrong-password')).to.deep.equal({ outcome: 'refused', verifies: 1, hashes: 0 });
    expect(await attempt('thrice@example.test', 'password-number-0')).to.deep.equal({ outcome: 'signed in', verifies: 1, hashes: 0 });
    expect(await attempt('thrice@example.test', 'password-number-2')).to.deep.equal({ outcome: 'refused', verifies: 1, hashes: 0 });
    expect(await attempt('thrice@example.test', 'password-number-2', tenants[2]!.slug)).to.deep.equal({ outcome: 'signed in', verifies: 1, hashes: 0 });
  });

  it('matching only unverified accounts: one verification, refused even with their password', async () => {
    for (let i = 0; i < 5; i++) await createUser(db.dataSource, (await createTenant(db.dataSource)).id, { email: 'squatted@example.test', verified: false });
    expect(await attempt('squatted@example.test', DEFAULT_PASSWORD)).to.deep.equal({ outcome: 'refused', verifies: 1, hashes: 0 });
  });
});
