import { expect } from 'chai';
import { asRole, browserSuite, newTab, signIn } from './test-support/browser.js';
import { localDay, mondayAhead } from './test-support/dates.js';

describe('web console: availability — staff set it on the phone, the schedule warns, BLOCK refuses (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('staff mark next Monday unavailable; a manager assigning them that day is warned; with BLOCK the shift is refused', async () => {
    const monday = mondayAhead(1);
    const { context, page } = await newTab(suite.browser, suite.stack, { width: 390, height: 844 });
    try {
      await signIn(page, suite.stack.email('STAFF'));
      await page.goto('/me/availability');
      await page.getByRole('heading', { name: 'My availability' }).waitFor();
      // Monday, "Cannot work" and "All day" are the form's defaults.
      await page.getByRole('button', { name: 'Add to the week' }).click();
      await page.getByRole('button', { name: 'Remove Monday All day' }).waitFor();
      await page.getByRole('button', { name: 'Save my week' }).click();
      await page.getByText('Your availability is saved.', { exact: true }).waitFor();
      await page.getByLabel(/^Time off from/).fill(`${monday}T12:00`);
      await page.getByLabel(/^Time off until/).fill(`${monday}T13:00`);
      await page.getByLabel(/^Note/).fill('Dentist');
      await page.getByRole('button', { name: 'Add time off' }).click();
      await page.getByText('Time off added.', { exact: true }).waitFor();
      await page.getByText('Dentist', { exact: true }).waitFor();
    } finally {
      await context.close();
    }
    const staffToken = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    const stored = await suite.stack.call<{ userId: string; windows: Array<{ id: string }> }>('GET', '/me/availability', { token: staffToken });
    expect(stored.body.windows.map(({ id: _, ...w }) => w)).to.deep.equal([{ kind: 'UNAVAILABLE', weekday: 1, start: '00:00', end: '24:00', effectiveFrom: null, effectiveTo: null }]);

    const addShift = async (page: import('playwright-core').Page, from: string, to: string) => {
      const target = page.locator(`[data-day="${monday}"]`);
      await target.getByRole('button', { name: /^Add a shift on/ }).click();
      const dialog = page.getByRole('dialog', { name: 'New shift' });
      await dialog.getByRole('combobox', { name: /^Person/ }).click();
      await page.getByRole('option', { name: 'Demo Staff' }).click();
      await dialog.getByLabel(/^From/).fill(from);
      await dialog.getByLabel(/^To/).fill(to);
      await dialog.getByRole('button', { name: 'Add the shift' }).click();
      return { target, dialog };
    };

    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/schedule/shifts');
      await page.getByRole('button', { name: 'Next week' }).click();
      const { target } = await addShift(page, '10:00', '14:00');
      await page.getByText('Demo Staff is unavailable, time off then.', { exact: true }).waitFor();
      await target.getByRole('note', { name: /^Availability conflict of Demo Staff: unavailable/ }).waitFor();
      await target.getByRole('note', { name: /^Availability conflict of Demo Staff: time off: .*\(Dentist\)$/ }).waitFor();
      // The manager keeps their people's availability too: they free Monday evenings only.
      await page.goto('/schedule/availability');
      await page.getByRole('combobox', { name: /^Person/ }).click();
      await page.getByRole('option', { name: 'Demo Staff' }).click();
      await page.getByRole('button', { name: 'Remove Monday All day' }).click();
      await page.getByText('Some hours', { exact: true }).click();
      await page.getByLabel(/^From/).fill('06:00');
      await page.getByLabel(/^To/).fill('15:00');
      await page.getByRole('button', { name: 'Add to the week' }).click();
      await page.getByRole('button', { name: 'Save the week' }).click();
      await page.getByText('Availability saved.', { exact: true }).waitFor();
    });

    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/settings/company');
      await page.getByRole('combobox', { name: /^When a shift falls in someone's unavailability/ }).click();
      await page.getByRole('option', { name: 'Refuse the shift' }).click();
      await page.getByText('Saved.', { exact: true }).waitFor();
    });

    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      await page.goto('/schedule/shifts');
      await page.getByRole('button', { name: 'Next week' }).click();
      const { dialog } = await addShift(page, '06:00', '09:00');
      await dialog.getByRole('alert').filter({ hasText: 'The shift falls in time the person is unavailable (UNAVAILABLE)' }).waitFor();
    });
    const managerToken = await suite.stack.tokenOf(suite.stack.email('OUTLET_MANAGER'));
    const shifts = await suite.stack.call<Array<{ scheduledStart: string }>>('GET', `/shift-assignments?userId=${stored.body.userId}&limit=500`, { token: managerToken });
    const onMonday = shifts.body.filter((s) => localDay(new Date(s.scheduledStart)) === monday);
    expect(onMonday).to.have.length(1);
  });
});
