import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

const NO_LIMITS = { maxShiftMinutes: null, maxConsecutiveDays: null, minWeeklyMinutes: null, maxWeeklyMinutes: null };

describe('web console: premium pay lines explain themselves (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('a Californian 13 h day: the run’s payslip and the person’s own show overtime and double time with the rule’s sentence and the arithmetic', async () => {
    const { stack } = suite;
    const hr = await stack.tokenOf(stack.email('HR_MANAGER'));
    const owner = await stack.tokenOf(stack.email('TENANT_OWNER'));
    const users = (await stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token: hr })).body;
    const staffId = users.find((u) => u.email === stack.email('STAFF'))!.id;
    const [{ outletId, timezone }] = await stack.db.dataSource.query(
      `SELECT o.id AS "outletId", t.timezone FROM outlets o JOIN tenants t ON t.id = o.tenant_id WHERE o.tenant_id = $1 ORDER BY o.name LIMIT 1`,
      [stack.tenant.id],
    );
    expect((await stack.call('PUT', '/compliance/settings', { token: owner, body: { packs: [{ packId: 'us-ca', version: 1 }], modes: {}, customLimits: NO_LIMITS } })).status).to.equal(200);
    expect((await stack.call('PUT', `/users/${staffId}/pay`, { token: hr, body: { type: 'HOURLY', rateMinor: 2000, currency: 'USD' } })).status).to.equal(200);
    // Last month, the 10th: 13 h from 06:00 local, approved.
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    const day = `${month}-10`;
    const [{ start, end }] = await stack.db.dataSource.query(`SELECT ($1::timestamp AT TIME ZONE $3) AS start, ($2::timestamp AT TIME ZONE $3) AS "end"`, [`${day} 06:00`, `${day} 19:00`, timezone]);
    await stack.db.dataSource.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, 'APPROVED', now(), now())`,
      [randomUUID(), stack.tenant.id, staffId, outletId, start, end],
    );
    const run = await stack.call<{ id: string }>('POST', '/payroll/runs', { token: hr, body: { periodYearMonth: month } });
    expect(run.status).to.equal(201);

    const overtime = `${day}: 13 h worked > 8 h: 5 h at 1.5× · 4 h × 20.00 USD/h × 1.5 = 120.00 USD`;
    const doubleTime = `${day}: 13 h worked > 12 h: 1 h at 2× · 1 h × 20.00 USD/h × 2 = 40.00 USD`;
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto(`/payroll/runs/${run.body.id}`);
      const main = page.getByRole('main');
      await main.getByRole('button', { name: 'Demo Staff' }).click();
      await main.getByText(`Daily overtime at 1.5× (${day})`, { exact: true }).waitFor();
      await main.getByText(overtime, { exact: true }).waitFor();
      await main.getByText(`Double time at 2× (${day})`, { exact: true }).waitFor();
      await main.getByText(doubleTime, { exact: true }).waitFor();
    });

    const approver = await stack.tokenOf(stack.email('COMPANY_ADMIN'));
    expect((await stack.call('POST', `/payroll/runs/${run.body.id}/approve`, { token: approver })).status).to.equal(200);
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/payroll/payslips');
      await page.getByRole('button', { name: month }).click();
      await page.getByText(overtime, { exact: true }).waitFor();
      await page.getByText(doubleTime, { exact: true }).waitFor();
    });
  });
});
