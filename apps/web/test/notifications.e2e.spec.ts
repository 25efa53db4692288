import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';
import { dayAhead } from './test-support/dates.js';
import { rosterOfOneShift } from './test-support/roster.js';

describe('web console: notification centre (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  const unreadOf = async (token: string) => (await suite.stack.call<{ unread: number }>('GET', '/me/notifications?limit=1', { token })).body.unread;

  it('a manager publishes a roster; the staff member sees the bell count and the notification, opens it, and it is read', async () => {
    const staff = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    const before = await unreadOf(staff);
    await asRole(suite, 'OUTLET_MANAGER', async ({ page }) => {
      const dialog = await rosterOfOneShift(page, { person: 'Demo Staff', day: dayAhead(10), from: '09:00', to: '17:00' });
      await dialog.getByRole('button', { name: 'Publish 1 shift(s)' }).click();
      await page.getByText('1 shift(s) published.').waitFor();
    });
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/');
      const bell = page.getByRole('link', { name: `Notifications, ${before + 1} unread` });
      await bell.waitFor();
      await bell.click();
      await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
      const item = page.getByTestId('notification').filter({ hasText: 'Your roster at Central Kitchen is published' });
      await item.getByText('Unread').waitFor();
      await item.getByRole('button', { name: 'Open: Your roster at Central Kitchen is published' }).click();
      await page.waitForURL('**/me/shifts');
      await page.getByRole('link', { name: `Notifications, ${before} unread` }).waitFor();
    });
    expect(await unreadOf(staff)).to.equal(before);
  });

  it('the settings page turns a channel off per event and keeps the choice', async () => {
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/notifications/preferences');
      const email = page.getByRole('checkbox', { name: 'A shift is offered to me by Email' });
      expect(await email.isChecked()).to.equal(true);
      expect(await page.getByRole('checkbox', { name: 'A shift is offered to me by In the app' }).isDisabled()).to.equal(true);
      // The box shows what the API answered: it turns once the change is saved.
      await email.click();
      await page.waitForFunction(() => {
        const box = document.querySelector<HTMLInputElement>('input[aria-label="A shift is offered to me by Email"]');
        return box !== null && !box.checked && !box.disabled;
      });
      await page.reload();
      await page.getByRole('checkbox', { name: 'A shift is offered to me by Email' }).waitFor();
      expect(await page.getByRole('checkbox', { name: 'A shift is offered to me by Email' }).isChecked()).to.equal(false);
    });
    const staff = await suite.stack.tokenOf(suite.stack.email('STAFF'));
    expect((await suite.stack.call('GET', '/me/notification-preferences', { token: staff })).body['shift.offered'].email).to.equal(false);
  });
});
