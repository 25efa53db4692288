import { expect } from 'chai';
import { asRole, browserSuite, screenshot } from './test-support/browser.js';

describe('web console: developers — a credential\'s request log (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('opens a key\'s requests from the key list, filters to failures, and finds the failing call with its request id and log query', async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const made = await suite.stack.call('POST', '/api-keys', { token: owner, body: { name: 'Stock sync' } });
    expect(made.status).to.equal(201);
    const call = (path: string, requestId: string) =>
      fetch(`${suite.stack.api}${path}`, {
        headers: { authorization: `Bearer ${made.body.key}`, 'x-request-id': requestId, ...(suite.stack.forwardedFor ? { 'x-forwarded-for': suite.stack.forwardedFor } : {}) },
      });
    expect((await call('/public/outlets', 'stock-sync-ok')).status).to.equal(200);
    // The key has the default scopes: reading shifts is refused.
    expect((await call('/public/shifts?from=2026-01-01', 'stock-sync-fails')).status).to.equal(403);

    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/developers/api-keys');
      await page.getByRole('row').filter({ hasText: 'Stock sync' }).getByRole('link', { name: 'Requests' }).click();
      await page.getByRole('heading', { name: 'Requests of the key “Stock sync”' }).waitFor();
      const ok = page.locator('tr[data-request-id="stock-sync-ok"]');
      const failing = page.locator('tr[data-request-id="stock-sync-fails"]');
      // Written a moment after each call is answered; the page follows the log.
      await ok.waitFor({ timeout: 30_000 });
      await failing.waitFor({ timeout: 30_000 });

      await page.getByRole('group', { name: 'Status' }).getByRole('button', { name: 'Failures' }).click();
      await ok.waitFor({ state: 'detached' });
      await failing.getByText('403', { exact: true }).waitFor();
      expect(await failing.getByText('/api/v1/public/shifts', { exact: true }).count()).to.equal(1);
      expect(await page.getByText('2026-01-01').count()).to.equal(0);

      await failing.getByRole('button', { name: 'stock-sync-fails' }).click();
      expect(await page.getByTestId('request-id').textContent()).to.equal('stock-sync-fails');
      expect(await page.getByTestId('server-log-query').textContent()).to.equal(`grep -F '"requestId":"stock-sync-fails"'`);
      await page.getByText('answered 403 Forbidden', { exact: false }).waitFor();
      await screenshot(page, 'developer-request-log');
    });
  });
});
