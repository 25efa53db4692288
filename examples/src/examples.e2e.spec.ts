import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { ApiHarness } from '@wfm/api/test-support/harness';
import { apiKeyFor } from '@wfm/api/test-support/developer-credentials';
import { DaemonHarness } from '@wfm/access-daemon/test-support/daemon-harness';
import { createApiClient } from '@wfm/api-client/client';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { freePort } from '@wfm/testing/child-process';
import { adminQuickstart } from './admin-quickstart.js';
import { upcomingShifts } from './developer-shifts.js';
import { bridgeTap } from './door-bridge.js';

describe('the examples, through the generated client', () => {
  describe('against the API', () => {
    let h: ApiHarness;
    before(async () => {
      h = await ApiHarness.start();
    });
    after(async () => h.stop());

    it('admin quickstart: signs in, opens an outlet, lists the users', async () => {
      const t = await createTenant(h.ds, { plan: 'ENTERPRISE' });
      const email = `owner-${randomUUID()}@example.test`;
      await createUser(h.ds, t.id, { role: 'TENANT_OWNER', email, password: 'a-long-password' });
      const { outlet, users } = await adminQuickstart(h.baseUrl, email, 'a-long-password', { name: 'Harbour', code: 'HB1', city: 'Bristol' });
      expect(outlet).to.include({ name: 'Harbour', code: 'HB1', city: 'Bristol', tenantId: t.id });
      expect(users.map((u) => u.email)).to.deep.equal([email]);
    });

    it('admin quickstart: a wrong password is an error naming the 401', async () => {
      const t = await createTenant(h.ds);
      const email = `owner-${randomUUID()}@example.test`;
      await createUser(h.ds, t.id, { role: 'TENANT_OWNER', email, password: 'a-long-password' });
      const failure = await adminQuickstart(h.baseUrl, email, 'not-the-password', { name: 'X', code: 'X1', city: 'Y' }).catch((err: Error) => err);
      expect(failure).to.be.instanceOf(Error).with.property('message', 'sign-in refused: 401');
    });

    it('developer shifts: pages (2 a page) through every shift of the week with an API key, and only its own tenant’s', async () => {
      const t = await createTenant(h.ds, { plan: 'ENTERPRISE', publicApiEnabled: true });
      const other = await createTenant(h.ds, { plan: 'ENTERPRISE', publicApiEnabled: true });
      const outlet = await createOutlet(h.ds, t.id);
      const otherOutlet = await createOutlet(h.ds, other.id);
      // A key acts with the rank of the person who made it (people-policy): each tenant's owner here.
      for (const tenant of [t, other]) await createUser(h.ds, tenant.id, { role: 'TENANT_OWNER', password: null });
      const writer = createApiClient({ baseUrl: h.baseUrl, token: await apiKeyFor(h, t.id, ['shifts:write']) });
      const otherWriter = createApiClient({ baseUrl: h.baseUrl, token: await apiKeyFor(h, other.id, ['shifts:write']) });
      const from = new Date(h.clock.now().getTime() + 86_400_000);
      const created: string[] = [];
      for (let i = 0; i < 5; i++) {
        const user = await createUser(h.ds, t.id, { role: 'STAFF' });
        const start = new Date(from.getTime() + (i % 6) * 86_400_000 + 3_600_000);
        const shift = await writer.POST('/public/shifts', {
          body: { userId: user.id, outletId: outlet.id, scheduledStart: start.toISOString(), scheduledEnd: new Date(start.getTime() + 8 * 3_600_000).toISOString() },
        });
        expect(shift.response.status, JSON.stringify(shift.error)).to.equal(201);
        created.push(shift.data!.id);
      }
      const stranger = await createUser(h.ds, other.id, { role: 'STAFF' });
      await otherWriter.POST('/public/shifts', {
        body: { userId: stranger.id, outletId: otherOutlet.id, scheduledStart: new Date(from.getTime() + 3_600_000).toISOString(), scheduledEnd: new Date(from.getTime() + 7_200_000).toISOString() },
      });
      const shifts = await upcomingShifts(h.baseUrl, await apiKeyFor(h, t.id, ['shifts:read']), from, { pageSize: 2 });
      expect(shifts.map((s) => s.id)).to.have.members(created);
    });

    it('developer shifts: a key without shifts:read is an error, not an empty list', async () => {
      const t = await createTenant(h.ds, { plan: 'ENTERPRISE', publicApiEnabled: true });
      const failure = await upcomingShifts(h.baseUrl, await apiKeyFor(h, t.id, ['outlets:read']), new Date()).catch((err: Error) => err);
      expect(failure).to.be.instanceOf(Error).with.property('message').that.matches(/^shifts not listed: 403 /);
    });
  });

  describe('against the access daemon', () => {
    let d: DaemonHarness;
    before(async () => {
      d = await DaemonHarness.start();
    });
    after(async () => d.stop());

    it('door bridge: reports in, is granted and pulses once; the repeat within 2 s is a replay it does not pulse', async () => {
      const t = await d.tenant();
      const zoneId = await d.zone(t.tenantId, { name: 'Stockroom', readerIds: ['stock-1'] });
      const userId = await d.user(t.tenantId, 'Grace Hopper');
      await d.grant(t.tenantId, { userId }, zoneId);
      await d.reload();
      const credential = d.credential(t, userId);
      const reader = { readerId: 'stock-1', firmwareVersion: '2.4.1', ipAddress: '10.0.4.17' };
      const first = await bridgeTap(`${d.base}/api/v1`, t.readerKey, reader, credential);
      expect(first).to.deep.equal({ decision: { decision: 'GRANT', userId, userName: 'Grace Hopper', zoneId, zoneName: 'Stockroom' }, pulseRelay: true });
      const again = await bridgeTap(`${d.base}/api/v1`, t.readerKey, reader, credential);
      expect(again).to.deep.equal({ decision: { ...first.decision, replay: true }, pulseRelay: false });
      const [row] = await d.ds.query(`SELECT firmware_version AS "firmwareVersion", ip_address AS "ipAddress" FROM access_readers WHERE tenant_id = $1 AND reader_id = 'stock-1'`, [t.tenantId]);
      expect(row).to.deep.equal({ firmwareVersion: '2.4.1', ipAddress: '10.0.4.17' });
    });

    it('door bridge: a DENY keeps the door shut; a bad key is an error naming the 401', async () => {
      const t = await d.tenant();
      await d.zone(t.tenantId, { readerIds: ['side-1'] });
      await d.reload();
      const reader = { readerId: 'side-1', firmwareVersion: '1.0', ipAddress: '10.0.4.18' };
      expect(await bridgeTap(`${d.base}/api/v1`, t.readerKey, reader, d.credential(t, randomUUID()))).to.deep.equal({
        decision: { decision: 'DENY', reason: 'No access to this zone' },
        pulseRelay: false,
      });
      const failure = await bridgeTap(`${d.base}/api/v1`, `mk_${'x'.repeat(32)}`, reader, 'x').catch((err: Error) => err);
      expect(failure).to.be.instanceOf(Error).with.property('message').that.matches(/^heartbeat refused: 401 /);
    });
  });

  it('run against no API, an example says in one line where it looked and which variable to set', async () => {
    const url = `http://127.0.0.1:${await freePort()}/api/v1`;
    const script = fileURLToPath(new URL('./developer-shifts.js', import.meta.url));
    const failed = await promisify(execFile)(process.execPath, [script], { env: { PATH: process.env.PATH, WFM_BASE_URL: url, WFM_API_KEY: 'svc_live_x' } }).catch((err: { code: number; stderr: string }) => err);
    expect(failed).to.deep.include({
      code: 1,
      stderr: `cannot reach the API at ${url} (ECONNREFUSED): start it with npm start, or set WFM_BASE_URL to its /api/v1 address\n`,
    });
  });
});
