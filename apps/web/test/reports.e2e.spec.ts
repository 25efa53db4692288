import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

/*
 * The reports pages on a week of the file's own company long past (2026-03-02, a Monday, to the
 * 8th): a clock record of Demo Staff written straight into the database, at noon UTC so it is the
 * 2nd whatever the company's zone.
 */
const FROM = '2026-03-02';
const TO = '2026-03-08';

describe('web console: reports — filters, the table and the CSV file (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let staffId: string;

  before(async () => {
    const token = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const users = (await suite.stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token })).body;
    staffId = users.find((u) => u.email === suite.stack.email('STAFF'))!.id;
    const outlets = (await suite.stack.call<Array<{ id: string }>>('GET', '/outlets', { token })).body;
    // 10:00Z-13:30Z: 210 minutes, below the standard day, so no overtime.
    await suite.stack.db.dataSource.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, clock_out_at, status) VALUES (gen_random_uuid(), $1, $2, $3, '2026-03-02T10:00:00Z', '2026-03-02T13:30:00Z', 'APPROVED')`,
      [suite.stack.tenant.id, staffId, outlets[0]!.id],
    );
  });

  it('an area manager narrows the timesheets to a week and a person, sees the row and downloads it as CSV', async () => {
    await asRole(suite, 'AREA_MANAGER', async ({ page }) => {
      await page.goto('/reports/timesheets');
      await page.getByRole('heading', { name: 'Timesheets' }).waitFor();
      await page.getByLabel('From').fill(FROM);
      await page.getByLabel('To', { exact: true }).fill(TO);
      await page.getByRole('combobox', { name: 'Person' }).click();
      await page.getByRole('option', { name: 'Demo Staff' }).click();
      const row = page.getByRole('row').filter({ hasText: 'Demo Staff' });
      await row.getByRole('cell', { name: '3 h 30 min' }).waitFor();
      expect(await page.getByRole('row').count()).to.equal(2);
      // The day's cell is in the company's conventions; the rest: scheduled, clocked, breaks, overtime, open clock-ins.
      expect((await row.getByRole('cell').allTextContents()).slice(1)).to.deep.equal(['Demo Staff', '0 min', '3 h 30 min', '0 min', '0 min', '0']);

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).to.equal(`timesheets-${FROM}-to-${TO}.csv`);
      expect(await readFile((await file.path())!, 'utf8')).to.equal(
        ['date,person,user_id,scheduled_minutes,clocked_minutes,break_minutes,overtime_minutes,open_clock_ins', `${FROM},Demo Staff,${staffId},0,210,0,0,0`, ''].join('\r\n'),
      );
    });
  });

  it('the same week costs nothing for a person without pay settings, and each report page opens with its filters', async () => {
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/reports/labour-cost');
      await page.getByLabel('From').fill(FROM);
      await page.getByLabel('To', { exact: true }).fill(TO);
      const row = page.getByRole('row').filter({ hasText: 'Demo Staff' });
      await row.getByRole('cell', { name: 'No pay settings' }).waitFor();
      await row.getByRole('cell', { name: '3 h 30 min' }).waitFor();
      for (const [path, heading] of [
        ['attendance-exceptions', 'Attendance exceptions'],
        ['leave', 'Leave taken and balances'],
        ['door-access', 'Door taps'],
      ] as const) {
        await page.goto(`/reports/${path}`);
        await page.getByRole('heading', { name: heading }).waitFor();
        await page.getByLabel('From').fill(FROM);
        await page.getByLabel('To', { exact: true }).fill(TO);
        await page.getByText('Nothing to report for these filters.').waitFor();
      }
    });
  });
});
