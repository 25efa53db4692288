import { TZDate } from '@date-fns/tz';
import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';
import { TEST_ZONE } from './test-support/stack.js';
import { localDay } from './test-support/dates.js';

/** A Monday; targets and shifts are the company's wall-clock hours (TEST_ZONE). */
const WEEK = '2027-01-04';
const at = (hour: number) => new Date(new TZDate(2027, 0, 4, hour, 0, TEST_ZONE).getTime());
const START = at(9);
const END = at(13);
const LATE_END = at(12);
const pad = (n: number) => String(n).padStart(2, '0');
/** The browser shares the test's timezone: the form takes local clock times. */
const clock = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`;

describe('web console: auto-schedule — targets, proposal, edit, accept (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let owner: string;
  let staffId: string;

  before(async () => {
    owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const users = (await suite.stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token: owner })).body;
    staffId = users.find((u) => u.email === suite.stack.email('STAFF'))!.id;
    const contract = await suite.stack.call<{ id: string }>('POST', '/contracts', { token: owner, body: { userId: staffId, jobTitle: 'Server', employmentType: 'PART_TIME', startDate: '2026-01-01' } });
    expect(contract.status, JSON.stringify(contract.body)).to.equal(201);
    expect((await suite.stack.call('POST', `/contracts/${contract.body.id}/activate`, { token: owner })).status).to.equal(200);
    const pay = await suite.stack.call('PUT', `/users/${staffId}/pay`, { token: owner, body: { type: 'HOURLY', rateMinor: 1250, currency: 'GBP' } });
    expect(pay.status, JSON.stringify(pay.body)).to.equal(200);
  });

  it('sets targets, generates a week, removes, re-adds and edits a shift (a refused edit names the rule), and accepts it', async () => {
    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/rota/staffing-targets');
      const main = page.getByRole('main');
      await main.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await main.getByRole('textbox', { name: 'Role' }).fill('Server');
      await main.getByRole('combobox', { name: /^Day/ }).click();
      await page.getByRole('option', { name: 'Mon', exact: true }).click();
      await main.getByRole('textbox', { name: 'From hour' }).fill('9');
      await main.getByRole('textbox', { name: 'To hour' }).fill('13');
      await main.getByRole('textbox', { name: 'Heads' }).fill('1');
      await main.getByRole('button', { name: 'Set these hours' }).click();
      await main.getByRole('cell', { name: 'Mon 12:00' }).getByText('1', { exact: true }).waitFor();
      await main.getByRole('button', { name: 'Save targets' }).click();
      await page.getByText('4 hour(s) of server targets saved.').waitFor();

      await page.goto('/rota/auto-schedule');
      await main.getByLabel('Week starting (Monday)').fill(WEEK);
      await main.getByRole('combobox', { name: /^Outlets/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await page.keyboard.press('Escape');
      await main.getByRole('button', { name: 'Generate a proposal' }).click();
      await page.waitForURL(/\/rota\/auto-schedule\/[0-9a-f-]{36}$/);
      await main.getByText('Ready', { exact: true }).waitFor();
      await main.getByLabel('Coverage').getByText('100%').waitFor();
      const remove = main.getByRole('button', { name: /^Remove Demo Staff/ });
      await remove.click();
      await main.getByLabel('Coverage').getByText('0%').waitFor();
      expect(await main.getByRole('heading', { name: 'Coverage gaps' }).isVisible()).to.equal(true);

      await main.getByRole('button', { name: 'Add a shift' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a proposed shift' });
      await dialog.getByRole('combobox', { name: /^Person/ }).click();
      await page.getByRole('option', { name: 'Demo Staff' }).click();
      await dialog.getByRole('textbox', { name: /^Role/ }).fill('server');
      await dialog.getByLabel(/^Day/).fill(localDay(START));
      await dialog.getByLabel(/^From/).fill(clock(START));
      await dialog.getByLabel(/^To/).fill(clock(END));
      await dialog.getByRole('button', { name: 'Add shift' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await main.getByLabel('Coverage').getByText('100%').waitFor();

      // An edit that breaks a hard rule is refused with the rule named; a valid one is re-costed.
      await main.getByRole('button', { name: /^Edit Demo Staff/ }).click();
      const editing = page.getByRole('dialog', { name: 'Edit a proposed shift' });
      await editing.getByRole('textbox', { name: /^Role/ }).fill('cook');
      await editing.getByRole('button', { name: 'Save shift' }).click();
      await editing.getByRole('alert').getByText('Eligibility: The person cannot work as cook').waitFor();
      await editing.getByRole('textbox', { name: /^Role/ }).fill('server');
      await editing.getByLabel(/^To/).fill(clock(LATE_END));
      await editing.getByRole('button', { name: 'Save shift' }).click();
      await editing.waitFor({ state: 'hidden' });
      await main.getByLabel('Coverage').getByText('75%').waitFor();
      await main.getByLabel('Total cost').getByText('£37.50').waitFor();

      await main.getByRole('button', { name: 'Accept' }).click();
      await page.getByText('Proposal accepted: 1 shift(s) assigned.').waitFor();
      await main.getByText('Accepted', { exact: true }).waitFor();
    });
    const shifts = (await suite.stack.call<Array<{ scheduledStart: string; scheduledEnd: string; note: string }>>('GET', `/shift-assignments?userId=${staffId}&from=${START.toISOString()}&limit=50`, { token: owner })).body;
    expect(shifts.map((s) => [s.scheduledStart, s.scheduledEnd, s.note])).to.deep.equal([[START.toISOString(), LATE_END.toISOString(), 'Auto-scheduled: server']]);
  });
});
