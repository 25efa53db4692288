import { expect } from 'chai';
import { createAsset, createAssetCategory, createOutlet, createUser, createVendor, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { expectSilentBesideWitness } from '../../../test-support/silence.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const SCHEDULE_404 = { message: 'Maintenance schedule not found', error: 'Not Found', statusCode: 404 };
const ASSET_404 = { message: 'Asset not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });

/** 09:00 in London on 10 March 2026: "today" is 2026-03-10 for the suite's tenants. */
const NOW = '2026-03-10T09:00:00Z';

describe('maintenance schedules, the due job and meter readings (HTTP)', () => {
  const s = twoTenantSuite();
  let outletId: string;
  let oven: { id: string; categoryId: string };
  let managerUser: CreatedUser;
  let manager: string;
  let ops: string;

  beforeEach(async () => {
    s.h.clock.set(NOW);
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    const cooking = await createAssetCategory(s.h.ds, s.tenantA, { name: 'Cooking' });
    oven = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Combi oven 1', categoryId: cooking.id });
    managerUser = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    await assignOutlets(s.h.ds, s.tenantA, managerUser.id, [outletId]);
    manager = await s.h.tokenFor(managerUser);
    ops = await s.tokenAs('OPERATIONS_MANAGER');
  });

  const schedule = (over: Record<string, unknown> = {}) => ({ title: 'Quarterly deep clean', priority: 'HIGH', intervalUnit: 'MONTHS', intervalValue: 3, ...over });
  const forAsset = (assetId: string, b: unknown, token = manager) => s.h.request('POST', `/assets/${assetId}/maintenance-schedules`, { token, body: b });
  const forCategory = (categoryId: string, b: unknown, token = ops) => s.h.request('POST', `/asset-categories/${categoryId}/maintenance-schedules`, { token, body: b });
  const runJob = () => s.h.job('maintenance-due').run();
  async function maintenanceIssues(): Promise<Array<{ id: string; title: string; assetId: string; outletId: string; priority: string; status: string; reporterUserId: string | null; description: string | null }>> {
    return s.h.ds.query(
      `SELECT id, title, asset_id AS "assetId", outlet_id AS "outletId", priority, status, reporter_user_id AS "reporterUserId", description FROM issues WHERE tenant_id = $1 AND source = 'MAINTENANCE' ORDER BY title`,
      [s.tenantA],
    );
  }
  const witness = async () => {
    const raised = await s.h.request('POST', '/issues', { token: ops, body: { outletId, title: 'Witness', priority: 'LOW' } });
    expect(raised.status).to.equal(201);
    return [{ type: 'issue.created' as const, payload: { issueId: raised.body.id } }];
  };

  it('creates a schedule for an asset (its OUTLET_MANAGER) and for a category (tenant-wide roles), reads, changes and deletes them', async () => {
    const vendor = await createVendor(s.h.ds, s.tenantA, { name: 'Oven Care Ltd' });
    const own = await forAsset(oven.id, schedule({ instructions: 'Descale the steam generator', vendorId: vendor.id, startsOn: '2026-03-07' }));
    expect(own.status).to.equal(201);
    expect(own.body).to.deep.include({
      assetId: oven.id,
      categoryId: null,
      targetName: 'Combi oven 1',
      title: 'Quarterly deep clean',
      instructions: 'Descale the steam generator',
      priority: 'HIGH',
      intervalUnit: 'MONTHS',
      intervalValue: 3,
      meter: null,
      startsOn: '2026-03-07',
      vendorId: vendor.id,
      active: true,
    });
    const wide = await forCategory(oven.categoryId, schedule({ title: 'Gasket check', intervalUnit: 'WEEKS', intervalValue: 2 }));
    expect(wide.status).to.equal(201);
    expect(wide.body).to.include({ assetId: null, categoryId: oven.categoryId, targetName: 'Cooking', startsOn: '2026-03-10' });

    expect((await forCategory(oven.categoryId, schedule(), manager)).body).to.deep.equal(FORBIDDEN);
    expect((await s.h.request('GET', `/maintenance-schedules?assetId=${oven.id}`, { token: manager })).body.map((x: { id: string }) => x.id)).to.have.members([own.body.id, wide.body.id]);
    expect((await s.h.request('GET', `/maintenance-schedules/${wide.body.id}`, { token: manager })).body.id).to.equal(wide.body.id);

    const patched = await s.h.request('PATCH', `/maintenance-schedules/${own.body.id}`, { token: manager, body: { intervalUnit: 'USAGE', meter: 'Hours', intervalValue: 500, active: false } });
    expect(patched.body).to.include({ intervalUnit: 'USAGE', meter: 'hours', intervalValue: 500, active: false });
    expect((await s.h.request('PATCH', `/maintenance-schedules/${own.body.id}`, { token: manager, body: { intervalUnit: 'DAYS' } })).body).to.deep.equal(badRequest('meter is only for intervalUnit USAGE'));
    expect((await s.h.request('PATCH', `/maintenance-schedules/${wide.body.id}`, { token: manager, body: { title: 'Mine now' } })).body).to.deep.equal(SCHEDULE_404);
    expect((await s.h.request('DELETE', `/maintenance-schedules/${wide.body.id}`, { token: manager })).body).to.deep.equal(SCHEDULE_404);
    expect((await s.h.request('DELETE', `/maintenance-schedules/${wide.body.id}`, { token: ops })).status).to.equal(204);
    expect((await s.h.request('GET', `/maintenance-schedules/${wide.body.id}`, { token: ops })).body).to.deep.equal(SCHEDULE_404);
    expect((await s.h.request('GET', '/maintenance-schedules', { token: ops })).body.map((x: { id: string }) => x.id)).to.deep.equal([own.body.id]);
  });

  it('validates bodies and queries', async () => {
    expect((await forAsset(oven.id, schedule({ intervalUnit: 'USAGE' }))).body).to.deep.equal(badRequest('meter is required when intervalUnit is USAGE'));
    expect((await forAsset(oven.id, schedule({ meter: 'hours' }))).body).to.deep.equal(badRequest('meter is only for intervalUnit USAGE'));
    expect((await forAsset(oven.id, schedule({ intervalValue: 0 }))).body).to.deep.equal(badRequest('intervalValue must not be less than 1'));
    expect((await forAsset(oven.id, schedule({ intervalUnit: 'YEARS' }))).body).to.deep.equal(badRequest('intervalUnit must be one of the following values: DAYS, WEEKS, MONTHS, USAGE'));
    expect((await forAsset(oven.id, schedule({ startsOn: '2026-02-30' }))).body).to.deep.equal(badRequest('startsOn must be a valid date in YYYY-MM-DD format'));
    expect((await forAsset(oven.id, schedule({ title: 'x'.repeat(201) }))).body).to.deep.equal(badRequest('title must be at most 200 characters'));
    expect((await forAsset(oven.id, schedule({ every: 'day' }))).body).to.deep.equal(badRequest('property every should not exist'));
    expect((await forAsset(oven.id, schedule({ title: 'Clean\u0000' }))).body).to.deep.equal(badRequest('title must not contain control characters or invalid Unicode'));
    expect((await forAsset('oven', schedule())).body).to.deep.equal(badRequest('id must be a UUID'));
    expect((await forAsset(oven.id, schedule({ vendorId: (await createVendor(s.h.ds, s.tenantB)).id }))).body).to.deep.equal({ message: 'Vendor not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', '/maintenance/due?from=2026-03-10&to=2026-03-01', { token: ops })).body).to.deep.equal(badRequest('to must not be before from'));
    expect((await s.h.request('GET', '/maintenance/due?from=2026-01-01&to=2026-12-31', { token: ops })).body).to.deep.equal(badRequest('to must be at most 92 days after from'));
    expect((await s.h.request('GET', '/maintenance/due?from=soon&to=2026-03-01', { token: ops })).body).to.deep.equal(badRequest('from must be a valid date in YYYY-MM-DD format'));
  });

  it('scopes: 401, STAFF 403, an OUTLET_MANAGER reaches only the assets at their outlets, another tenant is 404', async () => {
    const elsewhere = await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id);
    expect((await forAsset(elsewhere.id, schedule())).body).to.deep.equal(ASSET_404);
    const far = (await forAsset(elsewhere.id, schedule(), ops)).body.id;
    expect((await s.h.request('GET', `/maintenance-schedules/${far}`, { token: manager })).body).to.deep.equal(SCHEDULE_404);
    expect((await s.h.request('PATCH', `/maintenance-schedules/${far}`, { token: manager, body: { active: false } })).body).to.deep.equal(SCHEDULE_404);
    expect((await s.h.request('GET', '/maintenance-schedules', { token: manager })).body).to.deep.equal([]);
    expect((await forAsset(oven.id, schedule(), await s.tokenAs('STAFF'))).body).to.deep.equal(FORBIDDEN);
    expect((await s.h.request('GET', '/maintenance/due?from=2026-03-01&to=2026-03-31', { token: await s.tokenAs('STAFF') })).body).to.deep.equal(FORBIDDEN);
    expect((await s.h.request('POST', `/assets/${oven.id}/maintenance-schedules`, { body: schedule() })).body).to.deep.equal(UNAUTHORIZED);
    const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await forAsset(oven.id, schedule(), foreign)).body).to.deep.equal(ASSET_404);
    expect((await forCategory(oven.categoryId, schedule(), foreign)).body).to.deep.equal({ message: 'Asset category not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', `/maintenance-schedules/${far}`, { token: foreign })).body).to.deep.equal(SCHEDULE_404);
    expect((await s.h.request('DELETE', `/maintenance-schedules/${far}`, { token: foreign })).body).to.deep.equal(SCHEDULE_404);
  });

  it("reads today at each asset's outlet: the 11th comes and goes in Auckland while London is still on the day before", async () => {
    await s.h.ds.query(`UPDATE outlets SET timezone = 'Pacific/Auckland' WHERE id = $1`, [outletId]);
    const london = (await createOutlet(s.h.ds, s.tenantA)).id;
    await createAsset(s.h.ds, s.tenantA, london, { name: 'London oven', categoryId: oven.categoryId });
    await forCategory(oven.categoryId, schedule({ title: 'Gasket check', intervalUnit: 'WEEKS', intervalValue: 2, startsOn: '2026-03-11' }));
    // 12:00Z on 10 March is 01:00 on the 11th in Auckland (UTC+13).
    s.h.clock.set('2026-03-10T12:00:00Z');
    await runJob();
    expect((await maintenanceIssues()).map((i) => i.title)).to.deep.equal(['Due: Gasket check — Combi oven 1']);
    // An asset's schedule starts, unless told, on today at its outlet; a category's on the company's today.
    const ops2 = await s.tokenAs('OPERATIONS_MANAGER');
    expect((await forAsset(oven.id, schedule(), ops2)).body.startsOn).to.equal('2026-03-11');
    expect((await forCategory(oven.categoryId, schedule(), ops2)).body.startsOn).to.equal('2026-03-10');
    // A day later, the 11th is over in Auckland but not in London.
    s.h.clock.set('2026-03-11T12:00:00Z');
    const due = await s.h.request('GET', '/maintenance/due?from=2026-03-11&to=2026-03-11', { token: await s.tokenAs('OPERATIONS_MANAGER') });
    const gasket = due.body.filter((d: { title: string }) => d.title === 'Gasket check');
    expect(gasket.map((d: { assetName: string; overdue: boolean }) => [d.assetName, d.overdue])).to.deep.equal([['Combi oven 1', true], ['London oven', false]]);
  });

  it('the daily job raises one MAINTENANCE issue per due (schedule, asset) silently, never twice, and again only once a service moved the due date and it passed', async () => {
    const deep = (await forAsset(oven.id, schedule({ startsOn: '2026-03-07', instructions: 'Descale' }))).body;
    await forCategory(oven.categoryId, schedule({ title: 'Gasket check', intervalUnit: 'WEEKS', intervalValue: 2, startsOn: '2026-03-11', priority: 'LOW' }));
    // A category schedule covers an asset added after it, and a retired asset falls due nowhere.
    const fryer = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Fryer 1', categoryId: oven.categoryId });
    await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Old oven', categoryId: oven.categoryId, status: 'RETIRED' });

    await expectSilentBesideWitness(s.h.ds, s.tenantA, ['issue.created', 'issue.resolved'], runJob, witness);
    expect(await maintenanceIssues()).to.deep.equal([
      { id: (await maintenanceIssues())[0]!.id, title: 'Due: Quarterly deep clean — Combi oven 1', assetId: oven.id, outletId, priority: 'HIGH', status: 'OPEN', reporterUserId: null, description: 'Descale' },
    ]);
    await runJob();
    expect(await maintenanceIssues()).to.have.length(1);

    s.h.clock.set('2026-03-11T01:00:00Z');
    manager = await s.h.tokenFor(managerUser);
    await runJob();
    expect((await maintenanceIssues()).map((i) => i.title)).to.deep.equal(['Due: Gasket check — Combi oven 1', 'Due: Gasket check — Fryer 1', 'Due: Quarterly deep clean — Combi oven 1']);
    expect((await maintenanceIssues()).find((i) => i.title.endsWith('Fryer 1'))!.assetId).to.equal(fryer.id);

    const logged = await s.h.request('POST', `/assets/${oven.id}/service-logs`, { token: manager, body: { performedOn: '2026-03-11', vendorId: (await createVendor(s.h.ds, s.tenantA)).id, description: 'Deep clean done', scheduleId: deep.id } });
    expect(logged.status).to.equal(201);
    expect((await maintenanceIssues()).find((i) => i.title.startsWith('Due: Quarterly'))!.status).to.equal('RESOLVED');
    const due = await s.h.request('GET', `/maintenance/due?from=2026-06-01&to=2026-06-30&assetId=${oven.id}`, { token: manager });
    expect(due.body.filter((d: { scheduleId: string }) => d.scheduleId === deep.id).map((d: { dueOn: string; projected: boolean }) => [d.dueOn, d.projected])).to.deep.equal([['2026-06-11', false]]);

    s.h.clock.set('2026-06-10T12:00:00Z');
    manager = await s.h.tokenFor(managerUser);
    await runJob();
    expect((await maintenanceIssues()).filter((i) => i.title.startsWith('Due: Quarterly'))).to.have.length(1);
    s.h.clock.set('2026-06-11T00:30:00Z');
    await runJob();
    expect((await maintenanceIssues()).filter((i) => i.title.startsWith('Due: Quarterly')).map((i) => i.status)).to.have.members(['RESOLVED', 'OPEN']);
  });

  it('a closed maintenance issue without a service leaves the asset due: the job raises it again; another tenant keeps its own', async () => {
    await forAsset(oven.id, schedule({ startsOn: '2026-03-01' }));
    const otherOutlet = (await createOutlet(s.h.ds, s.tenantB)).id;
    const foreignAsset = await createAsset(s.h.ds, s.tenantB, otherOutlet);
    await s.h.request('POST', `/assets/${foreignAsset.id}/maintenance-schedules`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB), body: schedule({ startsOn: '2026-03-01' }) });
    await runJob();
    const [first] = await maintenanceIssues();
    expect((await s.h.request('PATCH', `/issues/${first!.id}`, { token: manager, body: { status: 'CLOSED' } })).body.status).to.equal('CLOSED');
    await runJob();
    expect((await maintenanceIssues()).map((i) => i.status)).to.have.members(['CLOSED', 'OPEN']);
    const [foreignIssue] = await s.h.ds.query(`SELECT asset_id AS "assetId" FROM issues WHERE tenant_id = $1 AND source = 'MAINTENANCE'`, [s.tenantB]);
    expect(foreignIssue.assetId).to.equal(foreignAsset.id);
  });

  it('usage schedules fall due when the meter reaches the first reading plus the interval, then the reading at the service plus it', async () => {
    const burner = (await forAsset(oven.id, schedule({ title: 'Burner service', intervalUnit: 'USAGE', meter: 'hours', intervalValue: 100 }))).body;
    const read = (value: number, token = manager) => s.h.request('POST', `/assets/${oven.id}/meter-readings`, { token, body: { meter: 'Hours', value } });
    const staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    await assignOutlets(s.h.ds, s.tenantA, staff.id, [outletId]);
    const staffToken = await s.h.tokenFor(staff);
    const first = await read(20, staffToken);
    expect(first.status).to.equal(201);
    expect(first.body).to.include({ assetId: oven.id, meter: 'hours', value: 20, recordedByUserId: staff.id, recordedAt: NOW.replace('Z', '.000Z') });
    await runJob();
    expect(await maintenanceIssues()).to.deep.equal([]);
    expect((await read(19)).body).to.deep.equal({ message: 'The hours meter already reads 20; readings only go up', error: 'Conflict', statusCode: 409 });
    await read(120.5);
    const due = await s.h.request('GET', '/maintenance/due?from=2026-03-01&to=2026-03-31', { token: ops });
    expect(due.body).to.have.length(1);
    expect(due.body[0]).to.include({ dueOn: '2026-03-10', intervalUnit: 'USAGE', nextDueReading: 120, currentReading: 120.5, overdue: false, openIssueId: null });
    await runJob();
    expect((await maintenanceIssues()).map((i) => i.title)).to.deep.equal(['Due: Burner service — Combi oven 1']);
    expect((await s.h.request('GET', `/assets/${oven.id}/meter-readings`, { token: staffToken })).body.map((r: { value: number }) => r.value)).to.deep.equal([120.5, 20]);

    await s.h.request('POST', `/assets/${oven.id}/service-logs`, { token: manager, body: { performedOn: '2026-03-10', performedByUserId: staff.id, description: 'Burners cleaned', scheduleId: burner.id } });
    expect((await maintenanceIssues()).map((i) => i.status)).to.deep.equal(['RESOLVED']);
    await read(220);
    await runJob();
    expect(await maintenanceIssues()).to.have.length(1);
    await read(220.5);
    await runJob();
    expect((await maintenanceIssues()).map((i) => i.status)).to.have.members(['RESOLVED', 'OPEN']);

    const elsewhere = await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id);
    expect((await s.h.request('POST', `/assets/${elsewhere.id}/meter-readings`, { token: staffToken, body: { meter: 'hours', value: 1 } })).body).to.deep.equal(ASSET_404);
    expect((await s.h.request('POST', `/assets/${oven.id}/meter-readings`, { token: staffToken, body: { meter: '9 lives', value: 1 } })).body).to.deep.equal(
      badRequest('meter must be a name of up to 40 letters, digits, spaces, - or _ starting with a letter'),
    );
    expect((await s.h.request('POST', `/assets/${oven.id}/meter-readings`, { token: staffToken, body: { meter: 'hours', value: -1 } })).body).to.deep.equal(badRequest('value must not be less than 0'));
    expect((await s.h.request('GET', `/assets/${oven.id}/meter-readings`, { token: await s.tokenAs('TENANT_OWNER', s.tenantB) })).body).to.deep.equal(ASSET_404);
  });

  it('lists what falls due in a window: overdue items while the window reaches today, and later recurrences as projected', async () => {
    const weekly = (await forAsset(oven.id, schedule({ title: 'Filter clean', intervalUnit: 'WEEKS', intervalValue: 1, startsOn: '2026-03-05' }))).body;
    await forAsset(oven.id, schedule({ title: 'Inactive', intervalUnit: 'DAYS', intervalValue: 1, active: false }));
    const march = await s.h.request('GET', '/maintenance/due?from=2026-03-09&to=2026-03-31', { token: manager });
    expect(march.status).to.equal(200);
    expect(march.body.map((d: { dueOn: string; overdue: boolean; projected: boolean }) => [d.dueOn, d.overdue, d.projected])).to.deep.equal([
      ['2026-03-05', true, false],
      ['2026-03-17', false, true],
      ['2026-03-24', false, true],
      ['2026-03-31', false, true],
    ]);
    expect(march.body[0]).to.include({ scheduleId: weekly.id, assetId: oven.id, assetName: 'Combi oven 1', outletId, title: 'Filter clean', priority: 'HIGH', openIssueId: null });
    await runJob();
    const after = await s.h.request('GET', '/maintenance/due?from=2026-03-01&to=2026-03-10', { token: manager });
    expect(after.body.map((d: { dueOn: string }) => d.dueOn)).to.deep.equal(['2026-03-05']);
    expect(after.body[0].openIssueId).to.equal((await maintenanceIssues())[0]!.id);
    const later = await s.h.request('GET', '/maintenance/due?from=2027-01-01&to=2027-01-10', { token: manager });
    expect(later.body.map((d: { dueOn: string }) => d.dueOn)).to.deep.equal(['2027-01-05']);
    const lastDays = await s.h.request('GET', '/maintenance/due?from=9999-12-01&to=9999-12-31', { token: manager });
    expect(lastDays.body.map((d: { dueOn: string }) => d.dueOn)).to.deep.equal(['9999-12-07', '9999-12-14', '9999-12-21', '9999-12-28']);
    const elsewhere = await s.h.request('GET', `/maintenance/due?from=2026-03-01&to=2026-03-31&outletId=${(await createOutlet(s.h.ds, s.tenantA)).id}`, { token: ops });
    expect(elsewhere.body).to.deep.equal([]);
  });
});
