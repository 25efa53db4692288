import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { asRole, browserSuite, screenshot } from './test-support/browser.js';
import { dayAhead } from './test-support/dates.js';
import { rosterOfOneShift } from './test-support/roster.js';

const DAY = 86_400_000;


describe('web console: working-time rules — a blocking rule refuses a publish and lists why (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let owner: string;
  let manager: string;
  let ids: { staff: string; outlet: string };
  before(async () => {
    owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    manager = await suite.stack.tokenOf(suite.stack.email('OUTLET_MANAGER'));
    const users = (await suite.stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token: owner })).body;
    const outlets = (await suite.stack.call<Array<{ id: string; code: string }>>('GET', '/outlets', { token: owner })).body;
    ids = { staff: users.find((u) => u.email === suite.stack.email('STAFF'))!.id, outlet: outlets.find((o) => o.code === 'CK-01')!.id };
  });

  const shiftsOf = async () => (await suite.stack.call<Array<{ id: string }>>('GET', `/shift-assignments?userId=${ids.staff}&limit=500`, { token: owner })).body;

  it('HR switches daily rest to BLOCK; a roster breaking it is refused with its violations, and the week’s violations are listed', async () => {
    const closing = await suite.stack.call('POST', '/shift-assignments', {
      token: manager,
      body: { userId: ids.staff, outletId: ids.outlet, scheduledStart: new Date(`${dayAhead(20)}T15:00:00`).toISOString(), scheduledEnd: new Date(`${dayAhead(20)}T23:00:00`).toISOString() },
    });
    expect(closing.status, JSON.stringify(closing.body)).to.equal(201);

    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/compliance/rules');
      await page.getByRole('checkbox', { name: 'UK Working Time Regulations (v1)' }).check();
      await page.getByLabel('Mode of uk-wtr.daily-rest').selectOption('BLOCK');
      await page.getByRole('button', { name: 'Save rules' }).click();
      await page.getByText('Working-time rules saved.').waitFor();
      await screenshot(page, 'compliance-rules');
    });
    const settings = await suite.stack.call<{ packs: unknown[]; modes: Record<string, string> }>('GET', '/compliance/settings', { token: owner });
    expect(settings.body.packs).to.deep.equal([{ packId: 'uk-wtr', version: 1 }]);
    expect(settings.body.modes).to.deep.equal({ 'uk-wtr.daily-rest': 'BLOCK' });

    const before = (await shiftsOf()).length;
    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      const dialog = await rosterOfOneShift(page, { person: 'Demo Staff', day: dayAhead(21), from: '08:30', to: '16:30' });
      await dialog.getByRole('button', { name: 'Publish 1 shift(s)' }).click();
      const breaches = dialog.getByRole('list', { name: 'Working-time rule breaches' });
      await breaches.waitFor();
      const items = await breaches.getByRole('listitem').allInnerTexts();
      expect(items.some((t) => t.startsWith('Blocks · 11 hours of daily rest:') && t.includes('rest 9 h 30 min between')), JSON.stringify(items)).to.equal(true);
      await screenshot(page, 'compliance-blocked-publish');
    });
    expect((await shiftsOf()).length).to.equal(before);

    // Back to a warning: the same roster publishes, and the week's violations list shows why.
    expect((await suite.stack.call('PUT', '/compliance/settings', { token: owner, body: { packs: [{ packId: 'uk-wtr', version: 1 }], modes: {}, customLimits: { maxShiftMinutes: null, maxConsecutiveDays: null, minWeeklyMinutes: null, maxWeeklyMinutes: null } } })).status).to.equal(200);
    const published = await suite.stack.call('POST', '/scheduler/assignments', {
      token: manager,
      body: { outletId: ids.outlet, assignments: [{ userId: ids.staff, scheduledStart: new Date(`${dayAhead(21)}T08:30:00`).toISOString(), scheduledEnd: new Date(`${dayAhead(21)}T16:30:00`).toISOString() }] },
    });
    expect(published.status, JSON.stringify(published.body)).to.equal(201);
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/compliance/violations');
      await page.getByLabel('Week starting').fill(dayAhead(21));
      const row = page.getByRole('row').filter({ hasText: 'rest 9 h 30 min between' });
      await row.waitFor();
      expect(await row.getByText('Demo Staff').count()).to.equal(1);
      await row.getByRole('button', { name: /^Override 11 hours of daily rest for Demo Staff/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Override a violation' });
      await dialog.getByLabel(/^Reason/).fill('Stocktake; written consent on file');
      await dialog.getByRole('button', { name: 'Override' }).click();
      await row.getByText('Overridden', { exact: true }).waitFor();
      await screenshot(page, 'compliance-violations');

      // Beside the shift in the week's schedule: a badge counting its breaches.
      await page.goto('/schedule/shifts');
      await page.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      const monday = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate() - ((d.getDay() + 6) % 7)).getTime();
      const weeks = Math.round((monday(new Date(`${dayAhead(21)}T12:00:00`)) - monday(new Date())) / (7 * DAY));
      for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next week' }).click();
      const day = page.locator(`[data-day="${dayAhead(21)}"]`);
      await day.getByLabel(/^\d+ rule breach(es)? \(1 overridden\)$/).waitFor();
    });

    // An outlet in California follows the Californian pack; its rules join the list of modes.
    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/compliance/rules');
      await page.getByLabel('Packs of Central Kitchen').selectOption({ label: 'California (v1)' });
      await page.getByLabel('Mode of us-ca.daily-overtime').waitFor();
    });

    // Demo Staff's active contract is marked a young worker's from the same page.
    const contract = await suite.stack.call<{ id: string }>('POST', '/contracts', { token: owner, body: { userId: ids.staff, jobTitle: 'Kitchen porter', employmentType: 'PART_TIME', startDate: dayAhead(0) } });
    expect(contract.status, JSON.stringify(contract.body)).to.equal(201);
    expect((await suite.stack.call('POST', `/contracts/${contract.body.id}/activate`, { token: owner })).status).to.equal(200);
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/compliance/rules');
      // The box shows what the API holds: it ticks once the change is saved and read back.
      await page.getByLabel('Young worker: Demo Staff').click();
      await page.locator('input[aria-label="Young worker: Demo Staff"]:checked').waitFor();
    });
    const marked = await suite.stack.call<{ contracts: Array<{ contractId: string; youngWorker: boolean; packs: unknown }> }>('GET', '/compliance/settings', { token: owner });
    expect(marked.body.contracts.map((c) => [c.contractId, c.youngWorker, c.packs])).to.deep.equal([[contract.body.id, true, null]]);
    const after = await suite.stack.call<{ outlets: Array<{ outletId: string; packs: unknown[] }> }>('GET', '/compliance/settings', { token: owner });
    expect(after.body.outlets.map((o) => [o.outletId, o.packs])).to.deep.equal([[ids.outlet, [{ packId: 'us-ca', version: 1 }]]]);
  });
  it('a clock-out past six hours without a break: the attendance page shows the breach beside the record, spelled out', async () => {
    const limits = { maxShiftMinutes: null, maxConsecutiveDays: null, minWeeklyMinutes: null, maxWeeklyMinutes: null };
    expect((await suite.stack.call('PUT', '/compliance/settings', { token: owner, body: { packs: [{ packId: 'uk-wtr', version: 1 }], modes: {}, customLimits: limits } })).status).to.equal(200);
    // Clocked in seven hours ago (the clock-in itself is set up directly: the test cannot wait seven hours); the clock-out is the worker's own.
    const clockedIn = new Date(Date.now() - 7 * 3_600_000);
    await suite.stack.db.dataSource.query(
      `INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, clock_in_at, status, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, 'OPEN', $5, $5)`,
      [randomUUID(), suite.stack.tenant.id, ids.staff, ids.outlet, clockedIn],
    );
    const staff = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    const out = await suite.stack.call<{ id: string; status: string }>('POST', '/mobile/clock-out', { token: staff, body: {} });
    expect(out.status, JSON.stringify(out.body)).to.equal(201);
    const recorded = await suite.stack.call<Array<{ attendanceEventIds: string[]; sentence: string }>>('GET', `/compliance/violations?phase=CLOCK&userId=${ids.staff}&from=${dayAhead(-1)}&to=${dayAhead(0)}`, { token: owner });
    const mine = recorded.body.filter((v) => v.attendanceEventIds.includes(out.body.id));
    expect(mine.length, JSON.stringify(recorded.body)).to.be.greaterThan(0);

    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/schedule/attendance');
      // The record's own breach sentence (its clocked times) names one row.
      const row = page.getByRole('row').filter({ hasText: 'Demo Staff' }).filter({ hasText: mine[0]!.sentence });
      await row.waitFor();
      for (const v of mine) expect(await row.getByText(v.sentence, { exact: false }).count(), v.sentence).to.equal(1);
      await screenshot(page, 'compliance-attendance');
    });
  });
});
