import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createOutlet, createUser } from '@wfm/testing/factories';
import { eventDelivery } from './test-support/event-delivery.js';

/** Spec 03's payroll rows, end to end through the webhook worker to a real HTTPS receiver. */
describe('payroll webhooks delivered to an HTTPS receiver (spec 03, API + webhook worker)', function () {
  const d = eventDelivery();

  it('approve delivers payroll.approved and payroll.finalized with one payload; mark-paid delivers payroll.paid', async () => {
    const t = await d.hookedTenant(['payroll.approved', 'payroll.finalized', 'payroll.paid']);
    const worker = await createUser(d.h.ds, t.tenantId, { role: 'STAFF' });
    const outlet = await createOutlet(d.h.ds, t.tenantId);
    await d.h.request('PUT', `/users/${worker.id}/pay`, { token: t.ownerToken, body: { type: 'HOURLY', rateMinor: 1000, currency: 'EUR' } });
    await d.h.request('POST', '/payroll/deductions', { token: t.ownerToken, body: { name: 'Withholding', kind: 'PERCENT', basisPoints: 1000, accountCode: '825' } });
    await d.h.ds.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at)
       VALUES ($1, $2, $3, $4, '2026-02-02T09:00:00Z', '2026-02-02T16:30:00Z', 'APPROVED', now(), now())`,
      [randomUUID(), t.tenantId, worker.id, outlet.id],
    );
    const run = (await d.h.request('POST', '/payroll/runs', { token: t.ownerToken, body: { periodYearMonth: '2026-02' } })).body;
    expect(run).to.include({ totalGrossMinor: 7500, totalDeductionsMinor: 750, totalNetMinor: 6750, payslipCount: 1 });
    expect((await d.h.request('POST', `/payroll/runs/${run.id}/approve`, { token: t.ownerToken })).status).to.equal(200);
    const approvedAt = d.h.clock.now().toISOString();
    const money = { tenantId: t.tenantId, payrollRunId: run.id, periodYearMonth: '2026-02', currency: 'EUR', totalGrossMinor: 7500, totalNetMinor: 6750, totalDeductionsMinor: 750 };
    const both = await d.arrived(t, 2);
    expect(both.map((e) => e.event).sort()).to.deep.equal(['payroll.approved', 'payroll.finalized']);
    for (const e of both) {
      expect(e).to.deep.equal({ event: e.event, tenantId: t.tenantId, occurredAt: approvedAt, payload: { ...money, payslipCount: 1, approverUserId: t.ownerId } });
    }
    d.h.clock.advance(60_000);
    expect((await d.h.request('POST', `/payroll/runs/${run.id}/mark-paid`, { token: t.ownerToken })).status).to.equal(200);
    const paid = (await d.arrived(t, 3))[2]!;
    expect(paid).to.deep.equal({
      event: 'payroll.paid',
      tenantId: t.tenantId,
      occurredAt: d.h.clock.now().toISOString(),
      payload: { ...money, paidAt: d.h.clock.now().toISOString(), paidByUserId: t.ownerId },
    });
  });
});
