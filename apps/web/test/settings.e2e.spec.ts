import { expect } from 'chai';
import { browserSuite, newTab, signIn } from './test-support/browser.js';
import { demoEmail } from './test-support/stack.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');

describe('web console: settings — company, branding, kiosks (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('renames the company and changes its timezone and a switch; sets colours and a logo, refusing a file that is not an image', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signIn(page, demoEmail('TENANT_OWNER'));
      await page.goto('/settings/company');
      await page.getByLabel(/^Company name/).fill('Demo Kitchens');
      await page.getByLabel(/^Timezone/).fill('Europe/Dublin');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved.').first().waitFor();
      await page.getByRole('switch', { name: /Rosters wait for approval/ }).click();
      const owner = await suite.stack.tokenOf(demoEmail('TENANT_OWNER'));
      await expectEventually(async () => (await suite.stack.call('GET', '/tenant', { token: owner })).body, { name: 'Demo Kitchens', timezone: 'Europe/Dublin', rosterApprovalRequired: true });

      await page.goto('/settings/branding');
      await page.getByLabel(/^Primary colour/).fill('#0B7285');
      await page.getByRole('button', { name: 'Save the colours' }).click();
      await page.getByText('Colours saved.').waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('Logo saved.').waitFor();
      await page.getByRole('img', { name: 'Demo Kitchens logo' }).waitFor();
      const pub = await suite.stack.call<{ primaryColor: string; logoUrl: string | null }>('GET', '/branding/public?tenant=demo');
      expect(pub.body.primaryColor.toUpperCase()).to.equal('#0B7285');
      expect(pub.body.logoUrl).to.match(/\/branding\/logo\//);
      await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
      await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
    } finally {
      await context.close();
    }
  });

  it('registers a kiosk whose token is shown once and works at the kiosk routes until revoked; an outlet manager sees kiosks only', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signIn(page, demoEmail('OUTLET_MANAGER'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Kiosks' }).waitFor();
      for (const hidden of ['Company', 'Branding']) expect(await nav.getByRole('link', { name: hidden, exact: true }).count(), hidden).to.equal(0);
      await page.goto('/settings/kiosks');
      await page.getByRole('button', { name: 'Register a kiosk' }).click();
      await page.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await page.getByLabel(/^Name/).fill('Front door tablet');
      await page.getByRole('button', { name: 'Register', exact: true }).click();
      const token = (await page.getByTestId('secret-value').textContent())!;
      expect(token).to.match(/^kd_/);
      expect((await fetch(`${suite.stack.api}/kiosk/workers`, { headers: { authorization: `Bearer ${token}` } })).status).to.equal(200);
      await page.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('row').filter({ hasText: 'Front door tablet' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('row').filter({ hasText: 'Front door tablet' }).getByText('Revoked').waitFor();
      expect((await fetch(`${suite.stack.api}/kiosk/workers`, { headers: { authorization: `Bearer ${token}` } })).status).to.equal(401);
    } finally {
      await context.close();
    }
  });
});

/** The page saves in the background: the API agrees once the save has landed. */
async function expectEventually(read: () => Promise<unknown>, expected: Record<string, unknown>): Promise<void> {
  let last: unknown;
  for (let i = 0; i < 50; i++) {
    last = await read();
    if (Object.entries(expected).every(([k, v]) => (last as Record<string, unknown>)[k] === v)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(last).to.include(expected);
}
