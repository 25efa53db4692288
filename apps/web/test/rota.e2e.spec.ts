import { TZDate } from '@date-fns/tz';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { asRole, browserSuite } from './test-support/browser.js';
import { TEST_ZONE } from './test-support/stack.js';
import { dayAhead } from './test-support/dates.js';

/** A clock time as the console shows it: the test company's zone and 24-hour (the company is not in the Americas). */
const COMPANY_TIME = new Intl.DateTimeFormat('en-GB', { timeZone: TEST_ZONE, hour: '2-digit', minute: '2-digit' });

/** The instant of a time typed in the console on `day` at `hour`:00: the company's wall clock. */
function typedAt(day: string, hour: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, hour, 0, TEST_ZONE).getTime()).toISOString();
}


describe('web console: rota — rosters, open shifts, swaps (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let owner: string;
  let manager: string;
  let ids: { staff: string; manager: string; outlet: string };
  before(async () => {
    owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    manager = await suite.stack.tokenOf(suite.stack.email('OUTLET_MANAGER'));
    const users = (await suite.stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token: owner })).body;
    const outlets = (await suite.stack.call<Array<{ id: string; code: string }>>('GET', '/outlets', { token: owner })).body;
    ids = {
      staff: users.find((u) => u.email === suite.stack.email('STAFF'))!.id,
      manager: users.find((u) => u.email === suite.stack.email('OUTLET_MANAGER'))!.id,
      outlet: outlets.find((o) => o.code === 'CK-01')!.id,
    };
  });

  async function shiftsOf(userId: string, token: string) {
    return (await suite.stack.call<Array<{ id: string; userId: string; status: string; scheduledStart: string }>>('GET', `/shift-assignments?userId=${userId}&limit=500`, { token })).body;
  }

  async function fillRow(page: Page, n: number, person: string, day: string, from: string, to: string) {
    await page.getByRole('combobox', { name: new RegExp(`^Person ${n}`) }).click();
    await page.getByRole('option', { name: person }).click();
    const dialog = page.getByRole('dialog', { name: 'Publish a roster' });
    await dialog.getByLabel(/^Day/).nth(n - 1).fill(day);
    await dialog.getByLabel(/^From/).nth(n - 1).fill(from);
    await dialog.getByLabel(/^To/).nth(n - 1).fill(to);
  }

  it('publishes a roster of two shifts, one overnight, all at once', async () => {
    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/rota/rosters');
      await page.getByRole('main').getByRole('button', { name: 'Publish a roster' }).click();
      const dialog = page.getByRole('dialog', { name: 'Publish a roster' });
      await dialog.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await fillRow(page, 1, 'Demo Staff', dayAhead(9), '22:00', '06:00');
      await dialog.getByRole('button', { name: 'Add a shift' }).click();
      await fillRow(page, 2, 'Demo Outlet Manager', dayAhead(9), '08:00', '16:00');
      await dialog.getByRole('button', { name: 'Publish 2 shift(s)' }).click();
      await page.getByText('2 shift(s) published.').waitFor();
      await page.getByRole('cell', { name: 'Published', exact: true }).first().waitFor();
      const staffShifts = await shiftsOf(ids.staff, owner);
      const night = staffShifts.find((s) => s.scheduledStart === typedAt(dayAhead(9), 22));
      expect(night, JSON.stringify(staffShifts)).to.not.equal(undefined);
      // The overlap rule is the API's: the same night again is refused whole, and the page says why.
      await page.getByRole('main').getByRole('button', { name: 'Publish a roster' }).click();
      await dialog.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await fillRow(page, 1, 'Demo Staff', dayAhead(9), '23:00', '05:00');
      await dialog.getByRole('button', { name: 'Publish 1 shift(s)' }).click();
      await dialog.getByRole('alert').waitFor();
      expect((await shiftsOf(ids.staff, owner)).length).to.equal(staffShifts.length);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      // Copy that week a week on: both shifts land at the same local times.
      await page.getByRole('main').getByRole('button', { name: 'Copy a week' }).click();
      const copy = page.getByRole('dialog', { name: 'Copy a week' });
      await copy.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await copy.getByLabel(/^Copy the week starting/).fill(dayAhead(9));
      await copy.getByLabel(/^To the week starting/).fill(dayAhead(16));
      await copy.getByRole('button', { name: 'Copy the week' }).click();
      await page.getByText('2 shift(s) copied.').waitFor();
      const copied = await shiftsOf(ids.staff, owner);
      expect(copied.some((s) => s.scheduledStart === typedAt(dayAhead(16), 22))).to.equal(true);
    });
  });

  it('holds a roster for approval when the company asks for it, and an area manager approves it in the page', async () => {
    expect((await suite.stack.call('PATCH', '/tenant', { token: owner, body: { rosterApprovalRequired: true } })).status).to.equal(200);
    try {
      const start = new Date(`${dayAhead(12)}T10:00:00`).toISOString();
      const end = new Date(`${dayAhead(12)}T14:00:00`).toISOString();
      const pending = await suite.stack.call<{ id: string; status: string }>('POST', '/scheduler/assignments', { token: manager, body: { outletId: ids.outlet, assignments: [{ userId: ids.staff, scheduledStart: start, scheduledEnd: end }] } });
      expect(pending.status, JSON.stringify(pending.body)).to.equal(202);
      expect(pending.body.status).to.equal('PENDING_APPROVAL');
      await asRole(suite, 'AREA_MANAGER', async ({ page }) => {
        await page.goto('/rota/rosters');
        await page.getByRole('combobox', { name: /^Status/ }).click();
        await page.getByRole('option', { name: 'Pending approval' }).click();
        await page.getByRole('main').getByRole('row').nth(1).getByRole('button').click();
        const dialog = page.getByRole('dialog', { name: 'Roster' });
        await dialog.getByRole('cell', { name: 'Demo Staff' }).waitFor();
        await dialog.getByRole('button', { name: 'Approve' }).click();
        await page.getByText('Roster approved').waitFor();
        const roster = await suite.stack.call<{ status: string }>('GET', `/scheduler/rosters/${pending.body.id}`, { token: owner });
        expect(roster.body.status).to.equal('APPROVED');
      });
    } finally {
      await suite.stack.call('PATCH', '/tenant', { token: owner, body: { rosterApprovalRequired: false } });
    }
  });

  it('lets staff claim a released shift once, and a manager withdraw another', async () => {
    const at = (h: number) => new Date(`${dayAhead(15)}T${String(h).padStart(2, '0')}:00:00`).toISOString();
    const make = async (from: number, to: number) => {
      const s = await suite.stack.call<{ id: string }>('POST', '/shift-assignments', { token: manager, body: { userId: ids.manager, outletId: ids.outlet, scheduledStart: at(from), scheduledEnd: at(to) } });
      expect(s.status, JSON.stringify(s.body)).to.equal(201);
      const open = await suite.stack.call<{ id: string }>('POST', `/shift-assignments/${s.body.id}/release`, { token: manager, body: {} });
      expect(open.status, JSON.stringify(open.body)).to.equal(200);
      return open.body.id;
    };
    const claimed = await make(6, 10);
    const withdrawn = await make(12, 16);
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/rota/open-shifts');
      await page.getByRole('button', { name: 'Claim' }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Withdraw' }).count()).to.equal(0);
      await page.getByRole('row').filter({ hasText: COMPANY_TIME.format(new Date(at(10))) }).getByRole('button', { name: 'Claim' }).click();
      await page.getByText('The shift is yours').waitFor();
      const mine = await shiftsOf(ids.staff, await suite.stack.tokenOf(suite.stack.email('STAFF')));
      expect(mine.some((s) => s.scheduledStart === at(6))).to.equal(true);
      const open = await suite.stack.call<{ status: string }>('POST', `/open-shifts/${claimed}/claim`, { token: await suite.stack.tokenOf(suite.stack.email('STAFF')) });
      expect(open.status).to.equal(409);
    });
    await asRole(suite, 'OUTLET_MANAGER', async (mgr) => {
      await mgr.page.goto('/rota/open-shifts');
      await mgr.page.getByRole('main').getByRole('button', { name: 'Withdraw' }).first().click();
      const withdrawing = mgr.page.getByRole('dialog', { name: 'Withdraw this open shift?' });
      await withdrawing.getByRole('button', { name: 'Withdraw' }).click();
      await withdrawing.waitFor({ state: 'detached' });
      const list = await suite.stack.call<Array<{ id: string; status: string }>>('GET', '/open-shifts', { token: manager });
      expect(list.body.find((s) => s.id === withdrawn)).to.equal(undefined);
    });
  });

  it('runs a swap through the page: asked by a staff member, accepted by the colleague, approved by an area manager', async () => {
    const at = (h: number) => new Date(`${dayAhead(20)}T${String(h).padStart(2, '0')}:00:00`).toISOString();
    const own = await suite.stack.call<{ id: string }>('POST', '/shift-assignments', { token: manager, body: { userId: ids.staff, outletId: ids.outlet, scheduledStart: at(6), scheduledEnd: at(12) } });
    const theirs = await suite.stack.call<{ id: string }>('POST', '/shift-assignments', { token: manager, body: { userId: ids.manager, outletId: ids.outlet, scheduledStart: at(14), scheduledEnd: at(20) } });
    expect([own.status, theirs.status]).to.deep.equal([201, 201]);
    const time = COMPANY_TIME;
    await asRole(suite, 'STAFF', async (asker) => {
      await asker.page.goto('/rota/swaps');
      await asker.page.getByRole('main').getByRole('button', { name: 'Ask for a swap' }).click();
      const dialog = asker.page.getByRole('dialog', { name: 'Ask for a swap' });
      await dialog.getByRole('combobox', { name: /^Your shift/ }).click();
      await asker.page.getByRole('option', { name: new RegExp(time.format(new Date(at(12)))) }).click();
      // A staff member sees no one else's shifts anywhere else: the colleague's come from the swap candidates.
      await dialog.getByRole('combobox', { name: /^Their shift/ }).click();
      await asker.page.getByRole('option', { name: new RegExp(`Demo Outlet Manager.*${time.format(new Date(at(20)))}`) }).click();
      await dialog.getByRole('button', { name: 'Ask' }).click();
      await asker.page.getByText('Asked: your colleague accepts').waitFor();
    });
    await asRole(suite, 'OUTLET_MANAGER', async (colleague) => {
      await colleague.page.goto('/rota/swaps');
      await colleague.page.getByRole('button', { name: 'Accept' }).click();
      await colleague.page.getByText('Accepted: a manager approves it next.').waitFor();
      // A party to the swap is offered no decision on it.
      expect(await colleague.page.getByRole('button', { name: 'Approve' }).count()).to.equal(0);
    });
    await asRole(suite, 'AREA_MANAGER', async (approver) => {
      await approver.page.goto('/rota/swaps');
      await approver.page.getByRole('button', { name: 'Approve' }).click();
      await approver.page.getByText('Approved: the two shifts have changed hands.').waitFor();
    });
    const staffShifts = await shiftsOf(ids.staff, owner);
    expect(staffShifts.some((s) => s.scheduledStart === at(14) && s.status === 'SCHEDULED')).to.equal(true);
  });
});
