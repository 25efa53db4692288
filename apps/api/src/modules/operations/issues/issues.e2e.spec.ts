import { expect } from 'chai';
import { createAsset, createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';
import { assignOutlets } from '../../../test-support/access-fixtures.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const NOT_FOUND = { message: 'Issue not found', error: 'Not Found', statusCode: 404 };
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const conflict = (message: string) => ({ message, error: 'Conflict', statusCode: 409 });

describe('issues (HTTP)', () => {
  const s = twoTenantSuite();
  let outletId: string;
  let staff: CreatedUser;
  let staffToken: string;
  let manager: CreatedUser;
  let managerToken: string;

  beforeEach(async () => {
    outletId = (await createOutlet(s.h.ds, s.tenantA)).id;
    staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    await assignOutlets(s.h.ds, s.tenantA, staff.id, [outletId]);
    await assignOutlets(s.h.ds, s.tenantA, manager.id, [outletId]);
    staffToken = await s.h.tokenFor(staff);
    managerToken = await s.h.tokenFor(manager);
  });

  const body = (over: Record<string, unknown> = {}) => ({ outletId, title: 'Fridge 2 is warm', priority: 'HIGH', ...over });
  const raise = (b: unknown, token = staffToken, path = '/issues') => s.h.request('POST', path, { token, body: b });
  const patch = (id: string, b: unknown, token = managerToken) => s.h.request('PATCH', `/issues/${id}`, { token, body: b });
  async function events(type: string): Promise<Array<Record<string, unknown>>> {
    return (await s.h.ds.query(`SELECT payload FROM domain_events WHERE tenant_id = $1 AND type = $2 ORDER BY occurred_at, id`, [s.tenantA, type])).map((r: { payload: Record<string, unknown> }) => r.payload);
  }

  it('raises an OPEN issue from the web and the mobile app, each recording issue.created', async () => {
    const web = await raise(body({ description: 'Reads 9°C' }));
    expect(web.status).to.equal(201);
    expect(web.body).to.deep.include({ tenantId: s.tenantA, outletId, title: 'Fridge 2 is warm', description: 'Reads 9°C', priority: 'HIGH', status: 'OPEN', source: 'WEB', reporterUserId: staff.id, resolutionNote: null });
    const mobile = await raise(body({ priority: 'LOW', title: 'Door sticks' }), staffToken, '/mobile/issues');
    expect(mobile.body).to.include({ source: 'MOBILE', priority: 'LOW' });
    expect(await events('issue.created')).to.have.deep.members([
      { tenantId: s.tenantA, issueId: web.body.id, outletId, priority: 'HIGH', title: 'Fridge 2 is warm', reporterUserId: staff.id },
      { tenantId: s.tenantA, issueId: mobile.body.id, outletId, priority: 'LOW', title: 'Door sticks', reporterUserId: staff.id },
    ]);
  });

  it('follows the workflow, records issue.resolved on RESOLVED, CLOSED and CANCELLED only, and not for the current status again', async () => {
    const id = (await raise(body())).body.id;
    expect((await patch(id, { status: 'IN_PROGRESS' })).body.status).to.equal('IN_PROGRESS');
    const resolved = await patch(id, { status: 'RESOLVED', resolutionNote: 'Seal replaced' });
    expect(resolved.body).to.include({ status: 'RESOLVED', resolutionNote: 'Seal replaced', resolvedByUserId: manager.id, resolvedAt: s.h.clock.now().toISOString() });
    expect((await patch(id, { status: 'RESOLVED' })).body.status).to.equal('RESOLVED');
    expect((await patch(id, { status: 'VERIFIED' })).body.status).to.equal('VERIFIED');
    expect((await patch(id, { status: 'OPEN' })).body).to.deep.equal(conflict('An issue that is VERIFIED cannot be set to OPEN'));
    const other = (await raise(body())).body.id;
    expect((await patch(other, { status: 'CANCELLED' })).body.status).to.equal('CANCELLED');
    expect((await patch(other, { status: 'RESOLVED' })).body).to.deep.equal(conflict('An issue that is CANCELLED cannot be set to RESOLVED'));
    expect(await events('issue.resolved')).to.have.deep.members([
      { tenantId: s.tenantA, issueId: id, status: 'RESOLVED', resolutionNote: 'Seal replaced', resolvedByUserId: manager.id },
      { tenantId: s.tenantA, issueId: other, status: 'CANCELLED', resolutionNote: '', resolvedByUserId: manager.id },
    ]);
  });

  it('validates bodies', async () => {
    expect((await raise(body({ priority: 'SOON' }))).body).to.deep.equal(badRequest('priority must be one of the following values: LOW, MEDIUM, HIGH, URGENT'));
    expect((await raise(body({ title: '' }))).body).to.deep.equal(badRequest('title must be at least 1 characters'));
    const id = (await raise(body())).body.id;
    expect((await patch(id, { status: 'DONE' })).body).to.deep.equal(badRequest('status must be one of the following values: OPEN, IN_PROGRESS, RESOLVED, CLOSED, CANCELLED, VERIFIED'));
    expect((await patch(id, {})).body).to.deep.equal(badRequest('status is required'));
  });

  it('scopes: staff raise at their outlets and see their own; an OUTLET_MANAGER manages their outlets only; STAFF cannot manage; 401; 404 across tenants', async () => {
    const elsewhere = (await createOutlet(s.h.ds, s.tenantA)).id;
    expect((await raise(body({ outletId: elsewhere }))).body).to.deep.equal({ message: 'You can raise issues only at your outlets', error: 'Forbidden', statusCode: 403 });
    const owner = await s.tokenAs('TENANT_OWNER');
    const far = (await raise(body({ outletId: elsewhere }), owner)).body.id;
    expect((await patch(far, { status: 'CLOSED' })).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('GET', `/issues/${far}`, { token: managerToken })).body).to.deep.equal(NOT_FOUND);
    const mine = (await raise(body())).body.id;
    expect((await patch(mine, { status: 'CLOSED' }, staffToken)).body).to.deep.equal(FORBIDDEN);
    expect((await s.h.request('GET', '/issues', { token: staffToken })).body.map((i: { id: string }) => i.id)).to.deep.equal([mine]);
    expect((await s.h.request('GET', '/issues', { token: managerToken })).body.map((i: { id: string }) => i.id)).to.deep.equal([mine]);
    expect((await s.h.request('GET', '/issues?priority=HIGH', { token: owner })).body.map((i: { id: string }) => i.id)).to.have.members([mine, far]);
    expect((await s.h.request('GET', `/issues/${mine}`, { token: await s.tokenAs('STAFF') })).body).to.deep.equal(NOT_FOUND);
    const foreign = await s.tokenAs('TENANT_OWNER', s.tenantB);
    expect((await s.h.request('GET', `/issues/${mine}`, { token: foreign })).body).to.deep.equal(NOT_FOUND);
    expect((await patch(mine, { status: 'CLOSED' }, foreign)).body).to.deep.equal(NOT_FOUND);
    expect((await raise(body(), foreign)).body).to.deep.equal({ message: 'Outlet not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('POST', '/issues', { body: body() })).body).to.deep.equal(UNAUTHORIZED);
  });

  it('links an issue to an asset at its outlet and filters by asset and source; an asset elsewhere or of another tenant is 404', async () => {
    const fridge = await createAsset(s.h.ds, s.tenantA, outletId, { name: 'Fridge 2' });
    const linked = await raise(body({ assetId: fridge.id }));
    expect(linked.status).to.equal(201);
    expect(linked.body).to.include({ assetId: fridge.id, source: 'WEB' });
    await raise(body({ title: 'Floor is wet' }), staffToken, '/mobile/issues');
    const byAsset = await s.h.request('GET', `/issues?assetId=${fridge.id}`, { token: managerToken });
    expect(byAsset.body.map((i: { id: string }) => i.id)).to.deep.equal([linked.body.id]);
    const mobile = await s.h.request('GET', '/issues?source=MOBILE', { token: managerToken });
    expect(mobile.body.map((i: { title: string }) => i.title)).to.deep.equal(['Floor is wet']);
    expect((await s.h.request('GET', '/issues?source=FAX', { token: managerToken })).status).to.equal(400);

    const elsewhere = await createAsset(s.h.ds, s.tenantA, (await createOutlet(s.h.ds, s.tenantA)).id);
    const foreign = await createAsset(s.h.ds, s.tenantB, (await createOutlet(s.h.ds, s.tenantB)).id);
    for (const assetId of [elsewhere.id, foreign.id]) {
      expect((await raise(body({ assetId }))).body).to.deep.equal({ message: 'Asset not found at this outlet', error: 'Not Found', statusCode: 404 });
    }
    expect((await raise(body({ assetId: 'fridge' }))).status).to.equal(400);
  });

  it('gives an issue to someone at its outlet, who then sees it; anyone elsewhere, inactive or of another tenant is 404; fires nothing', async () => {
    const raiser = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    await assignOutlets(s.h.ds, s.tenantA, raiser.id, [outletId]);
    const id = (await raise(body(), await s.h.tokenFor(raiser))).body.id;
    const assign = (userId: string | null, token = managerToken) => s.h.request('PUT', `/issues/${id}/assignee`, { token, body: { userId } });
    const before = (await events('issue.created')).length;

    const given = await assign(staff.id);
    expect(given.status).to.equal(200);
    expect(given.body).to.include({ assigneeUserId: staff.id, status: 'OPEN' });
    expect((await s.h.request('GET', `/issues/${id}`, { token: staffToken })).body.assigneeUserId).to.equal(staff.id);
    expect((await s.h.request('GET', '/issues', { token: staffToken })).body.map((i: { id: string }) => i.id)).to.include(id);
    expect((await s.h.request('GET', `/issues?assigneeUserId=${staff.id}`, { token: managerToken })).body.map((i: { id: string }) => i.id)).to.deep.equal([id]);

    const elsewhere = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    const gone = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', status: 'INACTIVE' });
    await assignOutlets(s.h.ds, s.tenantA, gone.id, [outletId]);
    const deleted = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
    await assignOutlets(s.h.ds, s.tenantA, deleted.id, [outletId]);
    await s.h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [deleted.id]);
    const foreign = await createUser(s.h.ds, s.tenantB, { role: 'TENANT_OWNER' });
    for (const who of [elsewhere, gone, deleted, foreign]) {
      expect((await assign(who.id)).body).to.deep.equal({ message: 'No active person with this id works at the outlet of the issue', error: 'Not Found', statusCode: 404 });
    }
    // A tenant-wide role handles issues anywhere; giving one work follows the rank rule (at or below the giver).
    const area = await createUser(s.h.ds, s.tenantA, { role: 'AREA_MANAGER' });
    expect((await assign(area.id)).status).to.equal(403);
    expect((await assign(area.id, await s.tokenAs('TENANT_OWNER'))).body.assigneeUserId).to.equal(area.id);
    expect((await s.h.request('GET', `/issues/${id}`, { token: staffToken })).body).to.deep.equal(NOT_FOUND);
    expect((await assign(null)).body.assigneeUserId).to.equal(null);

    expect((await assign(staff.id, staffToken)).body).to.deep.equal(FORBIDDEN);
    const otherManager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
    expect((await assign(staff.id, await s.h.tokenFor(otherManager))).body).to.deep.equal(NOT_FOUND);
    expect((await assign(staff.id, await s.tokenAs('TENANT_OWNER', s.tenantB))).body).to.deep.equal(NOT_FOUND);
    expect((await s.h.request('PUT', `/issues/${id}/assignee`, { token: managerToken, body: { userId: 'someone' } })).status).to.equal(400);
    expect((await s.h.request('PUT', `/issues/${id}/assignee`, { token: managerToken, body: {} })).status).to.equal(400);
    expect((await s.h.request('PUT', `/issues/${id}/assignee`, { body: { userId: null } })).status).to.equal(401);
    expect(await events('issue.created')).to.have.length(before);
    expect(await events('issue.resolved')).to.deep.equal([]);
  });
});
