import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { createTenant, createUser, DEFAULT_PASSWORD } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';

/** Production cost: each derivation holds the one hashing thread for about half a second. */
const OWASP = { N: 2 ** 17, r: 8, p: 1 };
const BUSY = { message: 'Too many sign-in requests are being processed; retry shortly', error: 'Service Unavailable', statusCode: 503 };

let address = 0;
const fresh = () => ({ 'x-forwarded-for': `192.0.2.${++address}` });

describe('password hashing on its own bounded pool (POST /auth/login, /auth/signup)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true', PASSWORD_HASH_WORKERS: '1', PASSWORD_HASH_QUEUE: '2' }, { freshDatabase: true });
  });
  after(async () => h.stop());

  /** Takes the one thread and both queue places; resolves when they are free again. */
  const fill = () => Promise.all([0, 1, 2].map(() => h.passwordHashing.derive('filler', randomBytes(16), OWASP)));

  it('answers 503 with Retry-After and the platform body when the queue is full, and signs in once it drains', async function () {
    this.timeout(60_000);
    const t = await createTenant(h.ds);
    const u = await createUser(h.ds, t.id);
    const body = { identifier: u.email, password: DEFAULT_PASSWORD };
    const busy = fill();
    const refused = await h.request('POST', '/auth/login', { body, headers: fresh() });
    expect(refused.status).to.equal(503);
    expect(refused.body).to.deep.equal(BUSY);
    expect(Number(refused.headers.get('retry-after'))).to.be.at.least(1);
    await busy;
    expect((await h.request('POST', '/auth/login', { body, headers: fresh() })).status).to.equal(200);
  });

  it('refuses a signup the same way, creating nothing', async function () {
    this.timeout(60_000);
    const busy = fill();
    const res = await h.request('POST', '/auth/signup', {
      body: { companyName: 'Busy Bakery', fullName: 'Bo Busy', email: 'bo@busy.test', password: 'long-enough-pw' },
      headers: fresh(),
    });
    expect(res.status).to.equal(503);
    expect(res.body).to.deep.equal(BUSY);
    expect(await h.ds.query(`SELECT id FROM tenants WHERE name = 'Busy Bakery'`)).to.have.length(0);
    await busy;
  });
});
