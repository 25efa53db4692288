import { expect } from 'chai';
import { asRole, browserSuite, newTab, signIn } from './test-support/browser.js';
import { selfSignedCertificate } from '@wfm/testing/certificate';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGNgYPgPAAEDAQAIicLsAAAAAElFTkSuQmCC', 'base64');

describe('web console: settings — company, branding, kiosks, single sign-on (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('renames the company and changes its timezone, a switch and the doors’ offline window; sets colours and a logo, refusing a file that is not an image', async () => {
    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/settings/company');
      await page.getByLabel(/^Company name/).fill('Demo Kitchens');
      await page.getByLabel(/^Timezone/).fill('Europe/Dublin');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Saved.').first().waitFor();
      await page.getByRole('switch', { name: /Rosters wait for approval/ }).click();
      await page.getByRole('combobox', { name: /^Doors keep deciding without the platform for/ }).click();
      await page.getByRole('option', { name: '8 hours' }).click();
      const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
      await expectEventually(async () => (await suite.stack.call('GET', '/tenant', { token: owner })).body, { name: 'Demo Kitchens', timezone: 'Europe/Dublin', rosterApprovalRequired: true, accessOfflineWindowMinutes: 480 });

      await page.goto('/settings/branding');
      await page.getByLabel(/^Primary colour/).fill('#0B7285');
      await page.getByRole('button', { name: 'Save the colours' }).click();
      await page.getByText('Colours saved.').waitFor();
      await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
      await page.getByText('Logo saved.').waitFor();
      await page.getByRole('img', { name: 'Demo Kitchens logo' }).waitFor();
      const pub = await suite.stack.call<{ primaryColor: string; logoUrl: string | null }>('GET', `/branding/public?tenant=${suite.stack.tenant.slug}`);
      expect(pub.body.primaryColor.toUpperCase()).to.equal('#0B7285');
      expect(pub.body.logoUrl).to.match(/\/branding\/logo\//);
      await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') });
      await page.getByRole('alert').filter({ hasText: 'Something went wrong' }).waitFor();
    });
  });

  it('registers a kiosk whose token is shown once and works at the kiosk routes until revoked; an outlet manager sees kiosks only', async () => {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      await signIn(page, suite.stack.email('OUTLET_MANAGER'));
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Kiosks' }).waitFor();
      for (const hidden of ['Company', 'Branding']) expect(await nav.getByRole('link', { name: hidden, exact: true }).count(), hidden).to.equal(0);
      await page.goto('/settings/kiosks');
      await page.getByRole('main').getByRole('button', { name: 'Register a kiosk' }).click();
      const registering = page.getByRole('dialog', { name: 'Register a kiosk' });
      await registering.getByRole('combobox', { name: /^Outlet/ }).click();
      await page.getByRole('option', { name: 'Central Kitchen' }).click();
      await registering.getByLabel(/^Name/).fill('Front door tablet');
      await registering.getByRole('button', { name: 'Register', exact: true }).click();
      const token = (await registering.getByTestId('secret-value').textContent())!;
      expect(token).to.match(/^kd_/);
      expect((await fetch(`${suite.stack.api}/kiosk/workers`, { headers: { authorization: `Bearer ${token}` } })).status).to.equal(200);
      await registering.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('main').getByRole('row').filter({ hasText: 'Front door tablet' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('dialog', { name: 'Revoke “Front door tablet”?' }).getByRole('button', { name: 'Revoke' }).click();
      await page.getByRole('row').filter({ hasText: 'Front door tablet' }).getByText('Revoked').waitFor();
      expect((await fetch(`${suite.stack.api}/kiosk/workers`, { headers: { authorization: `Bearer ${token}` } })).status).to.equal(401);
    } finally {
      await context.close();
    }
  });
  it('connects identity providers once the operator switches single sign-on on: OIDC and SAML by hand, settings, a domain and its TXT record', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/settings/sso');
      await page.getByText('Single sign-on is not available to this company.').waitFor();
      const tenant = await suite.stack.call<{ id: string }>('GET', '/tenant', { token: owner });
      const operator = { authorization: `Bearer ${await suite.stack.platformToken()}` };
      expect((await suite.stack.call('PATCH', `/platform/tenants/${tenant.body.id}`, { headers: operator, body: { ssoEnabled: true } })).status).to.equal(200);
      await page.reload();
      await page.getByText('No identity provider connected.', { exact: false }).waitFor();

      await page.getByRole('main').getByRole('button', { name: 'New connection' }).click();
      let dialog = page.getByRole('dialog', { name: 'Connect an identity provider' });
      await dialog.getByLabel(/^Name/).fill('Okta');
      await dialog.getByLabel(/^Issuer URL/).fill('https://demo.okta.test');
      await dialog.getByLabel(/^Client ID/).fill('0oa1demo');
      await dialog.getByLabel(/^Client secret/).fill('from-okta');
      await dialog.getByRole('button', { name: 'Connect' }).click();
      await page.getByRole('heading', { name: 'Single sign-on: Okta' }).waitFor();
      expect(await page.getByText(/\/api\/v1\/auth\/sso\/callback$/).count()).to.equal(1);
      await page.getByRole('switch', { name: /^Enforced/ }).click();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByText('Settings saved.').waitFor();
      await page.getByLabel(/^Domain/).fill('kitchens-sso.test');
      await page.getByRole('button', { name: 'Add the domain' }).click();
      await page.getByText('Awaiting its TXT record').waitFor();
      await page.getByText(/^_.*\.kitchens-sso\.test$/).waitFor();
      await page.getByRole('button', { name: 'Verify kitchens-sso.test' }).click();
      await page.getByRole('alert').filter({ hasText: /No TXT record .* was found/ }).waitFor();
      const [okta] = (await suite.stack.call<Array<{ id: string; name: string; enforced: boolean; domains: Array<{ domain: string; verified: boolean }> }>>('GET', '/sso/connections', { token: owner })).body;
      expect([okta!.name, okta!.enforced, okta!.domains.map((d) => [d.domain, d.verified])]).to.deep.equal(['Okta', true, [['kitchens-sso.test', false]]]);

      await page.getByRole('main').getByRole('button', { name: 'Release kitchens-sso.test' }).click();
      await page.getByRole('dialog', { name: 'Release kitchens-sso.test?' }).getByRole('button', { name: 'Release' }).click();
      await page.getByText('Awaiting its TXT record').waitFor({ state: 'detached' });

      const idp = await selfSignedCertificate({ commonName: 'idp.kitchens.test', dnsNames: [], ips: [], days: 365, keyType: 'rsa' });
      await page.goto('/settings/sso');
      await page.getByRole('main').getByRole('button', { name: 'New connection' }).click();
      dialog = page.getByRole('dialog', { name: 'Connect an identity provider' });
      await dialog.getByText('SAML 2.0').click();
      await dialog.getByLabel(/^Name/).fill('ADFS');
      await dialog.getByText('By hand').click();
      await dialog.getByLabel(/^IdP entity ID/).fill('urn:adfs:kitchens');
      await dialog.getByLabel(/^IdP sign-in URL/).fill('https://adfs.kitchens.test/adfs/ls');
      await dialog.getByLabel(/^IdP signing certificate/).fill(idp.cert);
      await dialog.getByRole('button', { name: 'Connect' }).click();
      await page.getByRole('heading', { name: 'Single sign-on: ADFS' }).waitFor();
      await page.getByText(/\/api\/v1\/auth\/sso\/saml\/acs$/).waitFor();
      await page.getByRole('cell', { name: /idp\.kitchens\.test/ }).waitFor();
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download the SP metadata' }).click();
      expect((await download).suggestedFilename()).to.equal('ADFS-sp-metadata.xml');

      await page.getByRole('main').getByRole('button', { name: 'Remove this connection' }).click();
      await page.getByRole('dialog', { name: 'Remove ADFS?' }).getByRole('button', { name: 'Remove' }).click();
      await page.getByRole('heading', { name: 'Single sign-on', exact: true }).waitFor();
      await page.getByRole('link', { name: 'Okta' }).waitFor();
      expect(await page.getByRole('link', { name: 'ADFS' }).count()).to.equal(0);
      expect((await suite.stack.call<Array<{ name: string }>>('GET', '/sso/connections', { token: owner })).body.map((c) => c.name)).to.deep.equal(['Okta']);
      // Enforced sign-on refuses passwords to all but owners: give the other tests of this stack theirs back.
      expect((await suite.stack.call('PATCH', `/sso/connections/${okta!.id}`, { token: owner, body: { enforced: false } })).status).to.equal(200);
    });
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
