import { expect } from 'chai';
import { createAsset, createAssetCategory, createOutlet, createUser, createVendor, type CreatedUser } from '@wfm/testing/factories';
import type { OutletEntity } from '@wfm/db/entities/outlet.entity';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { expectSilentBesideWitness } from '../../../test-support/silence.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Asset not found', error: 'Not Found', statusCode: 404 };
const NOT_YOURS = { message: 'You can register assets only at your outlets', error: 'Forbidden', statusCode: 403 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const notFound = (message: string) => ({ message, error: 'Not Found', statusCode: 404 });
const ASSET_KEYS = ['id', 'outlet', 'category', 'vendor', 'name', 'tag', 'serialNumber', 'purchaseDate', 'warrantyUntil', 'status', 'notes', 'createdAt', 'updatedAt'];

describe('assets (HTTP)', () => {
  const s = twoTenantSuite();
  let outlet: OutletEntity;
  let other: OutletEntity;
  let categoryId: string;
  let admin: string;
  let manager: CreatedUser;
  let managerToken: string;
  let staff: CreatedUser;
  let staffToken: string;

  beforeEach(async () => {
    outlet = await createOutlet(s.h.ds, s.tenantA, { name: 'Soho', code: 'SOHO' });
    other = await createOutlet(s.h.ds, s.tenantA, { name: 'Leeds', code: 'LDS' });
    categoryId = (await createAssetCategory(s.h.ds, s.tenantA, { name: 'Refrigeration' })).id;
    admin = await s.tokenAs('OPERATIONS_MANAGER');
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    await assignOutlets(s.h.ds, s.tenantA, manager.id, [outlet.id]);
    await assignOutlets(s.h.ds, s.tenantA, staff.id, [outlet.id]);
    managerToken = await s.h.tokenFor(manager);
    staffToken = await s.h.tokenFor(staff);
  });

  const body = (over: Record<string, unknown> = {}) => ({ outletId: outlet.id, categoryId, name: 'Walk-in fridge', tag: 'FR-001', ...over });
  const post = (b: unknown, token = admin) => s.h.request('POST', '/assets', { token, body: b });
  const patch = (id: string, b: unknown, token = admin) => s.h.request('PATCH', `/assets/${id}`, { token, body: b });
  const ids = (res: { body: Array<{ id: string }> }) => res.body.map((a) => a.id);

  describe('CRUD', () => {
    it('registers an asset and answers the DTO with its outlet, category, vendor and calendar dates', async () => {
      const vendor = await createVendor(s.h.ds, s.tenantA, { name: 'CoolFix' });
      const res = await post(body({ vendorId: vendor.id, serialNumber: 'SN-9', purchaseDate: '2025-03-01', warrantyUntil: '2027-02-28', notes: 'Back kitchen' }));
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys(ASSET_KEYS);
      expect(res.body).to.deep.include({
        outlet: { id: outlet.id, name: 'Soho', code: 'SOHO' },
        category: { id: categoryId, name: 'Refrigeration' },
        vendor: { id: vendor.id, name: 'CoolFix' },
        name: 'Walk-in fridge',
        tag: 'FR-001',
        serialNumber: 'SN-9',
        purchaseDate: '2025-03-01',
        warrantyUntil: '2027-02-28',
        status: 'ACTIVE',
        notes: 'Back kitchen',
        createdAt: s.h.clock.now().toISOString(),
      });
      expect((await s.h.request('GET', `/assets/${res.body.id}`, { token: staffToken })).body).to.deep.equal(res.body);
    });

    it('changes fields, clears the vendor, moves the asset, and checks the warranty against the stored purchase date', async () => {
      const vendor = await createVendor(s.h.ds, s.tenantA);
      const id = (await post(body({ vendorId: vendor.id, purchaseDate: '2025-01-10' }))).body.id;
      const moved = await patch(id, { status: 'UNDER_MAINTENANCE', vendorId: null, outletId: other.id, name: 'Fridge 1' });
      expect(moved.status).to.equal(200);
      expect(moved.body).to.deep.include({ status: 'UNDER_MAINTENANCE', vendor: null, outlet: { id: other.id, name: 'Leeds', code: 'LDS' }, name: 'Fridge 1', purchaseDate: '2025-01-10' });
      expect((await patch(id, { warrantyUntil: '2024-12-31' })).body).to.deep.equal(badRequest('warrantyUntil must not be before purchaseDate'));
      expect((await patch(id, { purchaseDate: null, warrantyUntil: '2024-12-31' })).body).to.include({ purchaseDate: null, warrantyUntil: '2024-12-31' });
    });

    it('deletes softly: gone from reads and writes, its tag free again, its issues still linked', async () => {
      const asset = await createAsset(s.h.ds, s.tenantA, outlet.id, { tag: 'FR-001', categoryId });
      const issue = await s.h.request('POST', '/issues', { token: staffToken, body: { outletId: outlet.id, assetId: asset.id, title: 'Warm', priority: 'HIGH' } });
      expect((await s.h.request('DELETE', `/assets/${asset.id}`, { token: managerToken })).status).to.equal(204);
      expect((await s.h.request('GET', `/assets/${asset.id}`, { token: admin })).body).to.deep.equal(NOT_FOUND);
      expect((await patch(asset.id, { name: 'Back' })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('DELETE', `/assets/${asset.id}`, { token: admin })).body).to.deep.equal(NOT_FOUND);
      expect(ids(await s.h.request('GET', '/assets', { token: admin }))).to.deep.equal([]);
      expect((await post(body({ tag: 'fr-001' }))).status).to.equal(201);
      expect((await s.h.request('GET', `/issues/${issue.body.id}`, { token: admin })).body.assetId).to.equal(asset.id);
    });

    it('is 409 naming a tag the tenant already uses, whatever its case', async () => {
      await createAsset(s.h.ds, s.tenantA, other.id, { tag: 'FR-001' });
      expect((await post(body({ tag: 'fr-001' }))).body).to.deep.equal({ message: 'An asset tagged "fr-001" already exists', error: 'Conflict', statusCode: 409 });
      const id = (await post(body({ tag: 'FR-002' }))).body.id;
      expect((await patch(id, { tag: 'Fr-001' })).body).to.deep.equal({ message: 'An asset tagged "Fr-001" already exists', error: 'Conflict', statusCode: 409 });
      expect((await post(body({ outletId: (await createOutlet(s.h.ds, s.tenantB)).id, categoryId: (await createAssetCategory(s.h.ds, s.tenantB)).id }), await s.tokenAs('COMPANY_ADMIN', s.tenantB))).status).to.equal(201);
    });

    it('validates bodies, ids and queries', async () => {
      expect((await post(body({ tag: 'FR 1' }))).body).to.deep.equal(badRequest('tag must start with a letter or digit and contain only letters, digits, ".", "_" and "-"'));
      expect((await post(body({ purchaseDate: '2025-02-30' }))).body).to.deep.equal(badRequest('purchaseDate must be a valid date in YYYY-MM-DD format'));
      expect((await post(body({ purchaseDate: '2025-02-01', warrantyUntil: '2025-01-01' }))).body).to.deep.equal(badRequest('warrantyUntil must not be before purchaseDate'));
      expect((await post(body({ status: 'BROKEN' }))).body).to.deep.equal(badRequest('status must be one of the following values: ACTIVE, UNDER_MAINTENANCE, OUT_OF_SERVICE, RETIRED'));
      expect((await post(body({ outletId: 'soho' }))).body).to.deep.equal(badRequest('outletId must be a UUID'));
      expect((await post(body({ name: undefined }))).body).to.deep.equal(badRequest('name is required'));
      expect((await post(body({ colour: 'white' }))).body).to.deep.equal(badRequest('property colour should not exist'));
      expect((await post(body({ notes: 'a\u0007b' }))).body).to.deep.equal(badRequest('notes must not contain control characters or invalid Unicode'));
      const id = (await post(body())).body.id;
      expect((await patch(id, {})).body).to.deep.equal(badRequest('body must contain at least one field'));
      expect((await s.h.request('GET', '/assets/fridge', { token: admin })).body).to.deep.equal(badRequest('id must be a UUID'));
      expect((await s.h.request('GET', '/assets?status=BROKEN', { token: admin })).status).to.equal(400);
      expect((await s.h.request('GET', '/assets?limit=ten', { token: admin })).body).to.deep.equal(badRequest('limit must be an integer number'));
      expect((await s.h.request('GET', `/assets?search=${'x'.repeat(101)}`, { token: admin })).body).to.deep.equal(badRequest('search must be at most 100 characters'));
    });

    it('is 404 for an outlet, category or vendor the tenant does not have', async () => {
      const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
      expect((await post(body({ outletId: foreignOutlet.id }))).body).to.deep.equal(notFound('Outlet not found'));
      expect((await post(body({ categoryId: (await createAssetCategory(s.h.ds, s.tenantB)).id }))).body).to.deep.equal(notFound('Asset category not found'));
      const gone = await createVendor(s.h.ds, s.tenantA);
      await s.h.ds.query(`UPDATE vendors SET deleted_at = now() WHERE id = $1`, [gone.id]);
      expect((await post(body({ vendorId: gone.id }))).body).to.deep.equal(notFound('Vendor not found'));
      const id = (await post(body())).body.id;
      expect((await patch(id, { outletId: foreignOutlet.id })).body).to.deep.equal(notFound('Outlet not found'));
    });
  });

  describe('GET /assets', () => {
    it('filters by outlet, category, vendor, status and a search on name, tag or serial, and pages by limit and offset', async () => {
      const cooking = (await createAssetCategory(s.h.ds, s.tenantA, { name: 'Cooking' })).id;
      const vendor = (await createVendor(s.h.ds, s.tenantA)).id;
      const fridge = (await post(body({ name: 'Fridge', tag: 'FR-1', serialNumber: 'LG-100%' }))).body.id;
      const oven = (await post(body({ name: 'Oven', tag: 'OV-1', categoryId: cooking, vendorId: vendor }))).body.id;
      const freezer = (await post(body({ name: 'Freezer', tag: 'FZ-1', outletId: other.id, status: 'OUT_OF_SERVICE' }))).body.id;
      await createAsset(s.h.ds, s.tenantB, (await createOutlet(s.h.ds, s.tenantB)).id);
      const get = async (q: string) => ids(await s.h.request('GET', `/assets${q}`, { token: admin }));
      expect(await get('')).to.deep.equal([freezer, fridge, oven]);
      expect(await get(`?outletId=${other.id}`)).to.deep.equal([freezer]);
      expect(await get(`?categoryId=${cooking}`)).to.deep.equal([oven]);
      expect(await get(`?vendorId=${vendor}`)).to.deep.equal([oven]);
      expect(await get('?status=OUT_OF_SERVICE')).to.deep.equal([freezer]);
      expect(await get('?search=fr')).to.deep.equal([freezer, fridge]);
      expect(await get('?search=ov-')).to.deep.equal([oven]);
      expect(await get('?search=100%25')).to.deep.equal([fridge]);
      expect(await get('?search=%25')).to.deep.equal([fridge]);
      expect(await get('?limit=1&offset=1')).to.deep.equal([fridge]);
    });

    it('shows STAFF and an OUTLET_MANAGER the assets of their outlets only, every other role all of them', async () => {
      const here = (await post(body())).body.id;
      const there = (await post(body({ outletId: other.id, tag: 'FR-2' }))).body.id;
      expect(ids(await s.h.request('GET', '/assets', { token: staffToken }))).to.deep.equal([here]);
      expect(ids(await s.h.request('GET', '/assets', { token: managerToken }))).to.deep.equal([here]);
      expect(ids(await s.h.request('GET', `/assets?outletId=${other.id}`, { token: staffToken }))).to.deep.equal([]);
      expect(ids(await s.h.request('GET', '/assets', { token: await s.tokenAs('HR_MANAGER') }))).to.have.members([here, there]);
      expect((await s.h.request('GET', `/assets/${there}`, { token: staffToken })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('GET', '/assets')).body).to.deep.equal(UNAUTHORIZED);
    });

    it('resolves a tag (ignoring case) to the asset where the caller works, 404 elsewhere or across tenants', async () => {
      const id = (await post(body({ tag: 'FR-001' }))).body.id;
      const there = await post(body({ outletId: other.id, tag: 'FR-002' }));
      const found = await s.h.request('GET', '/asset-tags/fr-001', { token: staffToken });
      expect(found.status).to.equal(200);
      expect(found.body.id).to.equal(id);
      expect((await s.h.request('GET', `/asset-tags/${there.body.tag}`, { token: staffToken })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('GET', '/asset-tags/FR-001', { token: await s.tokenAs('STAFF', s.tenantB) })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('GET', '/asset-tags/FR%20001', { token: staffToken })).status).to.equal(400);
    });
  });

  describe('who may write', () => {
    it('lets an OUTLET_MANAGER write at their outlets only (403 to create or move elsewhere, 404 for an asset elsewhere); STAFF never', async () => {
      const mine = await post(body(), managerToken);
      expect(mine.status).to.equal(201);
      expect((await post(body({ outletId: other.id, tag: 'FR-9' }), managerToken)).body).to.deep.equal(NOT_YOURS);
      expect((await patch(mine.body.id, { outletId: other.id }, managerToken)).body).to.deep.equal(NOT_YOURS);
      const theirs = (await post(body({ outletId: other.id, tag: 'FR-2' }))).body.id;
      expect((await patch(theirs, { name: 'Mine now' }, managerToken)).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('DELETE', `/assets/${theirs}`, { token: managerToken })).body).to.deep.equal(NOT_FOUND);
      expect((await post(body({ tag: 'FR-3' }), staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await patch(mine.body.id, { name: 'x' }, staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('DELETE', `/assets/${mine.body.id}`, { token: staffToken })).body).to.deep.equal(FORBIDDEN);
      expect((await post(body({ tag: 'FR-4' }), await s.tokenAs('HR_MANAGER'))).body).to.deep.equal(FORBIDDEN);
      expect((await post(body({ tag: 'FR-5' }), '')).body).to.deep.equal(UNAUTHORIZED);
    });

    it('is 404 across tenants for every route addressing an asset', async () => {
      const id = (await post(body())).body.id;
      const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
      expect((await s.h.request('GET', `/assets/${id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
      expect((await patch(id, { name: 'Mine' }, foreign)).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('DELETE', `/assets/${id}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('POST', `/assets/${id}/quick-issue`, { token: foreign, body: { problem: 'LEAKING' } })).body).to.deep.equal(NOT_FOUND);
      expect((await s.h.request('GET', `/assets/${id}`, { token: admin })).body.name).to.equal('Walk-in fridge');
    });
  });

  describe('POST /assets/:id/quick-issue', () => {
    const quick = (id: string, b: unknown, token = staffToken) => s.h.request('POST', `/assets/${id}/quick-issue`, { token, body: b });

    it('raises an OPEN issue linked to the asset at its outlet, reported by the caller, with the preset priority, and fires no issue.created', async () => {
      const asset = await createAsset(s.h.ds, s.tenantA, outlet.id, { name: 'Walk-in fridge', categoryId });
      let raised: { status: number; body: Record<string, unknown> } | undefined;
      await expectSilentBesideWitness(
        s.h.ds,
        s.tenantA,
        ['issue.created', 'issue.resolved'],
        async () => {
          raised = await quick(asset.id, { problem: 'WRONG_TEMPERATURE' });
        },
        async () => {
          const web = await s.h.request('POST', '/issues', { token: staffToken, body: { outletId: outlet.id, title: 'Door sticks', priority: 'LOW' } });
          return [{ type: 'issue.created', payload: { issueId: web.body.id } }];
        },
      );
      expect(raised!.status).to.equal(201);
      expect(raised!.body).to.deep.include({
        outletId: outlet.id,
        assetId: asset.id,
        title: 'Wrong temperature: Walk-in fridge',
        description: null,
        priority: 'HIGH',
        status: 'OPEN',
        source: 'QUICK_ISSUE',
        reporterUserId: staff.id,
      });
      const history = await s.h.request('GET', `/issues?assetId=${asset.id}`, { token: managerToken });
      expect(history.body.map((i: { id: string; source: string }) => [i.id, i.source])).to.deep.equal([[raised!.body.id, 'QUICK_ISSUE']]);
    });

    it('takes free text for OTHER and a priority of the caller', async () => {
      const asset = await createAsset(s.h.ds, s.tenantA, outlet.id, { name: 'Hood' });
      const res = await quick(asset.id, { problem: 'OTHER', details: 'Filter rattles', priority: 'LOW' }, managerToken);
      expect(res.body).to.deep.include({ title: 'Problem: Hood', description: 'Filter rattles', priority: 'LOW', source: 'QUICK_ISSUE', reporterUserId: manager.id });
    });

    it('validates the body, is 409 for a retired asset, 404 where the caller does not work, 401 without a token', async () => {
      const asset = await createAsset(s.h.ds, s.tenantA, outlet.id);
      expect((await quick(asset.id, { problem: 'OTHER' })).body).to.deep.equal(badRequest('details is required when problem is OTHER'));
      expect((await quick(asset.id, { problem: 'ON_FIRE' })).body).to.deep.equal(badRequest('problem must be one of the following values: NOT_WORKING, WRONG_TEMPERATURE, LEAKING, NOISY, DAMAGED, OTHER'));
      expect((await quick(asset.id, { problem: 'NOISY', priority: 'SOON' })).body).to.deep.equal(badRequest('priority must be one of the following values: LOW, MEDIUM, HIGH, URGENT'));
      expect((await quick(asset.id, { problem: 'NOISY', details: 'x'.repeat(2001) })).body).to.deep.equal(badRequest('details must be at most 2000 characters'));
      const retired = await createAsset(s.h.ds, s.tenantA, outlet.id, { status: 'RETIRED' });
      expect((await quick(retired.id, { problem: 'NOISY' })).body).to.deep.equal({ message: 'This asset is retired', error: 'Conflict', statusCode: 409 });
      const elsewhere = await createAsset(s.h.ds, s.tenantA, other.id);
      expect((await quick(elsewhere.id, { problem: 'NOISY' })).body).to.deep.equal(NOT_FOUND);
      expect((await quick(elsewhere.id, { problem: 'NOISY' }, managerToken)).body).to.deep.equal(NOT_FOUND);
      expect((await quick(elsewhere.id, { problem: 'NOISY' }, await s.tokenAs('AREA_MANAGER'))).status).to.equal(201);
      expect((await quick(asset.id, { problem: 'NOISY' }, '')).body).to.deep.equal(UNAUTHORIZED);
      const [row] = await s.h.ds.query(`SELECT count(*)::int AS n FROM issues WHERE tenant_id = $1`, [s.tenantA]);
      expect(row.n).to.equal(1);
    });
  });

  describe('POST /assets/bulk-import', () => {
    const importRows = (rows: unknown, token = admin) => s.h.request('POST', '/assets/bulk-import', { token, body: { rows } });
    const row = (over: Record<string, unknown> = {}) => ({ tag: 'FR-001', name: 'Walk-in fridge', outletCode: 'soho', categoryName: 'refrigeration', ...over });
    async function liveAssets(): Promise<Array<{ tag: string; name: string; outlet_id: string; status: string }>> {
      return s.h.ds.query(`SELECT tag, name, outlet_id, status FROM assets WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY tag`, [s.tenantA]);
    }

    it('reports each row; names outlets by code and categories and vendors by name; fails unknown ones; creates nothing when the same file runs again', async () => {
      await createVendor(s.h.ds, s.tenantA, { name: 'CoolFix' });
      await createAsset(s.h.ds, s.tenantA, outlet.id, { tag: 'OV-1', name: 'Old oven', categoryId });
      const rows = [
        row({ vendorName: 'coolfix', purchaseDate: '2025-01-01', warrantyUntil: '2026-01-01' }),
        row({ tag: 'ov-1', name: 'Oven', outletCode: 'LDS' }),
        row({ tag: 'FZ-1', outletCode: 'NOPE', categoryName: 'Cooking', vendorName: 'Nobody' }),
        row({ tag: 'fr-001', name: 'Twin' }),
        row({ tag: 'BAD TAG', purchaseDate: 'soon' }),
        row({ tag: 'FZ-2', name: 'Freezer', status: 'OUT_OF_SERVICE' }),
      ];
      const first = await importRows(rows);
      expect(first.status).to.equal(200);
      expect(first.body.totals).to.deep.equal({ created: 2, updated: 1, unchanged: 0, failed: 3 });
      expect(first.body.rows.map((r: { status: string; errors: string[] }) => [r.status, r.errors])).to.deep.equal([
        ['CREATED', []],
        ['UPDATED', []],
        ['FAILED', ['outletCode: no outlet has the code "NOPE"', 'categoryName: no asset category is named "Cooking"', 'vendorName: no vendor is named "Nobody"']],
        ['FAILED', ['tag repeats rows.0.tag']],
        ['FAILED', ['tag must start with a letter or digit and contain only letters, digits, ".", "_" and "-"', 'purchaseDate must be a valid date in YYYY-MM-DD format']],
        ['CREATED', []],
      ]);
      expect(await liveAssets()).to.deep.equal([
        { tag: 'FR-001', name: 'Walk-in fridge', outlet_id: outlet.id, status: 'ACTIVE' },
        { tag: 'FZ-2', name: 'Freezer', outlet_id: outlet.id, status: 'OUT_OF_SERVICE' },
        { tag: 'OV-1', name: 'Oven', outlet_id: other.id, status: 'ACTIVE' },
      ]);
      const dto = await s.h.request('GET', `/assets/${first.body.rows[0].id}`, { token: admin });
      expect(dto.body).to.deep.include({ purchaseDate: '2025-01-01', warrantyUntil: '2026-01-01' });
      expect(dto.body.vendor.name).to.equal('CoolFix');
      const again = await importRows(rows);
      expect(again.body.totals).to.deep.equal({ created: 0, updated: 0, unchanged: 3, failed: 3 });
      expect(again.body.rows[1]).to.deep.equal({ row: 1, status: 'UNCHANGED', id: first.body.rows[1].id, errors: [] });
      expect(await liveAssets()).to.have.length(3);
    });

    it('fails a row that would put the warranty before the stored purchase date', async () => {
      expect((await importRows([row({ purchaseDate: '2025-06-01' })])).body.totals.created).to.equal(1);
      const res = await importRows([row({ warrantyUntil: '2025-01-01' })]);
      expect(res.body.rows[0]).to.deep.include({ status: 'FAILED', errors: ['warrantyUntil must not be before purchaseDate'] });
    });

    it("fails an OUTLET_MANAGER's rows for other outlets, or for a tag that stands at another outlet, and writes the rest", async () => {
      await createAsset(s.h.ds, s.tenantA, other.id, { tag: 'LDS-1' });
      const res = await importRows([row(), row({ tag: 'FR-2', outletCode: 'LDS' }), row({ tag: 'lds-1' })], managerToken);
      expect(res.body.rows.map((r: { status: string; errors: string[] }) => [r.status, r.errors])).to.deep.equal([
        ['CREATED', []],
        ['FAILED', ['outletCode: "LDS" is not one of your outlets']],
        ['FAILED', ['tag: "lds-1" is an asset at an outlet that is not yours']],
      ]);
      expect((await importRows([row()], staffToken)).body).to.deep.equal(FORBIDDEN);
      expect((await s.h.request('POST', '/assets/bulk-import', { body: { rows: [row()] } })).body).to.deep.equal(UNAUTHORIZED);
    });

    it('accepts 500 rows and refuses 501', async () => {
      const rows = (n: number) => Array.from({ length: n }, (_, i) => row({ tag: `T-${i}`, name: `Asset ${i}` }));
      expect((await importRows(rows(501))).body).to.deep.equal(badRequest('rows must contain at most 500 elements'));
      const res = await importRows(rows(500));
      expect(res.body.totals).to.deep.equal({ created: 500, updated: 0, unchanged: 0, failed: 0 });
      expect(await liveAssets()).to.have.length(500);
    });

    it('allows 6 calls per 60 s per signed-in user, then 429', async () => {
      for (let i = 1; i <= 6; i++) expect((await importRows([row({ tag: `T-${i}` })])).status).to.equal(200);
      const res = await importRows([row({ tag: 'T-7' })]);
      expect(res.status).to.equal(429);
      expect(res.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(await liveAssets()).to.have.length(6);
    });
  });
});
