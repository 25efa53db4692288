import { expect } from 'chai';
import { createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}

describe('POST /users/bulk-import (HTTP)', () => {
  let h: ApiHarness;
  let tenantId: string;
  let admin: CreatedUser;
  let token: string;

  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  // A fresh admin per test also gives each test its own rate-limit counter.
  beforeEach(async () => {
    tenantId = (await createTenant(h.ds)).id;
    admin = await createUser(h.ds, tenantId, { role: 'COMPANY_ADMIN', email: 'admin@example.test', mobile: '+447700900001' });
    token = await h.tokenFor(admin);
  });

  const importRows = (rows: unknown, as = token) => h.request('POST', '/users/bulk-import', { body: { rows }, token: as });

  async function userCount(): Promise<number> {
    const [row] = await h.ds.query(`SELECT count(*)::int AS n FROM users WHERE tenant_id = $1`, [tenantId]);
    return row.n;
  }

  it('creates every row, STAFF by default, and answers 201 {created, ids} in row order', async () => {
    const res = await importRows([
      { fullName: 'Ana', email: 'Ana@Example.com' },
      { fullName: 'Ben', mobile: '+44 7700 900123', role: 'OUTLET_MANAGER', employeeCode: 'B-1' },
    ]);
    expect(res.status).to.equal(201);
    expect(res.body).to.have.all.keys('created', 'ids');
    expect(res.body.created).to.equal(2);
    const rows = await h.ds.query(`SELECT id, email, mobile, role, status, employee_code FROM users WHERE id = ANY($1::uuid[])`, [res.body.ids]);
    const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
    expect(byId.get(res.body.ids[0])).to.include({ email: 'ana@example.com', mobile: null, role: 'STAFF', status: 'ACTIVE' });
    expect(byId.get(res.body.ids[1])).to.include({ email: null, mobile: '+447700900123', role: 'OUTLET_MANAGER', employee_code: 'B-1' });
  });

  it('fires no event and invites every row, the mobile-only one by text message (issue 33)', async () => {
    const res = await importRows([
      { fullName: 'Ana', email: 'ana@example.com' },
      { fullName: 'Ben', mobile: '+447700900123' },
      { fullName: 'Cy', email: 'cy@example.com', mobile: '+447700900124' },
    ]);
    expect(res.status).to.equal(201);
    expect(await h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1`, [tenantId])).to.deep.equal([]);
    const invited: Array<{ user_id: string }> = await h.ds.query(`SELECT user_id FROM one_time_tokens WHERE purpose = 'INVITE' AND tenant_id = $1`, [tenantId]);
    expect(invited.map((r) => r.user_id).sort()).to.deep.equal([...res.body.ids].sort());
  });

  it('accepts 500 rows in one call', async () => {
    const rows = Array.from({ length: 500 }, (_, i) => ({ fullName: `Row ${i}`, mobile: `+4477008${String(i).padStart(5, '0')}` }));
    const res = await importRows(rows);
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    expect(res.body.created).to.equal(500);
    expect(await userCount()).to.equal(501);
  });

  it('rejects a body without rows, with none or with more than 500', async () => {
    const none = await h.request('POST', '/users/bulk-import', { body: {}, token });
    expect(none.body).to.deep.equal(badRequest('rows is required'));
    expect((await importRows([])).body).to.deep.equal(badRequest('rows must contain at least 1 element'));
    const tooMany = Array.from({ length: 501 }, (_, i) => ({ fullName: `Row ${i}`, mobile: `+4477009${String(i).padStart(5, '0')}` }));
    const res = await importRows(tooMany);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal(badRequest('rows must contain at most 500 elements'));
    const extra = await h.request('POST', '/users/bulk-import', { body: { rows: [{ fullName: 'A', email: 'a@example.com' }], dryRun: true }, token });
    expect(extra.body).to.deep.equal(badRequest('property dryRun should not exist'));
    expect(await userCount()).to.equal(1);
  });

  it('names the row and field of every invalid value and writes nothing', async () => {
    const res = await importRows([
      { fullName: 'Fine', email: 'fine@example.com' },
      { fullName: 'No Contact' },
      { fullName: 'Bad Mobile', mobile: 'abc' },
      { fullName: 'Bad Email', email: 'nope' },
      { fullName: '', email: 'e@example.com' },
      { fullName: 'Extra', email: 'x@example.com', password: 'Long-enough-1' },
      { fullName: 'Bad Role', email: 'r@example.com', role: 'CEO' },
    ]);
    expect(res.status).to.equal(400);
    expect(res.body).to.deep.equal(
      badRequest(
        'rows.1.email or mobile is required',
        'rows.2.mobile must be a valid mobile number',
        'rows.3.email must be an email',
        'rows.4.fullName must be at least 1 characters',
        'property rows.5.password should not exist',
        'rows.6.role must be one of the following values: TENANT_GROUP_OWNER, TENANT_OWNER, COMPANY_ADMIN, HR_MANAGER, AREA_MANAGER, OPERATIONS_MANAGER, OUTLET_MANAGER, STAFF',
      ),
    );
    expect(await userCount()).to.equal(1);
  });

  it('is 409 naming the row that repeats an email or mobile of an earlier row, and writes nothing', async () => {
    const email = await importRows([
      { fullName: 'A', email: 'same@example.com' },
      { fullName: 'B', email: 'other@example.com' },
      { fullName: 'C', email: 'SAME@example.com' },
    ]);
    expect(email.status).to.equal(409);
    expect(email.body).to.deep.equal({ message: 'rows.2.email: duplicates rows.0.email', error: 'Conflict', statusCode: 409 });
    const mobile = await importRows([
      { fullName: 'A', mobile: '+447700900123' },
      { fullName: 'B', mobile: '+44 7700 900123' },
    ]);
    expect(mobile.body).to.deep.equal({ message: 'rows.1.mobile: duplicates rows.0.mobile', error: 'Conflict', statusCode: 409 });
    expect(await userCount()).to.equal(1);
  });

  it('is 409 naming the row whose email or mobile a live user already has, and writes nothing', async () => {
    const email = await importRows([
      { fullName: 'A', email: 'new@example.com' },
      { fullName: 'B', email: 'ADMIN@example.test' },
    ]);
    expect(email.status).to.equal(409);
    expect(email.body).to.deep.equal({ message: 'rows.1.email: A user with this email already exists', error: 'Conflict', statusCode: 409 });
    const mobile = await importRows([{ fullName: 'A', email: 'new@example.com', mobile: '+44 7700 900001' }]);
    expect(mobile.body).to.deep.equal({ message: 'rows.0.mobile: A user with this mobile number already exists', error: 'Conflict', statusCode: 409 });
    expect(await userCount()).to.equal(1);
  });

  it('accepts identifiers of deleted users and of other tenants', async () => {
    const gone = await createUser(h.ds, tenantId, { email: 'gone@example.test' });
    await h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [gone.id]);
    const other = await createTenant(h.ds);
    await createUser(h.ds, other.id, { email: 'elsewhere@example.test' });
    const res = await importRows([
      { fullName: 'A', email: 'gone@example.test' },
      { fullName: 'B', email: 'elsewhere@example.test' },
    ]);
    expect(res.status).to.equal(201);
  });

  it('applies the role rules of POST /users to every row', async () => {
    const hr = await h.tokenFor(await createUser(h.ds, tenantId, { role: 'HR_MANAGER' }));
    const above = await importRows(
      [
        { fullName: 'A', email: 'a@example.com', role: 'HR_MANAGER' },
        { fullName: 'B', email: 'b@example.com', role: 'COMPANY_ADMIN' },
      ],
      hr,
    );
    expect(above.status).to.equal(403);
    expect(above.body).to.deep.equal({ message: 'rows.1.role: You cannot assign a role above your own', error: 'Forbidden', statusCode: 403 });
    const group = await importRows([{ fullName: 'G', email: 'g@example.com', role: 'TENANT_GROUP_OWNER' }]);
    expect(group.body).to.deep.equal({ message: 'rows.0.role: TENANT_GROUP_OWNER cannot be assigned', error: 'Forbidden', statusCode: 403 });
    expect(await userCount()).to.equal(2);
  });

  it('is 401 without a token and 403 for roles that may not write users', async () => {
    const anon = await h.request('POST', '/users/bulk-import', { body: { rows: [{ fullName: 'A', email: 'a@example.com' }] } });
    expect(anon.status).to.equal(401);
    expect(anon.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
    for (const role of ['STAFF', 'OPERATIONS_MANAGER'] as const) {
      const res = await importRows([{ fullName: 'A', email: 'a@example.com' }], await h.tokenFor(await createUser(h.ds, tenantId, { role })));
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal({ message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 });
    }
  });

  it('allows 6 calls per 60 s per signed-in user, then 429 with Retry-After and no X-RateLimit headers', async () => {
    for (let i = 1; i <= 6; i++) {
      const res = await importRows([{ fullName: `Row ${i}`, mobile: `+4477009000${10 + i}` }]);
      expect(res.status).to.equal(201);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('6');
      expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(6 - i));
    }
    const res = await importRows([{ fullName: 'Seventh', mobile: '+447700900020' }]);
    expect(res.status).to.equal(429);
    expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
    expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
    for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
    expect(await userCount()).to.equal(7);

    const secondAdmin = await createUser(h.ds, tenantId, { role: 'COMPANY_ADMIN' });
    const other = await importRows([{ fullName: 'Other Admin Row', mobile: '+447700900021' }], await h.tokenFor(secondAdmin));
    expect(other.status).to.equal(201);
    expect(other.headers.get('x-ratelimit-remaining')).to.equal('5');
  });
});
