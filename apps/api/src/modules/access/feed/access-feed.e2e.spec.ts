import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_PLATFORM_TOKEN } from '../../../test-support/harness.js';
import { feedVersion, recordAccessChanges } from '../../../test-support/access-fixtures.js';

/** The change feed as daemons see it: one message per committed change, versions rising by one per tenant. */
describe('access change feed (HTTP → bus)', () => {
  let h: ApiHarness;
  let tenantId: string;
  let owner: { id: string; tenantId: string };
  let token: string;

  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  beforeEach(async () => {
    tenantId = (await createTenant(h.ds, { plan: 'GROWTH', timezone: 'Europe/London' })).id;
    owner = await createUser(h.ds, tenantId, { role: 'TENANT_OWNER' });
    token = await h.tokenFor(owner);
  });

  async function watch<T>(work: () => Promise<T>) {
    const feed = await recordAccessChanges(h.bus);
    try {
      const result = await work();
      return { result, changes: await feed.settle() };
    } finally {
      await feed.stop();
    }
  }

  it('publishes a zone update with the version after the previous change of the tenant', async () => {
    const zone = (await h.request('POST', '/access/zones', { token, body: { name: 'Z', readerIds: ['R'] } })).body;
    const before = await feedVersion(h.ds, tenantId);
    const { result, changes } = await watch(() => h.request('PATCH', `/access/zones/${zone.id}`, { token, body: { active: false } }));
    expect(result.status).to.equal(200);
    expect(changes).to.deep.equal([{ tenantId, version: before + 1, kind: 'zone', id: zone.id, op: 'upsert' }]);
    expect(await feedVersion(h.ds, tenantId)).to.equal(before + 1);
  });

  it("publishes a tenant change when a tenant admin changes the timezone, and none for other settings", async () => {
    const { result, changes } = await watch(() => h.request('PATCH', '/tenant', { token, body: { timezone: 'Asia/Tokyo' } }));
    expect(result.status).to.equal(200);
    // No daemon runs beside this API: nothing can be stale, so the change is complete.
    expect(result.headers.get('x-access-propagation')).to.equal('complete');
    expect(changes).to.deep.equal([{ tenantId, version: 1, kind: 'tenant', id: tenantId, op: 'upsert' }]);
    const renamed = await watch(() => h.request('PATCH', '/tenant', { token, body: { name: 'Renamed' } }));
    expect(renamed.result.status).to.equal(200);
    expect(renamed.result.headers.get('x-access-propagation')).to.equal('complete');
    expect(renamed.changes).to.deep.equal([]);
  });

  it('publishes a tenant change when the platform operator changes the plan', async () => {
    await h.request('PATCH', '/tenant', { token, body: { timezone: 'Asia/Tokyo' } });
    const { result, changes } = await watch(() =>
      h.request('PATCH', `/platform/tenants/${tenantId}`, { token: TEST_PLATFORM_TOKEN, body: { plan: 'BASIC' } }),
    );
    expect(result.status).to.equal(200);
    expect(changes).to.deep.equal([{ tenantId, version: 2, kind: 'tenant', id: tenantId, op: 'upsert' }]);
    const switches = await watch(() => h.request('PATCH', `/platform/tenants/${tenantId}`, { token: TEST_PLATFORM_TOKEN, body: { ssoEnabled: true } }));
    expect(switches.changes).to.deep.equal([]);
  });

  it("keeps each tenant's versions apart", async () => {
    const other = (await createTenant(h.ds, { plan: 'GROWTH' })).id;
    const otherToken = await h.tokenFor(await createUser(h.ds, other, { role: 'TENANT_OWNER' }));
    await h.request('POST', '/access/zones', { token, body: { name: 'A', readerIds: ['R'] } });
    await h.request('POST', '/access/zones', { token, body: { name: 'B', readerIds: ['S'] } });
    const { changes } = await watch(() => h.request('POST', '/access/zones', { token: otherToken, body: { name: 'C', readerIds: ['R'] } }));
    expect(changes.map((c) => [c.tenantId, c.version])).to.deep.equal([[other, 1]]);
  });

  it('publishes a user delete when a user without grants is removed', async () => {
    const staff = await createUser(h.ds, tenantId);
    const { result, changes } = await watch(() => h.request('DELETE', `/users/${staff.id}`, { token }));
    expect(result.status).to.equal(200);
    expect(changes).to.deep.equal([{ tenantId, version: 1, kind: 'user', id: staff.id, op: 'delete' }]);
  });

  it('publishes a user upsert when a user is deactivated and when reactivated', async () => {
    const staff = await createUser(h.ds, tenantId);
    const off = await watch(() => h.request('PATCH', `/users/${staff.id}/status`, { token, body: { status: 'INACTIVE' } }));
    expect(off.result.status).to.equal(200);
    expect(off.changes).to.deep.equal([{ tenantId, version: 1, kind: 'user', id: staff.id, op: 'upsert' }]);
    const on = await watch(() => h.request('PATCH', `/users/${staff.id}/status`, { token, body: { status: 'ACTIVE' } }));
    expect(on.changes).to.deep.equal([{ tenantId, version: 2, kind: 'user', id: staff.id, op: 'upsert' }]);
  });
});
