import { expect } from 'chai';
import { createAsset, createAssetCategory, createOutlet } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Asset category not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string) => ({ message, error: 'Conflict', statusCode: 409 });

describe('asset categories (HTTP)', () => {
  const s = twoTenantSuite();
  let admin: string;

  // A fresh admin per test also gives each test its own rate-limit counters.
  beforeEach(async () => {
    admin = await s.tokenAs('OPERATIONS_MANAGER');
  });

  const post = (body: unknown, token = admin) => s.h.request('POST', '/asset-categories', { token, body });
  const importRows = (rows: unknown, token = admin) => s.h.request('POST', '/asset-categories/bulk-import', { token, body: { rows } });
  async function liveNames(tenantId = s.tenantA): Promise<string[]> {
    return (await s.h.ds.query(`SELECT name FROM asset_categories WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY name`, [tenantId])).map((r: { name: string }) => r.name);
  }

  it('creates, lists by name with live asset counts, reads, renames and clears the description', async () => {
    const made = await post({ name: 'Refrigeration', description: 'Fridges and freezers' });
    expect(made.status).to.equal(201);
    expect(made.body).to.deep.include({ name: 'Refrigeration', description: 'Fridges and freezers', assetCount: 0 });
    const cooking = await createAssetCategory(s.h.ds, s.tenantA, { name: 'Cooking' });
    const outlet = await createOutlet(s.h.ds, s.tenantA);
    await createAsset(s.h.ds, s.tenantA, outlet.id, { categoryId: cooking.id });
    await createAssetCategory(s.h.ds, s.tenantB, { name: 'Elsewhere' });
    const list = await s.h.request('GET', '/asset-categories', { token: await s.tokenAs('STAFF') });
    expect(list.status).to.equal(200);
    expect(list.body.map((c: { name: string; assetCount: number }) => [c.name, c.assetCount])).to.deep.equal([['Cooking', 1], ['Refrigeration', 0]]);
    expect((await s.h.request('GET', `/asset-categories/${made.body.id}`, { token: admin })).body).to.deep.equal(made.body);
    s.h.clock.advance(60_000);
    const renamed = await s.h.request('PATCH', `/asset-categories/${made.body.id}`, { token: admin, body: { name: 'Cold chain', description: null } });
    expect(renamed.status).to.equal(200);
    expect(renamed.body).to.deep.include({ id: made.body.id, name: 'Cold chain', description: null, updatedAt: s.h.clock.now().toISOString() });
    expect(await liveNames()).to.deep.equal(['Cold chain', 'Cooking']);
  });

  it('is 409 naming the clash for a name the tenant already uses, whatever its case, but not for a deleted one or another tenant', async () => {
    await createAssetCategory(s.h.ds, s.tenantA, { name: 'HVAC' });
    expect((await post({ name: 'hvac' })).body).to.deep.equal(conflict('An asset category named "hvac" already exists'));
    const other = (await post({ name: 'Cooking' })).body.id;
    expect((await s.h.request('PATCH', `/asset-categories/${other}`, { token: admin, body: { name: 'Hvac' } })).body).to.deep.equal(conflict('An asset category named "Hvac" already exists'));
    expect((await s.h.request('DELETE', `/asset-categories/${other}`, { token: admin })).status).to.equal(204);
    expect((await post({ name: 'cooking' })).status).to.equal(201);
    expect((await post({ name: 'HVAC' }, await s.tokenAs('COMPANY_ADMIN', s.tenantB))).status).to.equal(201);
  });

  it('validates bodies and ids', async () => {
    expect((await post({})).body).to.deep.equal(badRequest('name is required'));
    expect((await post({ name: ' ' })).body).to.deep.equal(badRequest('name must be at least 1 characters'));
    expect((await post({ name: 'x'.repeat(121) })).body).to.deep.equal(badRequest('name must be at most 120 characters'));
    expect((await post({ name: 'A', colour: 'red' })).body).to.deep.equal(badRequest('property colour should not exist'));
    expect((await post({ name: 'A\u0000' })).body).to.deep.equal(badRequest('name must not contain control characters or invalid Unicode'));
    const id = (await post({ name: 'A' })).body.id;
    expect((await s.h.request('PATCH', `/asset-categories/${id}`, { token: admin, body: {} })).body).to.deep.equal(badRequest('body must contain at least one of: name, description'));
    expect((await s.h.request('GET', '/asset-categories/fridges', { token: admin })).body).to.deep.equal(badRequest('id must be a UUID'));
  });

  it('deletes softly, and refuses (409) while live assets are in the category', async () => {
    const cat = await createAssetCategory(s.h.ds, s.tenantA, { name: 'Cooking' });
    const asset = await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id, { categoryId: cat.id });
    expect((await s.h.request('DELETE', `/asset-categories/${cat.id}`, { token: admin })).body).to.deep.equal(conflict('The category "Cooking" still has 1 asset(s); move or delete them first'));
    await s.h.ds.query(`UPDATE assets SET deleted_at = now() WHERE id = $1`, [asset.id]);
    expect((await s.h.request('DELETE', `/asset-categories/${cat.id}`, { token: admin })).status).to.equal(204);
    expect((await s.h.request('GET', `/asset-categories/${cat.id}`, { token: admin })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('DELETE', `/asset-categories/${cat.id}`, { token: admin })).body).to.deep.equal(NOT_FOUND);
    const [row] = await s.h.ds.query(`SELECT deleted_at FROM asset_categories WHERE id = $1`, [cat.id]);
    expect(row.deleted_at).to.be.an.instanceOf(Date);
  });

  it('lets every role read, only operations admins write; 401 without a token; 404 across tenants', async () => {
    const cat = await createAssetCategory(s.h.ds, s.tenantA);
    for (const role of ['STAFF', 'OUTLET_MANAGER', 'HR_MANAGER'] as const) {
      const token = await s.tokenAs(role);
      expect((await s.h.request('GET', `/asset-categories/${cat.id}`, { token })).status).to.equal(200);
      expect((await post({ name: 'Nope' }, token)).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('PATCH', `/asset-categories/${cat.id}`, { token, body: { name: 'Nope' } })).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('DELETE', `/asset-categories/${cat.id}`, { token })).body).to.deep.equal(FORBIDDEN);
      expect((await importRows([{ name: 'Nope' }], token)).body).to.deep.equal(FORBIDDEN);
    }
    expect((await s.h.request('GET', '/asset-categories')).body).to.deep.equal(UNAUTHORIZED);
    expect((await post({ name: 'A' }, '')).status).to.equal(401);
    const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await s.h.request('GET', `/asset-categories/${cat.id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('PATCH', `/asset-categories/${cat.id}`, { token: foreign, body: { name: 'Mine' } })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('DELETE', `/asset-categories/${cat.id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
    expect(await liveNames()).to.deep.equal([cat.name]);
  });

  describe('POST /asset-categories/bulk-import', () => {
    it('reports each row, creates what is new, updates a changed description, and creates nothing when the same file runs again', async () => {
      await createAssetCategory(s.h.ds, s.tenantA, { name: 'HVAC', description: 'Air' });
      const rows = [{ name: 'Refrigeration' }, { name: 'hvac', description: 'Heating and air' }, { name: '' }, { name: 'REFRIGERATION' }, { name: 'Cooking', shade: 'x' }];
      const first = await importRows(rows);
      expect(first.status).to.equal(200);
      expect(first.body.totals).to.deep.equal({ created: 1, updated: 1, unchanged: 0, failed: 3 });
      expect(first.body.rows.map((r: { row: number; status: string; errors: string[] }) => [r.row, r.status, r.errors])).to.deep.equal([
        [0, 'CREATED', []],
        [1, 'UPDATED', []],
        [2, 'FAILED', ['name must be at least 1 characters']],
        [3, 'FAILED', ['name repeats rows.0.name']],
        [4, 'FAILED', ['property shade should not exist']],
      ]);
      expect(first.body.rows[2].id).to.equal(null);
      const again = await importRows(rows);
      expect(again.body.totals).to.deep.equal({ created: 0, updated: 0, unchanged: 2, failed: 3 });
      expect(again.body.rows[0]).to.deep.equal({ row: 0, status: 'UNCHANGED', id: first.body.rows[0].id, errors: [] });
      expect(await liveNames()).to.deep.equal(['HVAC', 'Refrigeration']);
      const [hvac] = await s.h.ds.query(`SELECT description FROM asset_categories WHERE tenant_id = $1 AND name = 'HVAC'`, [s.tenantA]);
      expect(hvac.description).to.equal('Heating and air');
    });

    it('accepts 500 rows and refuses 501, none, or a body without rows (400)', async () => {
      const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `Category ${i}` }));
      expect((await importRows(rows(501))).body).to.deep.equal(badRequest('rows must contain at most 500 elements'));
      expect((await importRows([])).body).to.deep.equal(badRequest('rows must contain at least 1 element'));
      expect((await s.h.request('POST', '/asset-categories/bulk-import', { token: admin, body: {} })).body).to.deep.equal(badRequest('rows is required'));
      const res = await importRows(rows(500));
      expect(res.body.totals).to.deep.equal({ created: 500, updated: 0, unchanged: 0, failed: 0 });
      expect(await liveNames()).to.have.length(500);
    });

    it('allows 6 calls per 60 s per signed-in user, then 429', async () => {
      for (let i = 1; i <= 6; i++) {
        const res = await importRows([{ name: `C${i}` }]);
        expect(res.status).to.equal(200);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('6');
      }
      const res = await importRows([{ name: 'C7' }]);
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(res.headers.get('retry-after'))).to.be.within(1, 60);
      expect(await liveNames()).to.have.length(6);
    });
  });
});
