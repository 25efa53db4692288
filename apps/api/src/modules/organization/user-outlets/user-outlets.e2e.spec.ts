import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createOutlet, createUser } from '@wfm/testing/factories';
import { twoTenantSuite } from '../../../test-support/api-suite.js';

function badRequest(...message: string[]) {
  return { message, error: 'Bad Request', statusCode: 400 };
}

describe('user outlets (HTTP)', () => {
  const s = twoTenantSuite();
  let token: string;
  let manager: { id: string };

  beforeEach(async () => {
    token = await s.tokenAs('COMPANY_ADMIN');
    manager = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER' });
  });

  it('replaces the outlets a user looks after and reads them back sorted', async () => {
    const [o1, o2, o3] = [await createOutlet(s.h.ds, s.tenantA), await createOutlet(s.h.ds, s.tenantA), await createOutlet(s.h.ds, s.tenantA)];
    const first = await s.h.request('PUT', `/users/${manager.id}/outlets`, { token, body: { outletIds: [o1.id, o2.id] } });
    expect(first.status).to.equal(200);
    expect(first.body).to.deep.equal({ userId: manager.id, outletIds: [o1.id, o2.id].sort() });
    const second = await s.h.request('PUT', `/users/${manager.id}/outlets`, { token, body: { outletIds: [o3.id] } });
    expect(second.body).to.deep.equal({ userId: manager.id, outletIds: [o3.id] });
    const read = await s.h.request('GET', `/users/${manager.id}/outlets`, { token: await s.tokenAs('OPERATIONS_MANAGER') });
    expect(read.status).to.equal(200);
    expect(read.body).to.deep.equal(second.body);
    const cleared = await s.h.request('PUT', `/users/${manager.id}/outlets`, { token, body: { outletIds: [] } });
    expect(cleared.body).to.deep.equal({ userId: manager.id, outletIds: [] });
  });

  it('validates the body', async () => {
    const missing = await s.h.request('PUT', `/users/${manager.id}/outlets`, { token, body: {} });
    expect(missing.body).to.deep.equal(badRequest('outletIds is required'));
    const o = await createOutlet(s.h.ds, s.tenantA);
    const dup = await s.h.request('PUT', `/users/${manager.id}/outlets`, { token, body: { outletIds: [o.id, o.id], extra: true } });
    expect(dup.body).to.deep.equal(badRequest('outletIds must not contain duplicates', 'property extra should not exist'));
    const bad = await s.h.request('PUT', `/users/x/outlets`, { token, body: { outletIds: ['y'] } });
    expect(bad.body).to.deep.equal(badRequest('id must be a UUID'));
  });

  it("is 404 for another tenant's user or outlet, writing nothing", async () => {
    const foreignOutlet = await createOutlet(s.h.ds, s.tenantB);
    const mine = await createOutlet(s.h.ds, s.tenantA);
    const outlet = await s.h.request('PUT', `/users/${manager.id}/outlets`, { token, body: { outletIds: [mine.id, foreignOutlet.id] } });
    expect(outlet.status).to.equal(404);
    expect(outlet.body).to.deep.equal({ message: `Outlet ${foreignOutlet.id} not found`, error: 'Not Found', statusCode: 404 });
    expect(await s.h.ds.query(`SELECT 1 FROM user_outlets WHERE tenant_id = ANY($1)`, [s.tenants])).to.have.length(0);
    const foreignUser = await createUser(s.h.ds, s.tenantB, { role: 'OUTLET_MANAGER' });
    const user = await s.h.request('PUT', `/users/${foreignUser.id}/outlets`, { token, body: { outletIds: [] } });
    expect(user.body).to.deep.equal({ message: 'User not found', error: 'Not Found', statusCode: 404 });
    expect((await s.h.request('GET', `/users/${uuid()}/outlets`, { token })).status).to.equal(404);
  });

  it('is 401 without a token, 403 for roles that cannot manage users or for a user above the caller', async () => {
    expect((await s.h.request('GET', `/users/${manager.id}/outlets`)).status).to.equal(401);
    expect((await s.h.request('PUT', `/users/${manager.id}/outlets`, { body: { outletIds: [] } })).status).to.equal(401);
    expect((await s.h.request('GET', `/users/${manager.id}/outlets`, { token: await s.tokenAs('STAFF') })).status).to.equal(403);
    const put = await s.h.request('PUT', `/users/${manager.id}/outlets`, { token: await s.tokenAs('OUTLET_MANAGER'), body: { outletIds: [] } });
    expect(put.body).to.deep.equal({ message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 });
    const owner = await createUser(s.h.ds, s.tenantA, { role: 'TENANT_OWNER' });
    const above = await s.h.request('PUT', `/users/${owner.id}/outlets`, { token: await s.tokenAs('HR_MANAGER'), body: { outletIds: [] } });
    expect(above.body).to.deep.equal({ message: 'You can manage only users whose role is below your own', error: 'Forbidden', statusCode: 403 });
  });

  it("is 403 for a peer's outlets, 200 for someone below and for oneself", async () => {
    const outlet = await createOutlet(s.h.ds, s.tenantA);
    const hrA = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    const hrB = await createUser(s.h.ds, s.tenantA, { role: 'HR_MANAGER' });
    const hrAToken = await s.h.tokenFor(hrA);
    const peer = await s.h.request('PUT', `/users/${hrB.id}/outlets`, { token: hrAToken, body: { outletIds: [outlet.id] } });
    expect(peer.status).to.equal(403);
    expect(peer.body).to.deep.equal({ message: 'You can manage only users whose role is below your own', error: 'Forbidden', statusCode: 403 });
    expect(await s.h.ds.query(`SELECT 1 FROM user_outlets WHERE user_id = $1`, [hrB.id])).to.have.length(0);
    expect((await s.h.request('PUT', `/users/${manager.id}/outlets`, { token: hrAToken, body: { outletIds: [outlet.id] } })).status).to.equal(200);
    expect((await s.h.request('PUT', `/users/${hrA.id}/outlets`, { token: hrAToken, body: { outletIds: [outlet.id] } })).status).to.equal(200);
  });
});
