import { expect } from 'chai';
import { asRole, browserSuite, newTab, signIn } from './test-support/browser.js';

/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');

describe('web console: my account (profile card, kiosk PIN), the kiosk tablet, policies and clocking in (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('turns the profile card on, shows it to anyone at its address with the photo, and moves it on request', async () => {
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/account/profile-card');
      await page.getByRole('switch', { name: 'Show my card' }).click();
      await page.getByTestId('card-link').waitFor();
      const link = page.getByTestId('card-link');
      const first = (await link.textContent())!;
      expect(first).to.match(new RegExp(`^${suite.stack.origin}/u/[A-Za-z0-9_-]{22}$`));
      await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
      await page.getByRole('img', { name: 'Your card photo' }).waitFor();
      const visitor = await newTab(suite.browser, suite.stack);
      try {
        await visitor.page.goto(first);
        await visitor.page.getByRole('heading', { name: 'Demo Staff' }).waitFor();
        await visitor.page.getByRole('img', { name: 'Demo Staff' }).waitFor();
        await page.getByRole('button', { name: 'Give my card a new address' }).click();
        await page.getByText('Your card has a new address').waitFor();
        expect(await link.textContent()).to.not.equal(first);
        await visitor.page.reload();
        await visitor.page.getByText('This profile card does not exist or is not shown any more.').waitFor();
      } finally {
        await visitor.context.close();
      }
    });
  });

  it('sets a kiosk PIN (refusing an easy one), then clocks in at the kiosk tablet with it', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/account/kiosk-pin');
      await page.getByLabel('New PIN').fill('1234');
      await page.getByText('Too easy to guess').waitFor();
      await page.getByLabel('New PIN').fill('4829');
      await page.getByLabel('Repeat the PIN').fill('4829');
      await page.getByRole('button', { name: 'Set the PIN' }).click();
      await page.getByText('Your kiosk PIN is set.').waitFor();
    });
    const users = (await suite.stack.call<Array<{ id: string; email: string }>>('GET', '/users?limit=200', { token: owner })).body;
    const staffId = users.find((u) => u.email === suite.stack.email('STAFF'))!.id;
    const outlet = (await suite.stack.call<Array<{ id: string; code: string }>>('GET', '/outlets', { token: owner })).body.find((o) => o.code === 'CK-01')!.id;
    const shift = await suite.stack.call('POST', '/shift-assignments', {
      token: owner,
      body: { userId: staffId, outletId: outlet, scheduledStart: new Date(Date.now() - 60_000).toISOString(), scheduledEnd: new Date(Date.now() + 8 * 3_600_000).toISOString() },
    });
    expect(shift.status, JSON.stringify(shift.body)).to.equal(201);
    const kiosk = await suite.stack.call<{ id: string; token: string }>('POST', '/kiosks', { token: owner, body: { outletId: outlet, name: 'Front door tablet' } });
    expect(kiosk.status).to.equal(201);

    const tablet = await newTab(suite.browser, suite.stack, { width: 820, height: 1180 });
    try {
      await tablet.page.goto('/kiosk');
      await tablet.page.getByLabel(/^Kiosk token/).fill('kd_not-a-real-token-000000000000000000000000');
      await tablet.page.getByRole('button', { name: 'Use this token' }).click();
      await tablet.page.getByRole('alert').filter({ hasText: 'not a kiosk token' }).waitFor();
      await tablet.page.getByLabel(/^Kiosk token/).fill(kiosk.body.token);
      await tablet.page.getByRole('button', { name: 'Use this token' }).click();
      await tablet.page.getByRole('button', { name: 'Demo Staff' }).click();
      for (const d of '1111') await tablet.page.getByRole('button', { name: d, exact: true }).click();
      await tablet.page.getByRole('button', { name: 'Clock in' }).click();
      await tablet.page.getByRole('alert').waitFor();
      for (const d of '4829') await tablet.page.getByRole('button', { name: d, exact: true }).click();
      await tablet.page.getByRole('button', { name: 'Clock in' }).click();
      await tablet.page.getByText('Welcome, Demo Staff: clocked in').waitFor();
      const open = await suite.stack.call<Array<{ userId: string; status: string }>>('GET', `/attendance?userId=${staffId}`, { token: owner });
      expect(open.body.some((a) => a.userId === staffId && a.status === 'OPEN'), JSON.stringify(open.body)).to.equal(true);
      // The token stays on the tablet; a revoked kiosk says so instead of failing silently.
      expect(await tablet.page.evaluate(() => localStorage.getItem('wfm.kiosk.token'))).to.equal(kiosk.body.token);
      expect((await suite.stack.call('DELETE', `/kiosks/${kiosk.body.id}`, { token: owner })).status).to.equal(204);
      await tablet.page.reload();
      await tablet.page.getByText('This kiosk no longer works').waitFor();
    } finally {
      await tablet.context.close();
    }
  });
  it('holds a clock-in until a policy HR published is acknowledged, then clocks in and out from the browser', async () => {
    const staffToken = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    // The kiosk test may have left them clocked in: start from clocked out.
    expect([201, 409]).to.include((await suite.stack.call('POST', '/mobile/clock-out', { token: staffToken, body: {} })).status);
    await asRole(suite, 'HR_MANAGER', async (hr) => {
      await hr.page.goto('/me/policies');
      await hr.page.getByRole('main').getByRole('button', { name: 'New policy' }).click();
      const dialog = hr.page.getByRole('dialog', { name: 'New policy' });
      await dialog.getByLabel(/^Title/).fill('Uniform policy');
      await dialog.getByLabel(/^Text/).fill('I have received two uniforms.');
      await dialog.getByRole('button', { name: 'Publish' }).click();
      await hr.page.getByText('Policy published.').waitFor();
    });
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signIn(page, suite.stack.email('STAFF'));
      await page.getByText('Clock in and out').waitFor();
      await page.getByRole('combobox', { name: 'Outlet' }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await page.getByRole('combobox', { name: 'Shift' }).click();
      await page.getByRole('option', { name: 'No shift (unscheduled)' }).click();
      await page.getByRole('button', { name: 'Clock in' }).click();
      await page.getByRole('alert').filter({ hasText: "Read and acknowledge the company's policies first." }).waitFor();
      await page.getByRole('link', { name: 'Open the policies' }).click();
      await page.getByRole('button', { name: 'Acknowledge Uniform policy' }).click();
      await page.getByText('Acknowledged', { exact: true }).waitFor();
      await page.goto('/');
      await page.getByRole('combobox', { name: 'Outlet' }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await page.getByRole('combobox', { name: 'Shift' }).click();
      await page.getByRole('option', { name: 'No shift (unscheduled)' }).click();
      await page.getByRole('button', { name: 'Clock in' }).click();
      await page.getByText(/Clocked in at Central Kitchen since/).waitFor();
      await page.getByRole('button', { name: 'Clock out' }).click();
      await page.getByText('Clocked out.').waitFor();
      await page.getByRole('button', { name: 'Clock in' }).waitFor();
      const [last] = (await suite.stack.call<Array<{ clockOutAt: string | null; status: string; shiftAssignmentId: string | null }>>('GET', '/attendance?limit=500', { token: staffToken })).body.sort((a, b) => (b.clockOutAt ?? '').localeCompare(a.clockOutAt ?? ''));
      expect(last).to.include({ status: 'PENDING_REVIEW', shiftAssignmentId: null });
    } finally {
      await context.close();
    }
  });
});
