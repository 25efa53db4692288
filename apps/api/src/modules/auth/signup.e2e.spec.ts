import { expect } from 'chai';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { ApiHarness } from '../../test-support/harness.js';

/** Signup allows 5 calls a minute per address; each test speaks from its own address. */
let address = 0;
const fresh = () => ({ 'x-forwarded-for': `198.51.100.${++address}` });

const VALID = { companyName: 'Acme Bakery', fullName: 'Ada Owner', email: 'Ada@Acme.test', password: 'long-enough-pw' };

describe('POST /auth/signup', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true' });
  });
  after(async () => h.stop());
  beforeEach(async () => h.db.truncate());

  const signup = (body: unknown, headers = fresh()) => h.request('POST', '/auth/signup', { body, headers });

  it('creates a FREE tenant with its TENANT_OWNER and signs the owner in (201)', async () => {
    const res = await signup(VALID);
    expect(res.status).to.equal(201);
    expect(res.body).to.have.all.keys('accessToken', 'refreshToken', 'accessExpiresIn', 'refreshExpiresIn', 'tokenType');
    const claims = h.tokens.verifyAccess(res.body.accessToken)!;
    const tenant = await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: claims.tid });
    expect(tenant).to.include({ name: 'Acme Bakery', slug: 'acme-bakery', plan: 'FREE', timezone: 'UTC', publicApiEnabled: false });
    const owner = await h.ds.getRepository(UserEntity).findOneByOrFail({ id: claims.sub });
    expect(owner).to.include({ tenantId: tenant.id, role: 'TENANT_OWNER', status: 'ACTIVE', email: 'ada@acme.test', fullName: 'Ada Owner', mobile: null });
    const login = await h.request('POST', '/auth/login', { body: { identifier: 'ada@acme.test', password: VALID.password }, headers: fresh() });
    expect(login.status).to.equal(200);
  });

  it('stores the timezone and the normalised mobile number when given', async () => {
    const res = await signup({ ...VALID, timezone: 'Europe/Paris', mobile: '+33 6 12 34 56 78' });
    expect(res.status).to.equal(201);
    const claims = h.tokens.verifyAccess(res.body.accessToken)!;
    expect(await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: claims.tid })).to.include({ timezone: 'Europe/Paris' });
    expect(await h.ds.getRepository(UserEntity).findOneByOrFail({ id: claims.sub })).to.include({ mobile: '+33612345678' });
  });

  it('gives a second company of the same name a suffixed slug, and the same email may own both', async () => {
    const first = await signup({ ...VALID, password: 'first-password' });
    const second = await signup({ ...VALID, password: 'second-password' });
    const third = await signup({ ...VALID, companyName: 'ACME bakery!', password: 'third-password' });
    expect([first.status, second.status, third.status]).to.deep.equal([201, 201, 201]);
    const slugs = await Promise.all(
      [first, second, third].map(async (r) => (await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: h.tokens.verifyAccess(r.body.accessToken)!.tid })).slug),
    );
    expect(slugs).to.deep.equal(['acme-bakery', 'acme-bakery-2', 'acme-bakery-3']);
    const scoped = await h.request('POST', '/auth/login', {
      body: { identifier: VALID.email, password: 'second-password', tenantSlug: 'acme-bakery-2' },
      headers: fresh(),
    });
    expect(scoped.status).to.equal(200);
    expect(h.tokens.verifyAccess(scoped.body.accessToken)!.tid).to.equal(h.tokens.verifyAccess(second.body.accessToken)!.tid);
  });

  it('derives a usable slug from any company name', async () => {
    const res = await signup({ ...VALID, companyName: 'Café Zürich & Co.' });
    const tid = h.tokens.verifyAccess(res.body.accessToken)!.tid;
    expect((await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: tid })).slug).to.equal('cafe-zurich-co');
    const symbols = await signup({ ...VALID, companyName: '***' });
    const tid2 = h.tokens.verifyAccess(symbols.body.accessToken)!.tid;
    expect((await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: tid2 })).slug).to.equal('company');
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
    expect(await h.ds.getRepository(TenantEntity).count()).to.equal(0);
  });
});
