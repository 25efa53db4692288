import { expect } from 'chai';
import { browserSuite, newTab, SESSION_KEY, signIn } from './test-support/browser.js';
import type { Company } from './test-support/stack.js';

/** A mailed mail's first link to the web app. */
function linkIn(text: string, origin: string): string {
  const m = new RegExp(`${origin.replace(/[.:/]/g, '\\$&')}/[^\\s]+`).exec(text);
  if (!m) throw new Error(`no link to ${origin} in:\n${text}`);
  return m[0];
}

describe('web console: serving, sign-in, roles, mailed links (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('serves the app at / and its page paths, under a CSP that reaches only this origin, leaving the API its JSON 404', async () => {
    for (const path of ['/', '/sign-in', '/access/zones', '/visit/abc']) {
      const res = await fetch(`${suite.stack.origin}${path}`);
      expect(res.status, path).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/html/);
      expect(res.headers.get('cache-control')).to.equal('no-cache');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).to.contain("default-src 'self'").and.contain("script-src 'self'").and.contain("frame-ancestors 'none'");
      expect(await res.text()).to.contain('<div id="root"></div>');
    }
    const html = await (await fetch(suite.stack.origin)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    const asset = await fetch(`${suite.stack.origin}${script}`);
    expect(asset.status).to.equal(200);
    expect(asset.headers.get('cache-control')).to.equal('public, max-age=31536000, immutable');
    expect((await fetch(`${suite.stack.origin}/assets/missing.js`)).status).to.equal(404);
    expect((await fetch(`${suite.stack.origin}/favicon-missing.png`)).status).to.equal(404);
    for (const probe of ['/metrics', '/health', '/status', '/.well-known/security.txt']) expect((await fetch(`${suite.stack.origin}${probe}`)).status, probe).to.equal(404);
    const api404 = await fetch(`${suite.stack.origin}/api/v1/no-such-route`);
    expect(api404.status).to.equal(404);
    expect(await api404.json()).to.include({ statusCode: 404 });
    expect((await fetch(`${suite.stack.origin}/`, { method: 'POST' })).status).to.equal(404);
  });

  it('signs the owner in through the form, keeps the session over a reload, and signs out', async () => {
    const { context, page, foreignRequests } = await newTab(suite.browser, suite.stack);
    try {
      await page.goto('/people/users');
      await page.waitForURL(/\/sign-in\?returnTo=%2Fpeople%2Fusers$/);
      await page.getByLabel(/^Email or mobile number/).fill(suite.stack.email('TENANT_OWNER'));
      await page.getByLabel(/^Password/).fill('wrong-password-123');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('alert').filter({ hasText: 'do not match an account' }).waitFor();
      await page.getByLabel(/^Password/).fill('Demo-Password-1');
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL(/\/people\/users$/);
      expect(await page.getByTestId('signed-in-as').textContent()).to.match(/tenant owner/);
      const nav = page.getByRole('navigation', { name: 'Main' });
      for (const link of ['Users', 'Shifts', 'Zones', 'Audit log', 'Webhooks']) await nav.getByRole('link', { name: link, exact: true }).waitFor();
      await page.reload();
      await page.getByTestId('signed-in-as').waitFor();
      expect(page.url()).to.match(/\/people\/users$/);
      await page.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/sign-in$/);
      await page.goto('/');
      await page.waitForURL(/\/sign-in/);
      expect(foreignRequests).to.deep.equal([]);
    } finally {
      await context.close();
    }
  });

  it('refreshes an expired access token with the refresh token, without sending the person back to sign-in', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signIn(page, suite.stack.email('COMPANY_ADMIN'));
      // An access token the API refuses (401) stands in for an expired one: the app refreshes and retries.
      await page.evaluate((key) => {
        const s = JSON.parse(localStorage.getItem(key)!);
        localStorage.setItem(key, JSON.stringify({ ...s, accessToken: `${s.accessToken.split('.').slice(0, 2).join('.')}.invalid-signature` }));
      }, SESSION_KEY);
      await page.reload();
      await page.getByTestId('signed-in-as').waitFor();
      const stored = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)!), SESSION_KEY);
      expect(stored.accessToken).to.not.match(/invalid-signature$/);
    } finally {
      await context.close();
    }
  });

  it('shows a STAFF user their own pages only: no admin navigation, and admin pages say so', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signIn(page, suite.stack.email('STAFF'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'My door credential' }).waitFor();
      for (const admin of ['Users', 'Shifts', 'Zones', 'Grants', 'Audit log', 'API keys', 'Webhooks']) {
        expect(await nav.getByRole('link', { name: admin, exact: true }).count(), admin).to.equal(0);
      }
      for (const path of ['/people/users', '/schedule/leave', '/access/audit', '/developers/webhooks']) {
        await page.goto(path);
        await page.getByRole('alert').filter({ hasText: 'Not available to you' }).waitFor();
      }
    } finally {
      await context.close();
    }
  });

  it('resets a password from the mailed link and signs in with the new one', async () => {
    const email = suite.stack.email('HR_MANAGER');
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'Forgot your password?' }).click();
      // The sign-in page has a field of the same label: filling it before the route changes would leave the reset form empty.
      await page.getByRole('heading', { name: 'Reset your password' }).waitFor();
      await page.getByLabel(/^Email or mobile number/).fill(email);
      await page.getByRole('button', { name: 'Send the link' }).click();
      await page.getByText('a reset link is on its way').waitFor();
      const [mail] = await waitForMail(suite.stack, email);
      const link = linkIn(mail!.text, suite.stack.origin);
      expect(link).to.match(/\/reset-password\?token=/);
      await page.goto(link);
      await page.getByLabel(/^New password/).fill('short');
      await page.getByText('At least 10 characters').waitFor();
      await page.getByLabel(/^New password/).fill('A-New-Password-42');
      await page.getByLabel(/^Repeat the new password/).fill('A-New-Password-42');
      await page.getByRole('button', { name: 'Set the password' }).click();
      await page.getByText('Your password has been changed.').waitFor();
      // The link is spent: the same page now answers with the API's refusal.
      await page.goto(link);
      await page.getByLabel(/^New password/).fill('Another-Password-42');
      await page.getByLabel(/^Repeat the new password/).fill('Another-Password-42');
      await page.getByRole('button', { name: 'Set the password' }).click();
      await page.getByRole('alert').waitFor();
      await signIn(page, email, 'A-New-Password-42');
    } finally {
      await context.close();
    }
  });

  it('signs up a new company from the sign-in page; the owner confirms the mailed link and lands signed in to their own company', async () => {
    const email = `ann-${Date.now()}@acme.test`;
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await page.goto('/sign-in');
      await page.getByRole('link', { name: 'New here? Create an account' }).click();
      await page.getByLabel(/^Company name/).fill('Acme Bakery');
      await page.getByLabel(/^Your full name/).fill('Ann Baker');
      await page.getByLabel(/^Work email/).fill(email);
      await page.getByLabel(/^New password/).fill('Anns-Password-42');
      await page.getByLabel(/^Repeat the new password/).fill('Anns-Password-42');
      await page.getByRole('button', { name: 'Create the account' }).click();
      await page.getByRole('status').filter({ hasText: 'Check your mail' }).waitFor();
      expect((await suite.stack.call('POST', '/auth/login', { body: { identifier: email, password: 'Anns-Password-42' } })).status).to.not.equal(200);
      // The mail is the new company's, not this file's.
      const [mail] = await waitForMail(suite.stack, email, { anyTenant: true });
      const link = linkIn(mail!.text, suite.stack.origin);
      expect(link).to.match(/\/verify-email\?token=/);
      await page.goto(link);
      await page.getByTestId('signed-in-as').filter({ hasText: 'Ann Baker' }).waitFor();
      const login = await suite.stack.call<{ accessToken: string }>('POST', '/auth/login', { body: { identifier: email, password: 'Anns-Password-42' } });
      expect((await suite.stack.call<{ name: string; plan: string }>('GET', '/tenant', { token: login.body.accessToken })).body).to.include({ name: 'Acme Bakery', plan: 'FREE' });
    } finally {
      await context.close();
    }
  });

  it('lets an invited user choose a password from the mailed invite and lands them signed in', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const email = `invited-${Date.now()}@demo.test`;
    const created = await suite.stack.call('POST', '/users', { token: owner, body: { fullName: 'Ivy Invited', email, role: 'STAFF' } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const [mail] = await waitForMail(suite.stack, email);
    const link = linkIn(mail!.text, suite.stack.origin);
    expect(link).to.match(/\/invite\/[^/]+$/);
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await page.goto(link);
      await page.getByLabel(/^New password/).fill('Ivys-Password-42');
      await page.getByLabel(/^Repeat the new password/).fill('Ivys-Password-42');
      await page.getByRole('button', { name: 'Set the password and sign in' }).click();
      await page.getByTestId('signed-in-as').filter({ hasText: 'Ivy Invited' }).waitFor();
    } finally {
      await context.close();
    }
  });
});

async function waitForMail(stack: Company, to: string, opts: { anyTenant?: boolean } = {}) {
  for (let i = 0; i < 100; i++) {
    const mails = await stack.mailsTo(to, opts);
    if (mails.length > 0) return mails;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

