import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

describe('web console: developers — API keys, OAuth clients, webhooks and their deliveries (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('creates an API key shown once that works against the developer API, and an OAuth client whose secret gets a token', async () => {
    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/developers/api-keys');
      await page.getByRole('main').getByRole('button', { name: 'New API key' }).click();
      const minting = page.getByRole('dialog', { name: 'New API key' });
      await minting.getByLabel(/^Name/).fill('Payroll export');
      await minting.getByRole('button', { name: 'Create the key' }).click();
      const key = (await minting.getByTestId('secret-value').textContent())!;
      expect(key).to.match(/^svc_live_/);
      const outlets = await fetch(`${suite.stack.api}/public/outlets`, { headers: { authorization: `Bearer ${key}` } });
      expect(outlets.status).to.equal(200);
      await minting.getByRole('button', { name: 'Done' }).click();
      await page.reload();
      const row = page.getByRole('row').filter({ hasText: 'Payroll export' });
      await row.getByText('outlets:read, employees:read').waitFor();
      expect(await page.getByText(key).count()).to.equal(0);

      await page.goto('/developers/oauth-clients');
      await page.getByRole('main').getByRole('button', { name: 'New OAuth client' }).click();
      const client = page.getByRole('dialog', { name: 'New OAuth client' });
      await client.getByLabel(/^Name/).fill('Rota sync');
      await client.getByRole('checkbox', { name: 'shifts:read' }).check();
      await client.getByRole('button', { name: 'Create the client' }).click();
      const secret = (await client.getByTestId('secret-value').textContent())!;
      const clientId = (await client.getByText(/^svc_client_/).textContent())!;
      const token = await fetch(`${suite.stack.api}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }) });
      expect(token.status).to.equal(200);
      const { access_token } = (await token.json()) as { access_token: string };
      // The token carries the scopes ticked in the page: shifts, not leave.
      expect((await fetch(`${suite.stack.api}/public/shifts`, { headers: { authorization: `Bearer ${access_token}` } })).status).to.equal(200);
      expect((await fetch(`${suite.stack.api}/public/leave-requests`, { headers: { authorization: `Bearer ${access_token}` } })).status).to.equal(403);
    });
  });

  it('subscribes a receiver in the page, sends a test, and shows a real delivery with its payload and response; redelivers; rotates the secret', async () => {
    await asRole(suite, 'COMPANY_ADMIN', async ({ page }) => {
      await page.goto('/developers/webhooks');
      await page.getByRole('main').getByRole('button', { name: 'New subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'New subscription' });
      await dialog.getByLabel(/^Name/).fill('HR sync');
      await dialog.getByLabel(/^Address/).fill(suite.stack.receiver.url('/hook'));
      await dialog.getByRole('checkbox', { name: 'user.created' }).check();
      await dialog.getByRole('button', { name: 'Subscribe' }).click();
      const secret = (await dialog.getByTestId('secret-value').textContent())!;
      expect(secret).to.match(/^whsec_/);
      await dialog.getByRole('link', { name: 'Open the subscription' }).click();
      await page.getByRole('heading', { name: 'HR sync' }).waitFor();

      await page.getByRole('button', { name: 'Send a test' }).click();
      await page.getByText('Test delivered: 200').waitFor();

      const created = await suite.stack.call('POST', '/users', { token: await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER')), body: { fullName: 'Hook Person', email: 'hook.person@demo.test', role: 'STAFF' } });
      expect(created.status).to.equal(201);
      const row = page.getByRole('row').filter({ hasText: 'user.created' });
      await row.getByText('HTTP 200').waitFor({ timeout: 30_000 });
      await row.getByText('delivered').waitFor();
      await row.getByRole('button', { name: 'user.created' }).click();
      expect(await page.getByTestId('delivery-payload').textContent()).to.contain('hook.person@demo.test');

      const received = suite.stack.receiver.requests.filter((r) => r.body.includes('hook.person@demo.test'));
      expect(received).to.have.length(1);
      const expected = 'sha256=' + createHmac('sha256', secret).update(received[0]!.body).digest('hex');
      expect(received[0]!.headers['x-service-signature']).to.equal(expected);

      await row.getByRole('button', { name: 'Redeliver' }).click();
      await page.getByText('Queued to be delivered again.').waitFor();
      await suite.stack.receiver.waitFor((rs) => rs.filter((r) => r.body.includes('hook.person@demo.test')).length === 2);

      await page.getByRole('main').getByRole('button', { name: 'Rotate the secret' }).click();
      await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate' }).click();
      const rotated = (await page.getByTestId('secret-value').textContent())!;
      expect(rotated).to.match(/^whsec_/).and.not.equal(secret);
    });
  });
});
