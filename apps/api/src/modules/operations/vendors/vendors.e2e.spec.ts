import { expect } from 'chai';
import { createAsset, createOutlet, createVendor } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Vendor not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });

describe('vendors (HTTP)', () => {
  const s = twoTenantSuite();
  let admin: string;

  beforeEach(async () => {
    admin = await s.tokenAs('AREA_MANAGER');
  });

  const post = (body: unknown, token = admin) => s.h.request('POST', '/vendors', { token, body });
  const importRows = (rows: unknown, token = admin) => s.h.request('POST', '/vendors/bulk-import', { token, body: { rows } });
  async function liveVendors(tenantId = s.tenantA): Promise<Array<{ name: string; kind: string; phone: string | null }>> {
    return s.h.ds.query(`SELECT name, kind, phone FROM vendors WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY name`, [tenantId]);
  }

  it('creates a MAINTAINER by default, lists by name with asset counts, reads, changes and clears contacts', async () => {
    const made = await post({ name: 'CoolFix Ltd', contactName: 'Sam Cole', email: 'sam@coolfix.example', phone: '+44 20 7946 0000', website: 'https://coolfix.example' });
    expect(made.status).to.equal(201);
    expect(made.body).to.deep.include({ name: 'CoolFix Ltd', kind: 'MAINTAINER', contactName: 'Sam Cole', email: 'sam@coolfix.example', phone: '+44 20 7946 0000', notes: null, assetCount: 0 });
    const supplier = await createVendor(s.h.ds, s.tenantA, { name: 'Acme Kitchens', kind: 'SUPPLIER' });
    await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id, { vendorId: supplier.id });
    await createVendor(s.h.ds, s.tenantB, { name: 'Elsewhere' });
    const list = await s.h.request('GET', '/vendors', { token: await s.tokenAs('OUTLET_MANAGER') });
    expect(list.body.map((v: { name: string; assetCount: number }) => [v.name, v.assetCount])).to.deep.equal([['Acme Kitchens', 1], ['CoolFix Ltd', 0]]);
    expect((await s.h.request('GET', `/vendors/${made.body.id}`, { token: admin })).body).to.deep.equal(made.body);
    const changed = await s.h.request('PATCH', `/vendors/${made.body.id}`, { token: admin, body: { kind: 'BOTH', email: null, notes: 'Call before 10' } });
    expect(changed.body).to.deep.include({ kind: 'BOTH', email: null, notes: 'Call before 10', contactName: 'Sam Cole' });
  });

  it('validates bodies and is 409 naming a name the tenant already uses', async () => {
    expect((await post({ name: 'A', kind: 'FRIEND' })).body).to.deep.equal(badRequest('kind must be one of the following values: SUPPLIER, MAINTAINER, BOTH'));
    expect((await post({ name: 'A', email: 'nope' })).body).to.deep.equal(badRequest('email must be an email'));
    expect((await post({ name: 'A', website: 'ftp://x.example' })).body).to.deep.equal(badRequest('website must be a URL address'));
    expect((await post({ name: 'A', phone: 'call me' })).body).to.deep.equal(badRequest('phone must be a phone number (digits, spaces, "+", "(", ")", "-", ".")'));
    expect((await post({ name: 'A', notes: 'x'.repeat(2001) })).body).to.deep.equal(badRequest('notes must be at most 2000 characters'));
    await createVendor(s.h.ds, s.tenantA, { name: 'CoolFix' });
    expect((await post({ name: 'COOLFIX' })).body).to.deep.equal({ message: 'A vendor named "COOLFIX" already exists', error: 'Conflict', statusCode: 409 });
    expect((await s.h.request('PATCH', '/vendors/not-a-uuid', { token: admin, body: { name: 'B' } })).body).to.deep.equal(badRequest('id must be a UUID'));
  });

  it('deletes softly and leaves its assets in the register without a vendor', async () => {
    const vendor = await createVendor(s.h.ds, s.tenantA);
    const asset = await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id, { vendorId: vendor.id });
    expect((await s.h.request('DELETE', `/vendors/${vendor.id}`, { token: admin })).status).to.equal(204);
    expect((await s.h.request('GET', `/vendors/${vendor.id}`, { token: admin })).body).to.deep.equal(NOT_FOUND);
    const [row] = await s.h.ds.query(`SELECT vendor_id, deleted_at FROM assets WHERE id = $1`, [asset.id]);
    expect(row).to.deep.equal({ vendor_id: null, deleted_at: null });
    expect((await post({ name: vendor.name })).status).to.equal(201);
  });

  it('reads for operations managers (not staff), writes for operations admins; 401; 404 across tenants', async () => {
    const vendor = await createVendor(s.h.ds, s.tenantA);
    const outletManager = await s.tokenAs('OUTLET_MANAGER');
    expect((await s.h.request('GET', `/vendors/${vendor.id}`, { token: outletManager })).status).to.equal(200);
    expect((await post({ name: 'Nope' }, outletManager)).body).to.deep.equal(FORBIDDEN);
    expect((await importRows([{ name: 'Nope' }], outletManager)).body).to.deep.equal(FORBIDDEN);
    const staff = await s.tokenAs('STAFF');
    expect((await s.h.request('GET', '/vendors', { token: staff })).body).to.deep.equal(FORBIDDEN);
    expect((await s.h.request('GET', `/vendors/${vendor.id}`, { token: staff })).body).to.deep.equal(FORBIDDEN);
    expect((await s.h.request('DELETE', `/vendors/${vendor.id}`, { token: staff })).body).to.deep.equal(FORBIDDEN);
    expect((await s.h.request('GET', '/vendors')).body).to.deep.equal(UNAUTHORIZED);
    const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
    for (const [method, body] of [['GET', undefined], ['PATCH', { name: 'Mine' }], ['DELETE', undefined]] as const) {
      expect((await s.h.request(method, `/vendors/${vendor.id}`, { token: foreign, body })).body).to.deep.equal(NOT_FOUND);
    }
    expect((await liveVendors()).map((v) => v.name)).to.deep.equal([vendor.name]);
  });

  describe('POST /vendors/bulk-import', () => {
    it('reports each row, updates only the fields a row gives, and creates nothing when the same file runs again', async () => {
      await createVendor(s.h.ds, s.tenantA, { name: 'CoolFix', kind: 'MAINTAINER', phone: '0100' });
      const rows = [{ name: 'coolfix', phone: '0200' }, { name: 'Acme Kitchens', kind: 'SUPPLIER' }, { name: 'Bad', email: 'x' }, { name: 'ACME kitchens' }, 'not a row'];
      const first = await importRows(rows);
      expect(first.status).to.equal(200);
      expect(first.body.totals).to.deep.equal({ created: 1, updated: 1, unchanged: 0, failed: 3 });
      expect(first.body.rows.map((r: { status: string; errors: string[] }) => [r.status, r.errors])).to.deep.equal([
        ['UPDATED', []],
        ['CREATED', []],
        ['FAILED', ['email must be an email']],
        ['FAILED', ['name repeats rows.1.name']],
        ['FAILED', ['row must be a JSON object']],
      ]);
      expect(await liveVendors()).to.deep.equal([
        { name: 'Acme Kitchens', kind: 'SUPPLIER', phone: null },
        { name: 'CoolFix', kind: 'MAINTAINER', phone: '0200' },
      ]);
      const again = await importRows(rows);
      expect(again.body.totals).to.deep.equal({ created: 0, updated: 0, unchanged: 2, failed: 3 });
    });

    it('accepts 500 rows and refuses 501', async () => {
      const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Vendor ${i}` }));
      expect((await importRows(rows(501))).body).to.deep.equal(badRequest('rows must contain at most 500 elements'));
      expect((await importRows(rows(500))).body.totals.created).to.equal(500);
    });

    it('allows 6 calls per 60 s per signed-in user, then 429', async () => {
      for (let i = 1; i <= 6; i++) expect((await importRows([{ name: `V${i}` }])).status).to.equal(200);
      const res = await importRows([{ name: 'V7' }]);
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(await liveVendors()).to.have.length(6);
    });
  });
});
