import { expect } from 'chai';
import { createTenant, createUser, type CreatedUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';

/** GET /users paging rules (spec 01, "Other list endpoints mentioned"). */
describe('users list (HTTP)', () => {
  let h: ApiHarness;
  let tenantId: string;
  let admin: CreatedUser;
  let token: string;
  /** Every live user of the tenant, in the order the list must return them. */
  let expectedIds: string[];

  before(async () => {
    h = await ApiHarness.start();
    tenantId = (await createTenant(h.ds)).id;
    admin = await createUser(h.ds, tenantId, { role: 'COMPANY_ADMIN' });
    token = await h.tokenFor(admin);
    // One statement, spaced a millisecond apart from one minute ago, so the order is known.
    await h.ds.query(
      `INSERT INTO users (id, tenant_id, full_name, email, role, status, created_at, updated_at, deleted_at)
       SELECT gen_random_uuid(), $1, 'Bulk ' || g, 'bulk' || g || '@example.test', 'STAFF',
              CASE WHEN g % 50 = 0 THEN 'INACTIVE' ELSE 'ACTIVE' END,
              now() - interval '1 minute' + g * interval '1 millisecond', now(),
              CASE WHEN g IN (7, 300) THEN now() END
         FROM generate_series(1, 507) g`,
      [tenantId],
    );
    const other = await createTenant(h.ds);
    await createUser(h.ds, other.id);
    const rows: Array<{ id: string }> = await h.ds.query(
      `SELECT id FROM users WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
      [tenantId],
    );
    expectedIds = rows.map((r) => r.id);
  });
  after(async () => h.stop());

  const list = (query = '', as = token) => h.request('GET', `/users${query}`, { token: as });
  const ids = (body: Array<{ id: string }>) => body.map((u) => u.id);

  it('has 506 live users to page through (507 inserted, 2 deleted, plus the admin)', () => {
    expect(expectedIds).to.have.length(506);
  });

  it('returns a bare array of the first 50 by default, oldest first', async () => {
    const res = await list();
    expect(res.status).to.equal(200);
    expect(res.body).to.be.an('array');
    expect(ids(res.body)).to.deep.equal(expectedIds.slice(0, 50));
    expect(res.body[1]).to.have.all.keys('id', 'tenantId', 'fullName', 'email', 'mobile', 'role', 'status', 'employeeCode', 'createdAt', 'updatedAt');
  });

  it('lists each user exactly as GET /users/:id shows them', async () => {
    const res = await list('?limit=3');
    for (const item of res.body) {
      const one = await h.request('GET', `/users/${item.id}`, { token: token });
      expect(item).to.deep.equal(one.body);
    }
  });

  it('clamps limit above 500 to 500', async () => {
    const res = await list('?limit=600');
    expect(res.status).to.equal(200);
    expect(ids(res.body)).to.deep.equal(expectedIds.slice(0, 500));
  });

  it('clamps limit below 1 to 1 and a negative offset to 0', async () => {
    expect(ids((await list('?limit=0')).body)).to.deep.equal(expectedIds.slice(0, 1));
    expect(ids((await list('?limit=-5&offset=-3')).body)).to.deep.equal(expectedIds.slice(0, 1));
  });

  it('ignores unknown parameters: ?page=2 is the first page', async () => {
    const res = await list('?page=2&meta=1');
    expect(res.status).to.equal(200);
    expect(ids(res.body)).to.deep.equal(expectedIds.slice(0, 50));
  });

  it('pages by raising offset until a page has fewer rows than limit, without repeats or gaps', async () => {
    const seen: string[] = [];
    const limit = 120;
    for (let offset = 0; ; offset += limit) {
      const res = await list(`?limit=${limit}&offset=${offset}`);
      expect(res.status).to.equal(200);
      seen.push(...ids(res.body));
      if (res.body.length < limit) break;
    }
    expect(seen).to.deep.equal(expectedIds);
  });

  it('includes inactive users and leaves out deleted ones and other tenants', async () => {
    const res = await list('?limit=500&offset=400');
    const statuses = new Set(res.body.map((u: { status: string }) => u.status));
    expect(statuses).to.deep.equal(new Set(['ACTIVE', 'INACTIVE']));
    expect(res.body.every((u: { tenantId: string }) => u.tenantId === tenantId)).to.equal(true);
    expect(res.body).to.have.length(106);
  });

  it('is 400 for a non-numeric limit or offset', async () => {
    for (const [query, field] of [
      ['?limit=abc', 'limit'],
      ['?offset=1.5', 'offset'],
      ['?limit=', 'limit'],
    ]) {
      const res = await list(query);
      expect(res.status, query).to.equal(400);
      expect(res.body).to.deep.equal({ message: [`${field} must be an integer number`], error: 'Bad Request', statusCode: 400 });
    }
  });

  it('is open to reader roles, 403 for STAFF and 401 without a token', async () => {
    const manager = await createUser(h.ds, tenantId, { role: 'OUTLET_MANAGER' });
    expect((await list('?limit=1', await h.tokenFor(manager))).status).to.equal(200);
    const staff = await createUser(h.ds, tenantId, { role: 'STAFF' });
    const denied = await list('', await h.tokenFor(staff));
    expect(denied.status).to.equal(403);
    expect(denied.body).to.deep.equal({ message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 });
    const anon = await h.request('GET', '/users');
    expect(anon.status).to.equal(401);
    expect(anon.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
  });
});

describe('users list search (HTTP)', () => {
  let h: ApiHarness;
  let tenantId: string;
  let token: string;

  before(async () => {
    h = await ApiHarness.start();
    tenantId = (await createTenant(h.ds)).id;
    token = await h.tokenFor(await createUser(h.ds, tenantId, { role: 'HR_MANAGER', fullName: 'Hana Manager', email: 'hana@search.test' }));
    await createUser(h.ds, tenantId, { fullName: 'María López', email: 'maria@search.test' });
    await createUser(h.ds, tenantId, { fullName: 'Mario Rossi', email: 'm.rossi@search.test' });
    await createUser(h.ds, tenantId, { fullName: '100% Reliable', email: 'reliable@search.test' });
    await createUser(h.ds, (await createTenant(h.ds)).id, { fullName: 'Mario Elsewhere' });
  });
  after(async () => h.stop());

  const search = (q: string) => h.request('GET', `/users?search=${encodeURIComponent(q)}`, { token });
  const names = (body: Array<{ fullName: string }>) => body.map((u) => u.fullName);

  it('matches part of a name or an email address in any case, in the caller tenant only', async () => {
    expect(names((await search('MARI')).body)).to.deep.equal(['María López', 'Mario Rossi']);
    expect(names((await search('m.rossi@')).body)).to.deep.equal(['Mario Rossi']);
    expect(names((await search('nobody')).body)).to.deep.equal([]);
  });

  it('takes LIKE wildcards literally', async () => {
    expect(names((await search('%')).body)).to.deep.equal(['100% Reliable']);
    expect(names((await search('_')).body)).to.deep.equal([]);
  });

  it('is 400 for an empty, over-long or control-character search', async () => {
    for (const q of ['', ' ', 'x'.repeat(101), 'a\u0007b']) {
      const res = await search(q);
      expect(res.status, JSON.stringify(q)).to.equal(400);
    }
  });
});
