import { expect } from 'chai';
import { createOutlet } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const OUTLET_KEYS = ['id', 'tenantId', 'name', 'code', 'city', 'address', 'timezone', 'status', 'createdAt', 'updatedAt'];
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const CODE_CONFLICT = { message: 'An outlet with this code already exists', error: 'Conflict', statusCode: 409 };
const CODE_RULE = 'must contain only letters, digits, "_" and "-"';

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}

describe('outlets (HTTP)', () => {
  const s = twoTenantSuite();
  let token: string;

  // A fresh admin per test also gives each test its own rate-limit counters.
  beforeEach(async () => {
    token = await s.tokenAs('COMPANY_ADMIN');
  });

  async function outletCount(tenantId = s.tenantA): Promise<number> {
    const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM outlets WHERE tenant_id = $1`, [tenantId]);
    return row.n;
  }

  describe('GET /outlets', () => {
    it('returns every outlet of the tenant in one array, ordered by name', async () => {
      const names = Array.from({ length: 60 }, (_, i) => `Outlet ${String(59 - i).padStart(2, '0')}`);
      for (const name of names) await createOutlet(s.h.ds, s.tenantA, { name });
      await createOutlet(s.h.ds, s.tenantB, { name: 'Elsewhere' });
      const res = await s.h.request('GET', '/outlets', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.be.an('array').with.length(60);
      expect(res.body.map((o: { name: string }) => o.name)).to.deep.equal([...names].sort());
      expect(res.body[0]).to.have.all.keys(OUTLET_KEYS);
      expect(res.body.every((o: { tenantId: string }) => o.tenantId === s.tenantA)).to.equal(true);
    });

    it('filters by status', async () => {
      const open = await createOutlet(s.h.ds, s.tenantA, { name: 'Open', status: 'ACTIVE' });
      const closed = await createOutlet(s.h.ds, s.tenantA, { name: 'Closed', status: 'INACTIVE' });
      const active = await s.h.request('GET', '/outlets?status=ACTIVE', { token });
      expect(active.body.map((o: { id: string }) => o.id)).to.deep.equal([open.id]);
      const inactive = await s.h.request('GET', '/outlets?status=INACTIVE', { token });
      expect(inactive.body.map((o: { id: string }) => o.id)).to.deep.equal([closed.id]);
    });

    it('is 400 for an unknown status and ignores undeclared parameters', async () => {
      const bad = await s.h.request('GET', '/outlets?status=OPEN', { token });
      expect(bad.status).to.equal(400);
      expect(bad.body).to.deep.equal(badRequest('status must be one of the following values: ACTIVE, INACTIVE'));
      await createOutlet(s.h.ds, s.tenantA);
      await createOutlet(s.h.ds, s.tenantA);
      const loose = await s.h.request('GET', '/outlets?page=2&limit=1', { token });
      expect(loose.status).to.equal(200);
      expect(loose.body).to.have.length(2);
    });

    it('is open to every role and 401 without a token', async () => {
      const res = await s.h.request('GET', '/outlets', { token: await s.tokenAs('STAFF') });
      expect(res.status).to.equal(200);
      const anon = await s.h.request('GET', '/outlets');
      expect(anon.status).to.equal(401);
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
    });
  });

  describe('POST /outlets', () => {
    const post = (body: unknown, as = token) => s.h.request('POST', '/outlets', { body, token: as });

    it('creates an outlet, ACTIVE by default, and answers 201 with the DTO', async () => {
      const res = await post({ name: ' Harbour Café ', code: 'LDN-01', city: 'London', address: '1 Quay St' });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(OUTLET_KEYS);
      expect(res.body).to.include({
        tenantId: s.tenantA,
        name: 'Harbour Café',
        code: 'LDN-01',
        city: 'London',
        address: '1 Quay St',
        timezone: null,
        status: 'ACTIVE',
        createdAt: s.h.clock.now().toISOString(),
        updatedAt: s.h.clock.now().toISOString(),
      });
      const list = await s.h.request('GET', '/outlets', { token });
      expect(list.body).to.deep.equal([res.body]);
    });

    it("keeps an outlet's own timezone, for an outlet not in the company's", async () => {
      const res = await post({ name: 'Rive Gauche', code: 'PAR-01', city: 'Paris', timezone: 'Europe/Paris' });
      expect(res.status).to.equal(201);
      expect(res.body.timezone).to.equal('Europe/Paris');
      const [row] = await s.h.ds.query(`SELECT timezone FROM outlets WHERE id = $1`, [res.body.id]);
      expect(row.timezone).to.equal('Europe/Paris');
    });

    it('takes an explicit status and leaves address null when absent', async () => {
      const res = await post({ name: 'Depot', code: 'dep_2', city: 'Leeds', status: 'INACTIVE' });
      expect(res.status).to.equal(201);
      expect(res.body).to.include({ status: 'INACTIVE', address: null });
    });

    it('rejects each invalid field with a message naming it', async () => {
      const ok = { name: 'N', code: 'C1', city: 'X' };
      const cases: Array<[unknown, string[]]> = [
        [{ code: 'C1', city: 'X' }, ['name is required']],
        [{ ...ok, name: '   ' }, ['name must be at least 1 characters']],
        [{ ...ok, name: 'n'.repeat(201) }, ['name must be at most 200 characters']],
        [{ name: 'N', city: 'X' }, ['code is required']],
        [{ ...ok, code: 'has space' }, [`code ${CODE_RULE}`]],
        [{ ...ok, code: 'c'.repeat(41) }, ['code must be at most 40 characters']],
        [{ ...ok, code: '' }, ['code must be at least 1 characters', `code ${CODE_RULE}`]],
        [{ name: 'N', code: 'C1' }, ['city is required']],
        [{ ...ok, city: 'c'.repeat(121) }, ['city must be at most 120 characters']],
        [{ ...ok, status: 'CLOSED' }, ['status must be one of the following values: ACTIVE, INACTIVE']],
        [{ ...ok, address: 7 }, ['address must be a string']],
        [{ ...ok, timezone: 'Mars/Olympus_Mons' }, ['timezone must be a valid IANA time zone']],
        [{ ...ok, timezone: null }, ['timezone must be a string']],
        [{ ...ok, region: 'North' }, ['property region should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await post(body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
      expect(await outletCount()).to.equal(0);
    });

    it('is 409 for a code the tenant already uses, whatever its case', async () => {
      await createOutlet(s.h.ds, s.tenantA, { code: 'LDN-01' });
      const res = await post({ name: 'Copy', code: 'ldn-01', city: 'London' });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal(CODE_CONFLICT);
    });

    it('accepts a code another tenant uses', async () => {
      await createOutlet(s.h.ds, s.tenantB, { code: 'LDN-01' });
      expect((await post({ name: 'Mine', code: 'LDN-01', city: 'London' })).status).to.equal(201);
    });

    it('is 401 without a token and 403 for roles that may not write outlets', async () => {
      const anon = await s.h.request('POST', '/outlets', { body: { name: 'N', code: 'C1', city: 'X' } });
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
      for (const role of ['STAFF', 'OUTLET_MANAGER', 'HR_MANAGER'] as const) {
        const res = await post({ name: 'N', code: `C-${role}`, city: 'X' }, await s.tokenAs(role));
        expect(res.status, role).to.equal(403);
        expect(res.body).to.deep.equal(FORBIDDEN);
      }
      for (const role of ['TENANT_OWNER', 'AREA_MANAGER', 'OPERATIONS_MANAGER', 'TENANT_GROUP_OWNER'] as const) {
        expect((await post({ name: 'N', code: `C-${role}`, city: 'X' }, await s.tokenAs(role))).status, role).to.equal(201);
      }
    });
  });

  describe('PATCH /outlets/:id', () => {
    const patch = (id: string, body: unknown, as = token) => s.h.request('PATCH', `/outlets/${id}`, { body, token: as });

    it('changes the given fields, stamps updatedAt and clears address with null', async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA, { name: 'Old', code: 'OLD', city: 'York' });
      await s.h.ds.query(`UPDATE outlets SET address = '2 Main St' WHERE id = $1`, [outlet.id]);
      s.h.clock.advance(60_000);
      const res = await patch(outlet.id, { name: 'New', status: 'INACTIVE', address: null });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: outlet.id,
        tenantId: s.tenantA,
        name: 'New',
        code: 'OLD',
        city: 'York',
        address: null,
        timezone: null,
        status: 'INACTIVE',
        createdAt: outlet.createdAt.toISOString(),
        updatedAt: s.h.clock.now().toISOString(),
      });
    });

    it("sets the outlet's timezone and, with null, puts it back in the company's", async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA);
      const set = await patch(outlet.id, { timezone: 'America/New_York' });
      expect(set.status).to.equal(200);
      expect(set.body.timezone).to.equal('America/New_York');
      const cleared = await patch(outlet.id, { timezone: null });
      expect(cleared.status).to.equal(200);
      expect(cleared.body.timezone).to.equal(null);
    });

    it("may change the case of the outlet's own code", async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA, { code: 'abc' });
      const res = await patch(outlet.id, { code: 'ABC' });
      expect(res.status).to.equal(200);
      expect(res.body.code).to.equal('ABC');
    });

    it('is 409 for the code of another outlet of the tenant, whatever its case', async () => {
      await createOutlet(s.h.ds, s.tenantA, { code: 'TAKEN' });
      const outlet = await createOutlet(s.h.ds, s.tenantA, { code: 'MINE' });
      const res = await patch(outlet.id, { code: 'taken' });
      expect(res.status).to.equal(409);
      expect(res.body).to.deep.equal(CODE_CONFLICT);
    });

    it('rejects invalid bodies and ids', async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA);
      const cases: Array<[unknown, string[]]> = [
        [{}, ['body must contain at least one of: name, code, city, address, timezone, status']],
        [{ timezone: 'Europe/Nowhere' }, ['timezone must be a valid IANA time zone']],
        [{ code: 'a b' }, [`code ${CODE_RULE}`]],
        [{ city: '' }, ['city must be at least 1 characters']],
        [{ status: 'GONE' }, ['status must be one of the following values: ACTIVE, INACTIVE']],
        [{ name: 'X', tenantId: s.tenantB }, ['property tenantId should not exist']],
      ];
      for (const [body, message] of cases) {
        const res = await patch(outlet.id, body);
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...message));
      }
      expect((await patch('x1', { name: 'X' })).body).to.deep.equal(badRequest('id must be a UUID'));
    });

    it('is 404 for an outlet of another tenant, which stays unchanged', async () => {
      const theirs = await createOutlet(s.h.ds, s.tenantB, { name: 'Theirs' });
      const res = await patch(theirs.id, { name: 'Mine now' });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ message: 'Outlet not found', error: 'Not Found', statusCode: 404 });
      const [row] = await s.h.ds.query(`SELECT name FROM outlets WHERE id = $1`, [theirs.id]);
      expect(row.name).to.equal('Theirs');
    });

    it('is 401 without a token and 403 for roles that may not write outlets', async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA);
      expect((await s.h.request('PATCH', `/outlets/${outlet.id}`, { body: { name: 'X' } })).body).to.deep.equal(UNAUTHORIZED);
      const res = await patch(outlet.id, { name: 'X' }, await s.tokenAs('OUTLET_MANAGER'));
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(FORBIDDEN);
    });
  });

  describe('POST /outlets/bulk-import', () => {
    const importRows = (rows: unknown, as = token) => s.h.request('POST', '/outlets/bulk-import', { body: { rows }, token: as });

    it('creates every row and answers 201 {created, ids} in row order', async () => {
      const res = await importRows([
        { name: 'A', code: 'A1', city: 'Leeds' },
        { name: 'B', code: 'B1', city: 'York', address: '3 Low St', status: 'INACTIVE' },
      ]);
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('created', 'ids');
      expect(res.body.created).to.equal(2);
      const rows = await s.h.ds.query(`SELECT id, code, status, address FROM outlets WHERE tenant_id = $1`, [s.tenantA]);
      const byId = new Map(rows.map((r: { id: string }) => [r.id, r]));
      expect(byId.get(res.body.ids[0])).to.include({ code: 'A1', status: 'ACTIVE', address: null });
      expect(byId.get(res.body.ids[1])).to.include({ code: 'B1', status: 'INACTIVE', address: '3 Low St' });
    });

    it('accepts 500 rows and rejects 501 or none', async () => {
      const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `O ${i}`, code: `C${i}`, city: 'Leeds' }));
      expect((await importRows(rows(501))).body).to.deep.equal(badRequest('rows must contain at most 500 elements'));
      expect((await importRows([])).body).to.deep.equal(badRequest('rows must contain at least 1 element'));
      const res = await importRows(rows(500));
      expect(res.status).to.equal(201);
      expect(res.body.created).to.equal(500);
      expect(await outletCount()).to.equal(500);
    });

    it('names the row and field of every invalid value and writes nothing', async () => {
      const res = await importRows([
        { name: 'Fine', code: 'F1', city: 'Leeds' },
        { name: 'Bad Code', code: 'no spaces', city: 'Leeds' },
        { code: 'C2', city: 'Leeds' },
        { name: 'Extra', code: 'C3', city: 'Leeds', manager: 'x' },
      ]);
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(badRequest(`rows.1.code ${CODE_RULE}`, 'rows.2.name is required', 'property rows.3.manager should not exist'));
      expect(await outletCount()).to.equal(0);
    });

    it('is 409 naming the row that repeats a code, within the file or of an existing outlet, and writes nothing', async () => {
      const within = await importRows([
        { name: 'A', code: 'SAME', city: 'Leeds' },
        { name: 'B', code: 'same', city: 'Leeds' },
      ]);
      expect(within.status).to.equal(409);
      expect(within.body).to.deep.equal({ message: 'rows.1.code: duplicates rows.0.code', error: 'Conflict', statusCode: 409 });
      await createOutlet(s.h.ds, s.tenantA, { code: 'Existing' });
      await createOutlet(s.h.ds, s.tenantB, { code: 'Theirs' });
      const existing = await importRows([
        { name: 'A', code: 'THEIRS', city: 'Leeds' },
        { name: 'B', code: 'existing', city: 'Leeds' },
      ]);
      expect(existing.body).to.deep.equal({ message: 'rows.1.code: An outlet with this code already exists', error: 'Conflict', statusCode: 409 });
      expect(await outletCount()).to.equal(1);
    });

    it('is 401 without a token and 403 for roles that may not write outlets', async () => {
      const anon = await s.h.request('POST', '/outlets/bulk-import', { body: { rows: [{ name: 'A', code: 'A', city: 'X' }] } });
      expect(anon.body).to.deep.equal(UNAUTHORIZED);
      const res = await importRows([{ name: 'A', code: 'A', city: 'X' }], await s.tokenAs('STAFF'));
      expect(res.status).to.equal(403);
      expect(res.body).to.deep.equal(FORBIDDEN);
    });

    it('allows 6 calls per 60 s per signed-in user, then 429 with Retry-After and no X-RateLimit headers', async () => {
      for (let i = 1; i <= 6; i++) {
        const res = await importRows([{ name: `O${i}`, code: `C${i}`, city: 'Leeds' }]);
        expect(res.status).to.equal(201);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('6');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(6 - i));
      }
      const res = await importRows([{ name: 'O7', code: 'C7', city: 'Leeds' }]);
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      for (const header of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) expect(res.headers.has(header)).to.equal(false);
      expect(await outletCount()).to.equal(6);
      const other = await importRows([{ name: 'O8', code: 'C8', city: 'Leeds' }], await s.tokenAs('TENANT_OWNER'));
      expect(other.status).to.equal(201);
    });
  });
});
