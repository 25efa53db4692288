import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { OneTimeTokenEntity } from '@wfm/db/entities/auth.entity';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { ApiHarness, type HttpResult } from '../../../test-support/harness.js';
import type { TokenPair } from './token.service.js';

/** Signup allows 5 calls a minute per address; each call here speaks from its own address. */
let address = 0;
const fresh = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

const INVALID = { message: ['token is invalid or has expired'], error: 'Bad Request', statusCode: 400 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const HOUR = 3600_000;

describe('POST /auth/signup and /auth/verify-email', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true', PUBLIC_APP_URL: 'https://app.example.test' }, { captureLogs: true, freshDatabase: true });
  });
  after(async () => h.stop());

  /** Tests share the file's database, so each signs up a company and an owner address of its own. */
  let tag = 0;
  let VALID: { companyName: string; fullName: string; email: string; password: string };
  let SLUG: string;
  let EMAIL: string;
  beforeEach(() => {
    tag += 1;
    VALID = { companyName: `Acme Bakery T${tag}`, fullName: 'Ada Owner', email: `Ada.T${tag}@Acme.test`, password: 'long-enough-pw' };
    SLUG = `acme-bakery-t${tag}`;
    EMAIL = `ada.t${tag}@acme.test`;
  });

  const signup = (body: unknown) => h.request('POST', '/auth/signup', { body, headers: fresh() });
  const verify = (body: unknown) => h.request<TokenPair>('POST', '/auth/verify-email', { body, headers: fresh() });
  const login = (body: unknown) => h.request<TokenPair>('POST', '/auth/login', { body, headers: fresh() });

  /** The token of the newest verification mail to `email`. */
  async function verificationToken(email: string): Promise<string> {
    const last = (await h.mailsTo(email.toLowerCase())).filter((m) => m.template === 'verify_email').at(-1)!;
    expect(last, `no verification mail to ${email}`).to.not.equal(undefined);
    const m = /https:\/\/app\.example\.test\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(last.text);
    expect(m, last.text).to.not.equal(null);
    return m![1]!;
  }

  /** Signs up, opens the mailed link, and returns the token pair the verification answers with. */
  async function signupVerified(body: Record<string, unknown>): Promise<HttpResult<TokenPair>> {
    const res = await signup(body);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    const verified = await verify({ token: await verificationToken(String(body.email)) });
    expect(verified.status).to.equal(200);
    return verified;
  }

  const tenantOf = async (pair: TokenPair) => h.ds.getRepository(TenantEntity).findOneByOrFail({ id: h.tokens.verifyAccess(pair.accessToken)!.tid });

  describe('signup', () => {
    it('creates a FREE tenant with an unverified TENANT_OWNER, mails a 24-hour link and signs nobody in (201)', async () => {
      const res = await signup(VALID);
      expect(res.status).to.equal(201);
      expect(res.body).to.deep.equal({ verificationSent: true });
      const tenant = await h.ds.getRepository(TenantEntity).findOneByOrFail({ slug: SLUG });
      expect(tenant).to.include({ name: VALID.companyName, plan: 'FREE', timezone: 'UTC', publicApiEnabled: false });
      const owner = await h.ds.getRepository(UserEntity).findOneByOrFail({ tenantId: tenant.id });
      expect(owner).to.include({ role: 'TENANT_OWNER', status: 'ACTIVE', email: EMAIL, fullName: 'Ada Owner', mobile: null, verifiedAt: null });
      const [mail] = await h.mailsTo(EMAIL, tenant.id);
      expect(mail).to.include({ template: 'verify_email', subject: 'Confirm your email address' });
      expect(mail!.text).to.contain('Ada Owner');
      const token = await verificationToken(VALID.email);
      const stored = await h.ds.getRepository(OneTimeTokenEntity).findOneByOrFail({ userId: owner.id });
      expect(stored).to.include({ purpose: 'VERIFY_EMAIL', usedAt: null });
      expect(stored.tokenHash).to.not.contain(token);
      expect(stored.expiresAt.getTime() - h.clock.now().getTime()).to.equal(24 * HOUR);
      const early = await login({ identifier: EMAIL, password: VALID.password });
      expect(early.status).to.equal(401);
      expect(early.body).to.deep.equal(UNAUTHORIZED);
    });

    it('keeps the verification link out of mail_outbox and the log', async () => {
      const logged = h.logLines.length;
      await signup(VALID);
      const token = await verificationToken(VALID.email);
      const outbox = JSON.stringify(await h.ds.query(`SELECT row_to_json(m)::text AS row FROM mail_outbox m WHERE m.to_address = $1`, [EMAIL]));
      expect(outbox).to.contain('verify_email');
      expect(outbox).to.not.contain(token);
      const lines = h.logLines.slice(logged).join('\n');
      expect(lines).to.contain('mail written to the mail drop');
      expect(lines).to.not.contain(token);
    });

    it('stores the timezone and the normalised mobile number when given', async () => {
      const pair = (await signupVerified({ ...VALID, timezone: 'Europe/Paris', mobile: '+33 6 12 34 56 78' })).body;
      expect(await tenantOf(pair)).to.include({ timezone: 'Europe/Paris' });
      expect(await h.ds.getRepository(UserEntity).findOneByOrFail({ id: h.tokens.verifyAccess(pair.accessToken)!.sub })).to.include({ mobile: '+33612345678' });
    });

    it('gives a second company of the same name a suffixed slug, and the same email may own both', async () => {
      const first = (await signupVerified({ ...VALID, password: 'first-password' })).body;
      const second = (await signupVerified({ ...VALID, password: 'second-password' })).body;
      const third = (await signupVerified({ ...VALID, companyName: `${VALID.companyName.toUpperCase()}!`, password: 'third-password' })).body;
      const slugs = await Promise.all([first, second, third].map(async (p) => (await tenantOf(p)).slug));
      expect(slugs).to.deep.equal([SLUG, `${SLUG}-2`, `${SLUG}-3`]);
      const scoped = await login({ identifier: VALID.email, password: 'second-password', tenantSlug: `${SLUG}-2` });
      expect(scoped.status).to.equal(200);
      expect(h.tokens.verifyAccess(scoped.body.accessToken)!.tid).to.equal(h.tokens.verifyAccess(second.accessToken)!.tid);
    });

    it('derives a usable slug from any company name', async () => {
      await signup({ ...VALID, companyName: 'Café Zürich & Co.' });
      await signup({ ...VALID, companyName: '***' });
      const owned = await h.ds.query(`SELECT t.slug FROM tenants t JOIN users u ON u.tenant_id = t.id WHERE u.email = $1`, [EMAIL]);
      expect(owned.map((t: { slug: string }) => t.slug)).to.have.members(['cafe-zurich-co', 'company']);
    });

    it('enforces the password policy of 10 to 128 characters', async () => {
      const short = await signup({ ...VALID, password: '123456789' });
      expect(short.status).to.equal(400);
      expect(short.body).to.deep.equal({ message: ['password must be at least 10 characters'], error: 'Bad Request', statusCode: 400 });
      const long = await signup({ ...VALID, password: 'x'.repeat(129) });
      expect(long.body.message).to.deep.equal(['password must be at most 128 characters']);
      expect((await signup({ ...VALID, password: 'x'.repeat(128) })).status).to.equal(201);
    });

    it('validates email, timezone, mobile and unknown properties, creating nothing', async () => {
      const tenantsBefore = await h.ds.getRepository(TenantEntity).count();
      const res = await signup({ ...VALID, email: 'not-an-email', timezone: 'Mars/Olympus', mobile: '12', plan: 'ENTERPRISE' });
      expect(res.status).to.equal(400);
      expect(res.body.message).to.have.members([
        'email must be an email',
        'timezone must be a valid IANA time zone',
        'mobile must be a valid mobile number',
        'property plan should not exist',
      ]);
      const missing = await signup({});
      expect(missing.body.message).to.have.members(['companyName is required', 'fullName is required', 'email is required', 'password is required']);
      const blank = await signup({ ...VALID, companyName: '   ', fullName: ' ' });
      expect(blank.body.message).to.have.members(['companyName must be at least 1 characters', 'fullName must be at least 1 characters']);
      expect(await h.ds.getRepository(TenantEntity).count()).to.equal(tenantsBefore);
    });
  });

  describe('verify-email', () => {
    it('verifies the owner and signs them in with exactly the token pair; the password works from then on', async () => {
      await signup(VALID);
      const res = await verify({ token: await verificationToken(VALID.email) });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'accessExpiresIn', 'refreshExpiresIn', 'tokenType');
      const claims = h.tokens.verifyAccess(res.body.accessToken)!;
      const owner = await h.ds.getRepository(UserEntity).findOneByOrFail({ id: claims.sub });
      expect(owner).to.include({ tenantId: claims.tid, role: 'TENANT_OWNER' });
      expect(owner.verifiedAt!.getTime()).to.equal(h.clock.now().getTime());
      const signedIn = await login({ identifier: EMAIL, password: VALID.password });
      expect(signedIn.status).to.equal(200);
      expect(h.tokens.verifyAccess(signedIn.body.accessToken)).to.include({ sub: owner.id });
    });

    it('works once', async () => {
      await signup(VALID);
      const token = await verificationToken(VALID.email);
      expect((await verify({ token })).status).to.equal(200);
      const again = await verify({ token });
      expect(again.status).to.equal(400);
      expect(again.body).to.deep.equal(INVALID);
    });

    it('expires after 24 hours by the clock at the time of the request', async () => {
      await signup(VALID);
      const token = await verificationToken(VALID.email);
      h.clock.advance(24 * HOUR + 60_000);
      const res = await verify({ token });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(INVALID);
      expect((await login({ identifier: VALID.email, password: VALID.password })).status).to.equal(401);
    });

    it('refuses an unknown token and an owner deactivated since the mail', async () => {
      expect((await verify({ token: 'made-up-token' })).body).to.deep.equal(INVALID);
      await signup(VALID);
      const token = await verificationToken(VALID.email);
      await h.ds.query(`UPDATE users SET status = 'INACTIVE' WHERE email = $1`, [EMAIL]);
      expect((await verify({ token })).body).to.deep.equal(INVALID);
    });

    it('validates the body', async () => {
      const missing = await verify({});
      expect(missing.status).to.equal(400);
      expect(missing.body).to.deep.equal({ message: ['token is required'], error: 'Bad Request', statusCode: 400 });
      const extra = await verify({ token: 'x', email: 'a@example.test' });
      expect((extra.body as unknown as { message: string[] }).message).to.deep.equal(['property email should not exist']);
    });
  });

  describe('squatting', () => {
    it('signups under someone else\u2019s address can neither be signed into nor lock the real owner out', async () => {
      for (let i = 0; i < 6; i++) expect((await signup({ ...VALID, companyName: `Squat ${i}`, email: 'victim@example.test', password: 'attacker-password' })).status).to.equal(201);
      const home = await createTenant(h.ds);
      const victim = await createUser(h.ds, home.id, { email: 'victim@example.test', password: 'victim-password-1' });
      const res = await login({ identifier: 'victim@example.test', password: 'victim-password-1' });
      expect(res.status).to.equal(200);
      expect(h.tokens.verifyAccess(res.body.accessToken)).to.include({ sub: victim.id, tid: home.id });
      const squatter = await login({ identifier: 'victim@example.test', password: 'attacker-password' });
      expect(squatter.status).to.equal(401);
      expect(squatter.body).to.deep.equal(UNAUTHORIZED);
      const squatted = await login({ identifier: 'victim@example.test', password: 'attacker-password', tenantSlug: 'squat-0' });
      expect(squatted.status).to.equal(401);
    });
  });
});
