import { expect } from 'chai';
import { ScryptPasswordHasher, TEST_SCRYPT } from '@wfm/core/crypto';
import { one } from '@wfm/db/sql';
import { ApiHarness } from '../test-support/harness.js';
import { DEMO_TEAM, seedDemo } from './demo-seed.js';

/** Issue 34: the demo's live week as the product's own routes read it back. */
describe('demo seed (HTTP): the demo shows a live week', () => {
  // A Thursday afternoon in London; the app's clock and the seed's are the same.
  const THURSDAY = '2026-11-26T13:30:00Z';
  let h: ApiHarness;
  let owner: string;
  let tenantId: string;

  before(async () => {
    h = await ApiHarness.start({ TRUST_PROXY: 'true' });
    h.clock.set(THURSDAY);
    ({ tenantId } = await seedDemo(h.ds, { passwords: new ScryptPasswordHasher(TEST_SCRYPT), clock: h.clock }));
    owner = await h.tokenFor((await one<{ id: string; tenantId: string }>(h.ds, `SELECT id, tenant_id AS "tenantId" FROM users WHERE email = 'tenant-owner@demo.test'`))!);
  });
  after(async () => h.stop());

  it('answers /careers/demo with the published posting', async () => {
    const res = await h.request('GET', '/careers/demo', { headers: { 'x-forwarded-for': '10.134.0.1' } });
    expect(res.status).to.equal(200);
    expect(res.body.jobs.map((j: { slug: string; title: string }) => ({ slug: j.slug, title: j.title }))).to.deep.equal([{ slug: 'barista', title: 'Barista' }]);
  });

  it('lists this week’s shifts at both outlets', async () => {
    const res = await h.request('GET', '/shift-assignments?from=2026-11-23T00:00:00Z&to=2026-11-30T00:00:00Z&limit=500', { token: owner });
    expect(res.status).to.equal(200);
    const statuses = new Set(res.body.map((s: { status: string }) => s.status));
    expect(statuses).to.deep.equal(new Set(['COMPLETED', 'IN_PROGRESS', 'SCHEDULED']));
    expect(new Set(res.body.map((s: { outletId: string }) => s.outletId)).size).to.equal(2);
  });

  it('lists this week’s attendance with the missed clock-out to review', async () => {
    const res = await h.request('GET', '/attendance?from=2026-11-23T00:00:00Z&to=2026-11-30T00:00:00Z&status=PENDING_REVIEW', { token: owner });
    expect(res.status).to.equal(200);
    expect(res.body).to.have.length(1);
    expect(res.body[0].shiftAssignmentId).to.be.a('string');
  });

  it('computes last month’s payroll run with real amounts for the whole team', async () => {
    const run = await h.request('POST', '/payroll/runs', { token: owner, body: { periodYearMonth: '2026-10' } });
    expect(run.status, JSON.stringify(run.body)).to.equal(201);
    expect(run.body).to.include({ currency: 'GBP', leftOut: run.body.leftOut });
    expect(run.body.leftOut).to.deep.equal([]);
    const slips = await h.request('GET', `/payroll/runs/${run.body.id}/payslips`, { token: owner });
    const staff = (await one<{ id: string }>(h.ds, `SELECT id FROM users WHERE email = 'staff@demo.test'`))!.id;
    // All but the demo STAFF user, who is paid by the hour and has not clocked in yet.
    expect(slips.body.filter((s: { grossMinor: number }) => s.grossMinor === 0).map((s: { userId: string }) => s.userId)).to.deep.equal([staff]);
    expect(slips.body.length).to.be.greaterThan(DEMO_TEAM.length);
  });

  it('shows door taps in the audit log and who was where', async () => {
    const audit = await h.request('GET', '/access/audit?from=2026-11-19T00:00:00Z', { token: owner });
    expect(audit.status).to.equal(200);
    const types = new Set(audit.body.map((r: { eventType: string }) => r.eventType));
    expect(types).to.deep.equal(new Set(['GRANTED', 'DENIED_NO_GRANT', 'UNKNOWN_CREDENTIAL']));
    const where = await h.request('GET', '/access/reports/who-where?from=2026-11-23&to=2026-11-26', { token: owner });
    expect(where.status).to.equal(200);
    expect(where.body.length).to.be.greaterThan(10);
    expect(await h.ds.query(`SELECT count(*)::int AS n FROM access_audit WHERE tenant_id = $1 AND occurred_at > $2`, [tenantId, THURSDAY])).to.deep.equal([{ n: 0 }]);
  });
});
