import { expect } from 'chai';
import { createAsset, createOutlet, createUser, createVendor, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { expectSilentBesideWitness } from '../../../test-support/silence.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const ASSET_404 = { message: 'Asset not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });

describe('asset service logs (HTTP)', () => {
  const s = twoTenantSuite();
  let outletId: string;
  let oven: { id: string };
  let staff: CreatedUser;
  let staffToken: string;
  let manager: CreatedUser;
  let managerToken: string;
  let vendor: { id: string };

  beforeEach(async () => {
    s.h.clock.set('2026-03-10T09:00:00Z');
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    oven = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Combi oven 1' });
    vendor = await createVendor(s.h.ds, s.tenantA, { name: 'Oven Care Ltd' });
    staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Sam Staff' });
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    await assignOutlets(s.h.ds, s.tenantA, staff.id, [outletId]);
    await assignOutlets(s.h.ds, s.tenantA, manager.id, [outletId]);
    staffToken = await s.h.tokenFor(staff);
    managerToken = await s.h.tokenFor(manager);
  });

  const body = (over: Record<string, unknown> = {}) => ({ performedOn: '2026-03-09', vendorId: vendor.id, description: 'Annual service', ...over });
  const log = (b: unknown, assetId = oven.id, token = managerToken) => s.h.request('POST', `/assets/${assetId}/service-logs`, { token, body: b });
  const raiseIssue = async (title: string) => (await s.h.request('POST', '/issues', { token: staffToken, body: { outletId, title, priority: 'HIGH', assetId: oven.id } })).body.id as string;

  it('logs a service with its cost, resolving a named issue silently (no issue.resolved), and lists the history latest first for those who work there', async () => {
    const issueId = await raiseIssue('Oven will not heat');
    const other = await raiseIssue('Witness issue');
    let logged: Awaited<ReturnType<typeof log>> | undefined;
    await expectSilentBesideWitness(
      s.h.ds,
      s.tenantA,
      ['issue.created', 'issue.resolved'],
      async () => {
        logged = await log(body({ costMinor: 12500, currency: 'GBP', issueId }));
      },
      async () => {
        expect((await s.h.request('PATCH', `/issues/${other}`, { token: managerToken, body: { status: 'RESOLVED' } })).body.status).to.equal('RESOLVED');
        return [{ type: 'issue.resolved' as const, payload: { issueId: other } }];
      },
    );
    expect(logged!.status).to.equal(201);
    expect(logged!.body).to.deep.include({
      assetId: oven.id,
      performedOn: '2026-03-09',
      vendorId: vendor.id,
      performedByUserId: null,
      performedByName: 'Oven Care Ltd',
      description: 'Annual service',
      cost: { amountMinor: 12500, currency: 'GBP' },
      scheduleId: null,
      issueId,
      recordedByUserId: manager.id,
    });
    expect((await s.h.request('GET', `/issues/${issueId}`, { token: managerToken })).body).to.include({ status: 'RESOLVED', resolutionNote: 'Service logged: Annual service', resolvedByUserId: manager.id });

    await log(body({ performedOn: '2026-03-10', vendorId: undefined, performedByUserId: staff.id, description: 'Door hinge oiled' }));
    await log(body({ performedOn: '2026-01-02', description: 'Install check' }));
    const history = await s.h.request('GET', `/assets/${oven.id}/service-logs`, { token: staffToken });
    expect(history.body.map((l: { description: string; performedByName: string; cost: unknown }) => [l.description, l.performedByName, l.cost])).to.deep.equal([
      ['Door hinge oiled', 'Sam Staff', null],
      ['Annual service', 'Oven Care Ltd', { amountMinor: 12500, currency: 'GBP' }],
      ['Install check', 'Oven Care Ltd', null],
    ]);
  });

  it("against a schedule: resolves the maintenance issue the job raised, silently, and moves the asset's next due on", async () => {
    const schedule = (await s.h.request('POST', `/assets/${oven.id}/maintenance-schedules`, { token: managerToken, body: { title: 'Weekly descale', priority: 'MEDIUM', intervalUnit: 'WEEKS', intervalValue: 1, startsOn: '2026-03-08' } })).body;
    await s.h.job('maintenance-due').run();
    const [raised] = await s.h.ds.query(`SELECT id FROM issues WHERE tenant_id = $1 AND source = 'MAINTENANCE'`, [s.tenantA]);
    const other = await raiseIssue('Witness issue');
    await expectSilentBesideWitness(
      s.h.ds,
      s.tenantA,
      ['issue.created', 'issue.resolved'],
      async () => expect((await log(body({ performedOn: '2026-03-10', scheduleId: schedule.id }))).body.scheduleId).to.equal(schedule.id),
      async () => {
        expect((await s.h.request('PATCH', `/issues/${other}`, { token: managerToken, body: { status: 'CANCELLED' } })).body.status).to.equal('CANCELLED');
        return [{ type: 'issue.resolved' as const, payload: { issueId: other } }];
      },
    );
    expect((await s.h.request('GET', `/issues/${raised.id}`, { token: managerToken })).body).to.include({ status: 'RESOLVED', resolvedByUserId: manager.id });
    const due = await s.h.request('GET', `/maintenance/due?from=2026-03-10&to=2026-03-20&assetId=${oven.id}`, { token: managerToken });
    expect(due.body.map((d: { dueOn: string; projected: boolean; openIssueId: string | null }) => [d.dueOn, d.projected, d.openIssueId])).to.deep.equal([['2026-03-17', false, null]]);
  });

  it("reads today at the asset's outlet: the 11th may be logged in Auckland while it is the 10th in London", async () => {
    // 12:00Z on 10 March is 01:00 on the 11th in Auckland (UTC+13).
    s.h.clock.set('2026-03-10T12:00:00Z');
    const token = await s.h.tokenFor(manager);
    expect((await log(body({ performedOn: '2026-03-11' }), oven.id, token)).body).to.deep.equal(badRequest('performedOn must not be after today'));
    await s.h.ds.query(`UPDATE outlets SET timezone = 'Pacific/Auckland' WHERE id = $1`, [outletId]);
    expect((await log(body({ performedOn: '2026-03-11' }), oven.id, token)).status).to.equal(201);
  });

  it('validates bodies', async () => {
    expect((await log(body({ vendorId: undefined }))).body).to.deep.equal(badRequest('performedByUserId or vendorId is required, not both'));
    expect((await log(body({ performedByUserId: staff.id }))).body).to.deep.equal(badRequest('performedByUserId or vendorId is required, not both'));
    expect((await log(body({ costMinor: 100 }))).body).to.deep.equal(badRequest('currency and costMinor go together'));
    expect((await log(body({ costMinor: -1, currency: 'GBP' }))).body).to.deep.equal(badRequest('costMinor must not be less than 0'));
    expect((await log(body({ costMinor: 1.5, currency: 'GBP' }))).body).to.deep.equal(badRequest('costMinor must be an integer number'));
    expect((await log(body({ costMinor: 100, currency: 'gbp' }))).body).to.deep.equal(badRequest('currency must be an ISO 4217 code in capitals'));
    expect((await log(body({ performedOn: '2026-03-11' }))).body).to.deep.equal(badRequest('performedOn must not be after today'));
    expect((await log(body({ description: '' }))).body).to.deep.equal(badRequest('description must be at least 1 characters'));
    expect((await log(body({ scheduleId: 'x' }))).body).to.deep.equal(badRequest('scheduleId must be a UUID'));
    expect((await log(body({ vendorId: (await createVendor(s.h.ds, s.tenantB)).id }))).body).to.deep.equal({ message: 'Vendor not found', error: 'Not Found', statusCode: 404 });
    const elsewhereIssue = (await s.h.request('POST', '/issues', { token: await s.tokenAs('TENANT_OWNER'), body: { outletId: (await createOutlet(s.h.ds, s.tenantA)).id, title: 'Far', priority: 'LOW' } })).body.id;
    expect((await log(body({ issueId: elsewhereIssue }))).body).to.deep.equal({ message: "Issue not found at the asset's outlet", error: 'Not Found', statusCode: 404 });
    const otherAsset = await createAsset(s.h.ds, s.tenantA, outletId);
    const otherSchedule = (await s.h.request('POST', `/assets/${otherAsset.id}/maintenance-schedules`, { token: managerToken, body: { title: 'Clean', priority: 'LOW', intervalUnit: 'DAYS', intervalValue: 7 } })).body.id;
    expect((await log(body({ scheduleId: otherSchedule }))).body).to.deep.equal({ message: 'Maintenance schedule not found for this asset', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', `/assets/${oven.id}/service-logs`, { token: staffToken })).body).to.deep.equal([]);
  });

  it('scopes: 401; STAFF read but do not write; an OUTLET_MANAGER and staff reach only their outlets; another tenant is 404', async () => {
    expect((await log(body(), oven.id, staffToken)).body).to.deep.equal(FORBIDDEN);
    const far = await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id);
    expect((await log(body(), far.id)).body).to.deep.equal(ASSET_404);
    expect((await s.h.request('GET', `/assets/${far.id}/service-logs`, { token: staffToken })).body).to.deep.equal(ASSET_404);
    expect((await log(body(), far.id, await s.tokenAs('AREA_MANAGER'))).status).to.equal(201);
    expect((await s.h.request('GET', `/assets/${far.id}/service-logs`, { token: await s.tokenAs('HR_MANAGER') })).body).to.have.length(1);
    const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await log(body(), oven.id, foreign)).body).to.deep.equal(ASSET_404);
    expect((await s.h.request('GET', `/assets/${oven.id}/service-logs`, { token: foreign })).body).to.deep.equal(ASSET_404);
    expect((await s.h.request('GET', `/assets/${oven.id}/service-logs`, {})).body).to.deep.equal(UNAUTHORIZED);
  });
});
