import { expect } from 'chai';
import type { Role } from '@wfm/core/tenancy';
import type { Locator, Page } from 'playwright-core';
import { asRole, browserSuite, freeCompany, newTab, signedIn } from './test-support/browser.js';
import { audit } from './test-support/axe.js';

/**
 * Waits until a dialog is in its final look: it and every element around it fully opaque, and no
 * transition or animation running on them. axe measures contrast through opacity, so a dialog still
 * fading in (Mantine's 200 ms "pop" when motion is not reduced) has text that fails 4.5:1 only for
 * that moment. Visible is not enough: Playwright counts an element at opacity 0 as visible.
 */
async function settled(dialog: Locator): Promise<void> {
  const element = await dialog.elementHandle();
  await dialog.page().waitForFunction((d) => {
    for (let e: Element | null = d; e; e = e.parentElement) {
      if (getComputedStyle(e).opacity !== '1' || e.getAnimations().some((a) => a.playState === 'running')) return false;
    }
    return true;
  }, element);
}

/**
 * Opens `path` the way the app's own links do (the router's history navigation), so the document
 * and axe in it stay loaded: a full load per page spent most of this file's time starting the app
 * again (about 0.6 s of 0.9 s a page here). Done when the first heading is another element or
 * says something else than the last page's.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const old = await page.evaluateHandle(() => document.querySelector('h1'));
  const text = await old.evaluate((h) => h?.textContent ?? null);
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await page.waitForFunction(
    ([h, was]) => {
      const now = document.querySelector('h1');
      return now !== null && (now !== h || now.textContent !== was);
    },
    [old, text] as const,
  );
  await old.dispose();
}

/** `:slug` stands for the file's company. */
const PAGES: Array<{ as: Role | ''; paths: string[]; width?: number }> = [
  { as: '', paths: ['/sign-in', '/sign-up', '/forgot-password', '/contact', '/careers/:slug', '/kiosk'] },
  {
    as: 'TENANT_OWNER',
    paths: [
      '/',
      '/people/users',
      '/people/outlets',
      '/people/import',
      '/schedule/shifts',
      '/schedule/leave',
      '/schedule/attendance',
      '/rota/week',
      '/rota/rosters',
      '/rota/open-shifts',
      '/hr/contracts',
      '/hr/disciplinary',
      '/hr/offboarding',
      '/operations/issues',
      '/operations/guides',
      '/training',
      '/training/new',
      '/payroll/runs',
      '/access/zones',
      '/access/grants',
      '/access/readers',
      '/access/audit',
      '/access/who-where',
      '/access/visitors',
      '/people/outlets/import',
      '/access/reader-keys',
      '/developers/api-keys',
      '/developers/oauth-clients',
      '/developers/webhooks',
      '/recruiting/jobs',
      '/recruiting/applications',
      '/documents/esign',
      '/payroll/pay-settings',
      '/payroll/deductions',
      '/rota/swaps',
      '/schedule/availability',
      '/rota/auto-schedule',
      '/rota/staffing-targets',
      '/compliance/rules',
      '/compliance/violations',
      '/reports/timesheets',
      '/reports/labour-cost',
      '/reports/attendance-exceptions',
      '/reports/leave',
      '/reports/door-access',
      '/account/profile-card',
      '/account/kiosk-pin',
      '/settings/company',
      '/settings/branding',
      '/settings/kiosks',
      '/settings/sso',
      '/admin/billing',
      '/me/policies',
    ],
  },
  { as: 'STAFF', paths: ['/', '/me/shifts', '/me/availability', '/me/leave', '/me/door', '/training', '/hr/disciplinary', '/operations/guides/run', '/admin/billing'], width: 390 },
];

describe('web console: accessibility — WCAG 2.1 AA by axe-core on every main page, and the keyboard (headless Chromium)', function () {
  this.timeout(300_000);
  const suite = browserSuite();

  for (const group of PAGES) {
    it(`${group.as || 'no one signed in'}: ${group.paths.length} pages without a WCAG 2.1 A or AA violation${group.width ? ' at phone width' : ''}`, async () => {
      const { context, page } = await newTab(suite.browser, suite.stack, group.width ? { width: group.width, height: 844 } : {});
      try {
        if (group.as) await signedIn(page, suite.stack, suite.stack.email(group.as));
        const found: string[] = [];
        for (const [n, pattern] of group.paths.entries()) {
          const path = pattern.replace(':slug', suite.stack.tenant.slug);
          if (n === 0) await page.goto(path);
          else await openInApp(page, path);
          const at = new URL(page.url()).pathname;
          if (at !== path) found.push(`${path}: opened ${at} instead`);
          const findings = await audit(page).catch((err: Error) => [{ rule: 'not audited', impact: null, help: err.message.split('\n')[0]!, nodes: [] }]);
          for (const f of findings) found.push(`${path}: ${f.rule} (${f.impact}) ${f.help} — ${f.nodes.join(', ')}`);
        }
        expect(found, found.join('\n')).to.deep.equal([]);
      } finally {
        await context.close();
      }
    });
  }

  it('a FREE company: the plan page with its upgrade form without a WCAG 2.1 A or AA violation', async () => {
    const { owner } = await freeCompany(suite.stack, 'a11y');
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signedIn(page, suite.stack, owner.email, owner.password);
      await page.goto('/admin/billing');
      await page.getByRole('button', { name: 'Request the upgrade' }).waitFor();
      const found = (await audit(page)).map((f) => `/admin/billing: ${f.rule} (${f.impact}) ${f.help} — ${f.nodes.join(', ')}`);
      expect(found, found.join('\n')).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it('dialogs: the main forms, open, without a WCAG 2.1 A or AA violation', async () => {
    // The page, the button that opens the dialog, and the dialog's title when it is not the button's.
    const dialogs: Array<[string, string, string?]> = [
      ['/people/users', 'New user'],
      ['/people/outlets', 'New outlet'],
      ['/hr/contracts', 'New contract'],
      ['/hr/disciplinary', 'Issue an action', 'Issue a disciplinary action'],
      ['/hr/offboarding', 'Start offboarding'],
      ['/operations/issues', 'Report an issue'],
      ['/operations/guides', 'New guide'],
      ['/access/zones', 'New zone'],
      ['/access/visitors', 'New visitor pass'],
      ['/developers/webhooks', 'New subscription'],
      ['/me/policies', 'New policy'],
    ];
    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      const found: string[] = [];
      for (const [path, button, title = button] of dialogs) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        const dialog = page.getByRole('dialog', { name: title, exact: true });
        const opened = await page
          .getByRole('main')
          .getByRole('button', { name: button, exact: true })
          .click({ timeout: 5_000 })
          .then(() => dialog.waitFor())
          .then(() => true, () => false);
        if (!opened) {
          found.push(`${path}: no "${title}" dialog`);
          continue;
        }
        await settled(dialog);
        for (const f of await audit(page)) found.push(`${path} "${title}": ${f.rule} (${f.impact}) ${f.help} — ${f.nodes.join(', ')}`);
      }
      expect(found, found.join('\n')).to.deep.equal([]);
    });
  });

  it('signs in and opens and closes a dialog with the keyboard alone', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await page.goto('/sign-in');
      await page.getByLabel(/^Email or mobile number/).focus();
      await page.keyboard.type(suite.stack.email('TENANT_OWNER'));
      await page.keyboard.press('Tab');
      await page.keyboard.type('Demo-Password-1');
      await page.keyboard.press('Enter');
      await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
      await page.goto('/people/outlets');
      await page.getByRole('main').getByRole('button', { name: 'New outlet' }).focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'New outlet' });
      await dialog.waitFor();
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).to.equal(true);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  });
});
