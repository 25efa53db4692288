import { expect } from 'chai';
import { asRole, browserSuite, newTab, signIn } from './test-support/browser.js';
import { localDay } from './test-support/dates.js';

const HOUR = 3_600_000;

/** Local midnight of today plus `days`, then `hour`, as an ISO instant (browser and test share a timezone). */
function at(days: number, hour: number): string {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setDate(d.getDate() + days);
  d.setHours(hour);
  return d.toISOString();
}
const day = (days: number) => localDay(new Date(at(days, 12)));

describe('web console: schedule — the week, leave decisions, attendance review, my work, the dashboard (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let manager: string;
  let staff: string;
  let ids: { staff: string; outlet: string };
  before(async () => {
    manager = await suite.stack.tokenOf(suite.stack.email('OUTLET_MANAGER'));
    staff = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const users = (await suite.stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token: owner })).body;
    const outlets = (await suite.stack.call<Array<{ id: string; code: string }>>('GET', '/outlets', { token: owner })).body;
    ids = { staff: users.find((u) => u.email === suite.stack.email('STAFF'))!.id, outlet: outlets.find((o) => o.code === 'CK-01')!.id };
  });

  it('shows the week per outlet, adds a shift in a day, edits it, and shows the API’s refusal of an overlap', async () => {
    const shift = await suite.stack.call('POST', '/shift-assignments', { token: manager, body: { userId: ids.staff, outletId: ids.outlet, scheduledStart: at(7, 8), scheduledEnd: at(7, 16) } });
    expect(shift.status).to.equal(201);
    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/schedule/shifts');
      await page.getByRole('button', { name: 'Next week' }).click();
      const target = page.locator(`[data-day="${day(7)}"]`);
      await target.getByText('Demo Staff').waitFor();
      await target.getByRole('button', { name: /^Add a shift on/ }).click();
      const dialog = page.getByRole('dialog', { name: 'New shift' });
      await dialog.getByRole('combobox', { name: /^Person/ }).click();
      await page.getByRole('option', { name: 'Demo Outlet Manager' }).click();
      await dialog.getByLabel(/^From/).fill('18:00');
      await dialog.getByLabel(/^To/).fill('02:00');
      await dialog.getByText('ends the next day').waitFor();
      await dialog.getByRole('button', { name: 'Add the shift' }).click();
      await page.getByText('Shift added.').waitFor();
      await target.getByText('Demo Outlet Manager').click();
      const edit = page.getByRole('dialog', { name: 'Shift' });
      await edit.getByLabel(/^From/).fill('19:00');
      await edit.getByRole('button', { name: 'Save' }).click();
      await target.getByText(/19:00/).waitFor();
      // The same person twice at once: the API refuses, the page says why.
      await target.getByRole('button', { name: /^Add a shift on/ }).click();
      await dialog.getByRole('combobox', { name: /^Person/ }).click();
      await page.getByRole('option', { name: 'Demo Staff' }).click();
      await dialog.getByLabel(/^From/).fill('10:00');
      await dialog.getByLabel(/^To/).fill('12:00');
      await dialog.getByRole('button', { name: 'Add the shift' }).click();
      await dialog.getByRole('alert').filter({ hasText: /overlap/i }).waitFor();
    });
  });

  it('approves one leave request and rejects another with a reason', async () => {
    for (const [start, reason] of [
      [30, 'Wedding'],
      [40, 'Festival'],
    ] as const) {
      const res = await suite.stack.call('POST', '/leave-requests', { token: staff, body: { type: 'ANNUAL', startDate: day(start), endDate: day(start + 1), reason } });
      expect(res.status, JSON.stringify(res.body)).to.equal(201);
    }
    await asRole(suite, 'HR_MANAGER', async ({ page }) => {
      await page.goto('/schedule/leave');
      // "Approve" and "Reject" are a row's buttons and their confirmation's.
      await page.getByRole('main').getByRole('row').filter({ hasText: 'Wedding' }).getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('dialog', { name: 'Approve this leave?' }).getByRole('button', { name: 'Approve' }).click();
      await page.getByRole('row').filter({ hasText: 'Wedding' }).waitFor({ state: 'detached' });
      await page.getByRole('main').getByRole('row').filter({ hasText: 'Festival' }).getByRole('button', { name: 'Reject' }).click();
      const rejecting = page.getByRole('dialog', { name: 'Reject this leave?' });
      await rejecting.getByLabel(/^Why/).fill('Short-staffed that week');
      await rejecting.getByRole('button', { name: 'Reject' }).click();
      await page.getByText('Nothing waits for a decision.').waitFor();
      const all = await suite.stack.call<Array<{ reason: string; status: string }>>('GET', `/leave-requests?userId=${ids.staff}`, { token: manager });
      const by = Object.fromEntries(all.body.map((l) => [l.reason, l.status]));
      expect(by).to.include({ Festival: 'REJECTED' });
      expect(['APPROVED', 'PENDING']).to.include(by.Wedding);
    });
  });

  it('lists a clock-in and lets a manager review a closed one; the dashboard counts today', async () => {
    const now = await suite.stack.call<{ id: string }>('POST', '/shift-assignments', { token: manager, body: { userId: ids.staff, outletId: ids.outlet, scheduledStart: new Date(Date.now() - HOUR).toISOString(), scheduledEnd: new Date(Date.now() + 4 * HOUR).toISOString() } });
    expect(now.status, JSON.stringify(now.body)).to.equal(201);
    const clockIn = await suite.stack.call<{ id: string }>('POST', '/mobile/clock-in', { token: staff, body: { outletId: ids.outlet } });
    expect(clockIn.status, JSON.stringify(clockIn.body)).to.equal(201);
    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('region', { name: 'Clocked in now' }).getByText(/Demo Staff since/).waitFor();
      expect(Number(await page.getByTestId('count-clocked in').textContent())).to.be.greaterThan(0);
      await page.goto('/schedule/attendance');
      const row = page.getByRole('row').filter({ hasText: 'Demo Staff' }).filter({ hasText: 'Still in' });
      await row.waitFor();
      expect((await suite.stack.call('POST', '/mobile/clock-out', { token: staff, body: {} })).status).to.equal(201);
      await page.reload();
      const closed = page.getByRole('row').filter({ hasText: 'Demo Staff' }).first();
      await closed.getByRole('button', { name: 'Approve' }).click();
      await page.getByText('Approved: it counts for pay.').waitFor();
      const list = await suite.stack.call<Array<{ id: string; status: string }>>('GET', `/attendance?userId=${ids.staff}`, { token: manager });
      expect(list.body.find((a) => a.id === clockIn.body.id)?.status).to.equal('APPROVED');
    });
  });

  it('gives a STAFF user their day: next shift, leave asked and cancelled, the door credential as a QR code the door accepts (phone width)', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const zone = await suite.stack.call<{ id: string }>('POST', '/access/zones', { token: owner, body: { name: 'Staff door', readerIds: ['staff-door-1'] } });
    await suite.stack.call('POST', '/access/grants', { token: owner, body: { userId: ids.staff, zoneId: zone.body.id } });
    const { context, page } = await newTab(suite.browser, suite.stack, { width: 390, height: 844 });
    try {
      await signIn(page, suite.stack.email('STAFF'));
      await page.getByRole('link', { name: 'Show my door credential' }).waitFor();
      await page.getByText('My next shifts').waitFor();
      await page.getByText(/Central Kitchen/).first().waitFor();
      await page.getByRole('link', { name: 'Request or see leave' }).click();
      await page.getByRole('main').getByRole('button', { name: 'Request leave' }).click();
      const requesting = page.getByRole('dialog', { name: 'Request leave' });
      await requesting.getByLabel(/^First day/).fill(day(60));
      await requesting.getByLabel(/^Last day/).fill(day(61));
      await requesting.getByRole('button', { name: 'Send the request' }).click();
      await page.getByText('Requested: your manager decides.').waitFor();
      await requesting.waitFor({ state: 'detached' });
      // "Cancel" is the row's button and the dialog's.
      await page.getByRole('main').getByRole('row').filter({ hasText: 'Pending' }).getByRole('button', { name: 'Cancel' }).click();
      await page.getByText('Request cancelled.').waitFor();
      await page.goto('/me/door');
      const qr = page.getByRole('img', { name: /My door credential/ });
      await qr.waitFor();
      await page.getByTestId('credential-expiry').filter({ hasText: /Valid for 2[34] h/ }).waitFor();
      const key = await suite.stack.call<{ key: string }>('POST', '/access/api-keys', { token: owner, body: { name: 'Staff door bridge' } });
      const tap = await suite.stack.call<{ decision: string }>('POST', '/access/verify', { headers: { authorization: `Bearer ${key.body.key}` }, body: { credentialId: (await qr.getAttribute('data-qr-value'))!, readerId: 'staff-door-1' } });
      expect(tap.body.decision).to.equal('GRANT');
      // The navigation is behind the burger at this width.
      await page.getByRole('button', { name: 'Navigation' }).click();
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My shifts' }).click();
      await page.getByRole('heading', { name: 'My shifts' }).waitFor();
    } finally {
      await context.close();
    }
  });
  it('renews the door credential once, an hour before it ends, timing it on the device even when the device clock is a day ahead', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signIn(page, suite.stack.email('STAFF'));
      let mints = 0;
      page.on('response', (r) => {
        if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/v1/access/credential' && r.ok()) mints++;
      });
      // The device's clock a day ahead of the server's: the credential's exp, read against it, has already passed.
      await page.clock.install({ time: Date.now() + 24 * 3_600_000 });
      await page.goto('/me/door');
      const qr = page.getByRole('img', { name: /My door credential/ });
      await qr.waitFor();
      const first = await qr.getAttribute('data-qr-value');
      const expiry = page.getByTestId('credential-expiry');
      await expiry.filter({ hasText: /Valid for 2[34] h/ }).waitFor();
      await page.clock.fastForward('22:30:00');
      await expiry.filter({ hasText: /Valid for 1 h/ }).waitFor();
      expect(mints).to.equal(1);
      await page.clock.fastForward('01:00:00');
      await expiry.filter({ hasText: /Valid for 2[34] h/ }).waitFor();
      expect(await qr.getAttribute('data-qr-value')).to.not.equal(first);
      await page.clock.fastForward('00:10:00');
      await expiry.filter({ hasText: /Valid for 23 h 4\d min/ }).waitFor();
      expect(mints).to.equal(2);
    } finally {
      await context.close();
    }
  });
});
