import { expect } from 'chai';
import { createAsset, createOutlet, createUser, createVendor, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';
import { expectSilentBesideWitness } from '../../../test-support/silence.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Work order not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string) => ({ message, error: 'Conflict', statusCode: 409 });
const NOW = '2026-03-10T09:00:00Z';

describe('work orders (HTTP)', () => {
  const s = twoTenantSuite();
  let outletId: string;
  let oven: { id: string };
  let staff: CreatedUser;
  let staffToken: string;
  let manager: CreatedUser;
  let managerToken: string;

  beforeEach(async () => {
    s.h.clock.set(NOW);
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    oven = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Combi oven 1' });
    staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Sam Staff' });
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    await assignOutlets(s.h.ds, s.tenantA, staff.id, [outletId]);
    await assignOutlets(s.h.ds, s.tenantA, manager.id, [outletId]);
    staffToken = await s.h.tokenFor(staff);
    managerToken = await s.h.tokenFor(manager);
  });

  const body = (over: Record<string, unknown> = {}) => ({ title: 'Replace door seal', priority: 'HIGH', assetId: oven.id, ...over });
  const create = (b: unknown, token = managerToken) => s.h.request('POST', '/work-orders', { token, body: b });
  const act = (id: string, action: string, token = managerToken, b?: unknown) => s.h.request('POST', `/work-orders/${id}/${action}`, { token, ...(b ? { body: b } : {}) });
  const raiseIssue = async (title: string) => (await s.h.request('POST', '/issues', { token: staffToken, body: { outletId, title, priority: 'HIGH', assetId: oven.id } })).body.id as string;

  it('runs the workflow: a manager assigns staff, the staff starts and completes, the manager verifies and the issue is resolved silently', async () => {
    const issueId = await raiseIssue('Oven door leaks steam');
    const other = await raiseIssue('Witness issue');
    const created = await create({ title: 'Replace door seal', description: 'Seal is torn', priority: 'HIGH', issueId, dueOn: '2026-03-12', assigneeUserId: staff.id });
    expect(created.status).to.equal(201);
    expect(created.body).to.deep.include({
      tenantId: s.tenantA,
      outletId,
      assetId: oven.id,
      assetName: 'Combi oven 1',
      issueId,
      title: 'Replace door seal',
      description: 'Seal is torn',
      priority: 'HIGH',
      status: 'ASSIGNED',
      dueOn: '2026-03-12',
      overdue: false,
      vendorId: null,
      assigneeUserId: staff.id,
      assigneeName: 'Sam Staff',
      completionNote: null,
      createdByUserId: manager.id,
    });
    const id = created.body.id;
    expect((await s.h.request('GET', `/issues/${issueId}`, { token: managerToken })).body.workOrderIds).to.deep.equal([id]);
    expect((await s.h.request('GET', `/issues/${other}`, { token: managerToken })).body.workOrderIds).to.deep.equal([]);

    expect((await act(id, 'verify')).body).to.deep.equal(conflict('A work order that is ASSIGNED cannot be set to VERIFIED'));
    expect((await act(id, 'start', staffToken)).body.status).to.equal('IN_PROGRESS');
    expect((await act(id, 'start', staffToken)).body.status).to.equal('IN_PROGRESS');
    expect((await act(id, 'complete', staffToken, {})).body).to.deep.equal(badRequest('completionNote is required'));
    const completed = await act(id, 'complete', staffToken, { completionNote: 'New seal fitted' });
    expect(completed.body).to.include({ status: 'COMPLETED', completionNote: 'New seal fitted', completedAt: '2026-03-10T09:00:00.000Z' });
    expect((await act(id, 'verify', staffToken)).body).to.deep.equal(FORBIDDEN);

    await expectSilentBesideWitness(
      s.h.ds,
      s.tenantA,
      ['issue.created', 'issue.resolved'],
      async () => expect((await act(id, 'verify')).body).to.include({ status: 'VERIFIED', verifiedByUserId: manager.id }),
      async () => {
        expect((await s.h.request('PATCH', `/issues/${other}`, { token: managerToken, body: { status: 'RESOLVED' } })).body.status).to.equal('RESOLVED');
        return [{ type: 'issue.resolved' as const, payload: { issueId: other } }];
      },
    );
    expect((await s.h.request('GET', `/issues/${issueId}`, { token: managerToken })).body).to.include({ status: 'RESOLVED', resolutionNote: 'New seal fitted', resolvedByUserId: manager.id });
    expect((await act(id, 'cancel')).body).to.deep.equal(conflict('A work order that is VERIFIED cannot be set to CANCELLED'));
    expect((await s.h.request('PATCH', `/work-orders/${id}`, { token: managerToken, body: { title: 'Too late' } })).body).to.deep.equal(conflict('A work order that is VERIFIED cannot be changed'));
  });

  it('rejects a completed order back to work, reassigns to a vendor, edits and cancels', async () => {
    const vendor = await createVendor(s.h.ds, s.tenantA, { name: 'Oven Care Ltd' });
    const id = (await create(body())).body.id;
    expect((await act(id, 'start')).body).to.deep.equal(conflict('A work order that is OPEN cannot be set to IN_PROGRESS'));
    const assigned = await act(id, 'assign', managerToken, { vendorId: vendor.id });
    expect(assigned.body).to.include({ status: 'ASSIGNED', vendorId: vendor.id, assigneeUserId: null, assigneeName: 'Oven Care Ltd' });
    expect((await act(id, 'assign', managerToken, { assigneeUserId: staff.id })).body).to.include({ vendorId: null, assigneeUserId: staff.id });
    await act(id, 'start', staffToken);
    await act(id, 'complete', staffToken, { completionNote: 'Done' });
    expect((await act(id, 'reject')).body).to.include({ status: 'IN_PROGRESS', completedAt: null });
    expect((await act(id, 'reject')).body).to.deep.equal(conflict('A work order that is IN_PROGRESS cannot be set to IN_PROGRESS'));
    expect((await act(id, 'assign', managerToken, { vendorId: vendor.id })).body).to.deep.equal(conflict('A work order that is IN_PROGRESS cannot be set to ASSIGNED'));
    const edited = await s.h.request('PATCH', `/work-orders/${id}`, { token: managerToken, body: { priority: 'URGENT', dueOn: null, description: 'Both hinges' } });
    expect(edited.body).to.include({ priority: 'URGENT', dueOn: null, description: 'Both hinges', status: 'IN_PROGRESS' });
    expect((await act(id, 'cancel')).body.status).to.equal('CANCELLED');
    expect((await act(id, 'start', staffToken)).body).to.deep.equal(conflict('A work order that is CANCELLED cannot be set to IN_PROGRESS'));
  });

  it("reads today in the outlet's time zone: an order due yesterday in Auckland is overdue while it is still that day in London", async () => {
    await s.h.ds.query(`UPDATE outlets SET timezone = 'Pacific/Auckland' WHERE id = $1`, [outletId]);
    // 12:00Z on 10 March is 01:00 on the 11th in Auckland (UTC+13).
    s.h.clock.set('2026-03-10T12:00:00Z');
    // A fresh token: the clock moved past the suite's.
    const order = (await create(body({ title: 'Auckland', dueOn: '2026-03-10', assetId: undefined, outletId }), await s.h.tokenFor(manager))).body;
    expect(order.overdue).to.equal(true);
    s.h.clock.set('2026-03-10T10:59:00Z');
    expect((await s.h.request('GET', `/work-orders/${order.id}`, { token: await s.h.tokenFor(manager) })).body.overdue).to.equal(false);
  });

  it('marks orders overdue past their due date until completed, and filters by issue, asset, status, assignee and overdue', async () => {
    const issueId = await raiseIssue('Fan noisy');
    const late = (await create(body({ title: 'Late', dueOn: '2026-03-09', assigneeUserId: staff.id, issueId }))).body;
    const onTime = (await create(body({ title: 'On time', dueOn: '2026-03-10', assetId: undefined, outletId }))).body;
    expect(late.overdue).to.equal(true);
    expect(onTime.overdue).to.equal(false);
    const list = async (q: string, token = managerToken) => (await s.h.request('GET', `/work-orders?${q}`, { token })).body.map((w: { title: string }) => w.title);
    expect(await list('overdue=true')).to.deep.equal(['Late']);
    expect(await list('overdue=false')).to.deep.equal(['On time']);
    expect(await list(`issueId=${issueId}`)).to.deep.equal(['Late']);
    expect(await list(`assetId=${oven.id}`)).to.deep.equal(['Late']);
    expect(await list(`assigneeUserId=${staff.id}`)).to.deep.equal(['Late']);
    expect(await list('status=OPEN')).to.deep.equal(['On time']);
    expect(await list('', staffToken)).to.deep.equal(['Late']);
    expect((await s.h.request('GET', `/work-orders/${onTime.id}`, { token: staffToken })).body).to.deep.equal(NOT_FOUND);
    await act(late.id, 'start', staffToken);
    await act(late.id, 'complete', staffToken, { completionNote: 'Fixed' });
    expect((await s.h.request('GET', `/work-orders/${late.id}`, { token: staffToken })).body.overdue).to.equal(false);
    s.h.clock.set('2026-03-11T10:00:00Z');
    expect((await s.h.request('GET', `/work-orders/${onTime.id}`, { token: await s.h.tokenFor(manager) })).body.overdue).to.equal(true);
  });

  it('validates bodies and queries', async () => {
    expect((await create(body({ vendorId: (await createVendor(s.h.ds, s.tenantA)).id, assigneeUserId: staff.id }))).body).to.deep.equal(badRequest('assigneeUserId must not be given with vendorId'));
    expect((await create(body({ priority: 'SOON' }))).body).to.deep.equal(badRequest('priority must be one of the following values: LOW, MEDIUM, HIGH, URGENT'));
    expect((await create(body({ title: ' ' }))).body).to.deep.equal(badRequest('title must be at least 1 characters'));
    expect((await create(body({ dueOn: '12/03/2026' }))).body).to.deep.equal(badRequest('dueOn must be a valid date in YYYY-MM-DD format'));
    expect((await create(body({ assetId: 'oven' }))).body).to.deep.equal(badRequest('assetId must be a UUID'));
    expect((await create(body({ assetId: undefined }))).body).to.deep.equal(conflict('A work order needs an outletId, an assetId or an issueId'));
    const otherOutlet = (await createOutlet(s.h.ds, s.tenantA)).id;
    const owner = await s.tokenAs('TENANT_OWNER');
    expect((await create(body({ outletId: otherOutlet }), owner)).body).to.deep.equal(conflict('The asset is at another outlet'));
    const id = (await create(body())).body.id;
    expect((await act(id, 'assign', managerToken, {})).body).to.deep.equal(badRequest('assigneeUserId or vendorId is required'));
    expect((await act(id, 'assign', managerToken, { assigneeUserId: (await createUser(s.h.ds, s.tenantA, { status: 'INACTIVE' })).id })).body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', '/work-orders?status=DONE', { token: managerToken })).body).to.deep.equal(
      badRequest('status must be one of the following values: OPEN, ASSIGNED, IN_PROGRESS, COMPLETED, VERIFIED, CANCELLED'),
    );
    expect((await s.h.request('GET', '/work-orders?overdue=yes', { token: managerToken })).status).to.equal(400);
  });

  it('scopes: 401; STAFF cannot create; an OUTLET_MANAGER raises and sees work only at their outlets; staff act only on their own orders; another tenant is 404', async () => {
    const elsewhere = (await createOutlet(s.h.ds, s.tenantA)).id;
    const farAsset = await createAsset(s.h.ds, s.tenantA, elsewhere);
    expect((await create(body({ assetId: undefined, outletId: elsewhere }))).body).to.deep.equal({ message: 'You can raise work orders only at your outlets', error: 'Forbidden', statusCode: 403 });
    expect((await create(body({ assetId: farAsset.id }))).body).to.deep.equal({ message: 'Asset not found', error: 'Not Found', statusCode: 404 });
    const outsider = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    await assignOutlets(s.h.ds, s.tenantA, outsider.id, [elsewhere]);
    expect((await create(body({ assigneeUserId: outsider.id }))).body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
    const far = (await create(body({ assetId: farAsset.id }), await s.tokenAs('OPERATIONS_MANAGER'))).body.id;
    expect((await s.h.request('GET', `/work-orders/${far}`, { token: managerToken })).body).to.deep.equal(NOT_FOUND);
    expect((await act(far, 'cancel')).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('GET', '/work-orders', { token: managerToken })).body).to.deep.equal([]);
    expect((await create(body(), staffToken)).body).to.deep.equal(FORBIDDEN);
    const mine = (await create(body())).body.id;
    expect((await act(mine, 'start', staffToken)).body).to.deep.equal(NOT_FOUND);
    expect((await act(mine, 'cancel', staffToken)).body).to.deep.equal(FORBIDDEN);
    const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await s.h.request('GET', `/work-orders/${mine}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
    expect((await act(mine, 'verify', foreign)).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('PATCH', `/work-orders/${mine}`, { token: foreign, body: { title: 'x' } })).body).to.deep.equal(NOT_FOUND);
    expect((await create(body(), foreign)).body).to.deep.equal({ message: 'Asset not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', '/work-orders', {})).body).to.deep.equal(UNAUTHORIZED);
  });
});
