import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { FrameLocator, Page } from 'playwright-core';
import { asRole, browserSuite, newTab } from './test-support/browser.js';
import { audit } from './test-support/axe.js';

/**
 * Issue 32: the embeddable webhook portal. A link is made in the console, then opened by someone
 * who is not signed in — in its own tab, then inside an iframe of a page on another site (a tiny
 * server on `localhost`, while the stack is `127.0.0.1`), as an integrator would embed it.
 */
describe('webhook portal (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();
  let host: Server;
  let hostOrigin = '';
  let embedded = '';

  before(async () => {
    host = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end(`<!doctype html><title>Integrator</title><iframe title="Webhook portal" src="${embedded}" width="1200" height="900"></iframe>`));
    await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', () => resolve()));
    hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
  });
  after(async () => {
    suite.stack.receiver.setHandler(() => ({ status: 200, body: 'ok' }));
    await new Promise((resolve) => host.close(resolve));
  });

  /** What its holder does in the portal: reads the failed delivery, tests, replays it, rotates the secret. */
  async function usePortal(view: Page | FrameLocator, secret: string, receiving: { failing: boolean }) {
    await view.getByRole('heading', { name: 'Partner sync' }).waitFor();
    // Delivery rows, not the detail row an opened one adds under it.
    const row = view.locator('tr[data-delivery]').filter({ hasText: 'user.created' });
    await row.getByText('HTTP 500').waitFor({ timeout: 30_000 });
    await row.getByText('failed').waitFor();
    await row.getByRole('button', { name: 'user.created' }).click();
    expect(await view.getByTestId('delivery-payload').textContent()).to.contain('portal.person@');
    await view.getByText('Last error: down for maintenance').waitFor();

    receiving.failing = false;
    await view.getByRole('button', { name: 'Send a test' }).click();
    await view.getByText('Test delivered: 200').waitFor();

    await row.getByRole('button', { name: 'Replay' }).click();
    await view.getByText('Delivered again.').waitFor();
    await row.getByText('HTTP 200').waitFor();
    await row.getByText('delivered').waitFor();

    await view.getByRole('button', { name: 'Rotate the secret' }).click();
    await view.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate' }).click();
    const rotated = (await view.getByTestId('secret-value').textContent())!;
    expect(rotated).to.match(/^whsec_/).and.not.equal(secret);
    return rotated;
  }

  it('is made in the console for a FIFO subscription, then shows deliveries with payload and response, sends a test, replays a failed delivery and rotates the secret, in a tab and framed by another site', async () => {
    const { stack } = suite;
    const owner = await stack.tokenOf(stack.email('TENANT_OWNER'));
    const receiving = { failing: true };
    stack.receiver.setHandler((r) => (r.path === '/portal-hook' && receiving.failing ? { status: 500, body: 'down for maintenance' } : { status: 200, body: 'ok' }));
    let secret = '';
    let portalPath = '';
    await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
      await page.goto('/developers/webhooks');
      await page.getByRole('main').getByRole('button', { name: 'New subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'New subscription' });
      await dialog.getByLabel(/^Name/).fill('Partner sync');
      await dialog.getByLabel(/^Address/).fill(stack.receiver.url('/portal-hook'));
      await dialog.getByRole('checkbox', { name: 'user.created' }).check();
      await dialog.getByRole('switch', { name: 'Deliver in order (FIFO)' }).check();
      await dialog.getByRole('button', { name: 'Subscribe' }).click();
      secret = (await dialog.getByTestId('secret-value').textContent())!;
      await dialog.getByRole('link', { name: 'Open the subscription' }).click();
      await page.getByRole('heading', { name: 'Partner sync' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Deliver in order (FIFO)' }).isChecked()).to.equal(true);

      await page.getByRole('button', { name: 'New portal link' }).click();
      const making = page.getByRole('dialog', { name: 'New portal link' });
      for (const c of ['Replay deliveries', 'Send a test', 'Rotate the secret']) await making.getByRole('checkbox', { name: c }).check();
      await making.getByLabel(/^Sites that may embed it/).fill(hostOrigin);
      await making.getByRole('button', { name: 'Make the link' }).click();
      const url = new URL((await making.getByTestId('secret-value').textContent())!);
      portalPath = url.pathname + url.hash;
      expect(portalPath).to.match(/^\/portal\/[0-9a-f-]{36}#wpt_[\w-]{43}$/);
      await making.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('row').filter({ hasText: 'replay, test, rotate' }).getByText(hostOrigin).waitFor();
    });
    const hookId = (await stack.call('GET', '/webhooks', { token: owner })).body.find((h: { name: string }) => h.name === 'Partner sync').id as string;
    expect((await stack.call('POST', '/users', { token: owner, body: { fullName: 'Portal Person', email: `portal.person@${stack.email('STAFF').split('@')[1]}`, role: 'STAFF' } })).status).to.equal(201);

    const tab = await newTab(suite.browser, stack);
    try {
      await tab.page.goto(portalPath);
      await tab.page.getByText('in order (FIFO)').waitFor();
      expect(await audit(tab.page)).to.deep.equal([]);
      const rotated = await usePortal(tab.page, secret, receiving);
      // The portal's rotation is the subscription's: the console's next test is signed with the new secret.
      expect((await stack.call('POST', `/webhooks/${hookId}/test`, { token: owner })).body.ok).to.equal(true);
      const last = stack.receiver.requests.filter((r) => r.path === '/portal-hook').at(-1)!;
      expect(last.headers['x-service-signature']).to.equal('sha256=' + createHmac('sha256', rotated).update(last.body).digest('hex'));

      // Framed by the integrator's site, with a new failure to replay.
      receiving.failing = true;
      await stack.call('POST', '/users', { token: owner, body: { fullName: 'Portal Person Two', email: `portal.person2@${stack.email('STAFF').split('@')[1]}`, role: 'STAFF' } });
      await stack.receiver.waitFor((rs) => rs.some((r) => r.path === '/portal-hook' && r.body.includes('portal.person2@')));
      embedded = `${stack.origin}${portalPath}`;
      await tab.page.goto(`${hostOrigin}/`);
      const frame = tab.page.frameLocator('iframe[title="Webhook portal"]');
      await frame.getByRole('heading', { name: 'Partner sync' }).waitFor();
      const failed = frame.locator('tr[data-delivery]').filter({ hasText: 'HTTP 500' });
      await failed.getByRole('button', { name: 'user.created' }).click();
      expect(await frame.getByTestId('delivery-payload').textContent()).to.contain('portal.person2@');
      receiving.failing = false;
      await failed.getByRole('button', { name: 'Replay' }).click();
      await frame.getByText('Delivered again.').waitFor();
      await failed.waitFor({ state: 'detached' });
    } finally {
      await tab.context.close();
    }
  });

  it('stops working once revoked in the console, and says so', async () => {
    const { stack } = suite;
    const owner = await stack.tokenOf(stack.email('TENANT_OWNER'));
    const made = await stack.call('POST', '/webhooks', { token: owner, body: { name: 'Revoked sync', url: stack.receiver.url('/revoked-hook'), events: ['user.created'] } });
    const link = await stack.call('POST', `/webhooks/${made.body.id}/portal-links`, { token: owner, body: {} });
    const tab = await newTab(suite.browser, stack);
    try {
      await tab.page.goto(`/portal/${link.body.id}#${link.body.token}`);
      await tab.page.getByRole('heading', { name: 'Revoked sync' }).waitFor();
      // Read only: none of the actions is offered.
      expect(await tab.page.getByRole('button', { name: 'Send a test' }).count()).to.equal(0);
      const french = await newTab(suite.browser, stack, { locale: 'fr-FR' });
      try {
        await french.page.goto(`/portal/${link.body.id}#${link.body.token}`);
        await french.page.getByRole('heading', { name: 'Revoked sync' }).waitFor();
        expect(await french.page.title()).to.equal('Revoked sync · Portail des webhooks');
        await french.page.getByText('sans ordre', { exact: true }).waitFor();
        await french.page.getByLabel('Statut', { exact: true }).waitFor();
        await french.page.getByText('Aucune livraison ici pour l’instant.').waitFor();
      } finally {
        await french.context.close();
      }
      await asRole(suite, 'TENANT_OWNER', async ({ page }) => {
        await page.goto(`/developers/webhooks/${made.body.id}`);
        await page.getByRole('row').filter({ hasText: `Link …${link.body.tokenHint}` }).getByRole('button', { name: 'Revoke' }).click();
        await page.getByRole('dialog', { name: `Revoke “Link …${link.body.tokenHint}”?` }).getByRole('button', { name: 'Revoke' }).click();
        await page.getByText('No portal link works now.').waitFor();
      });
      await tab.page.reload();
      await tab.page.getByRole('alert').getByText('This portal link was revoked').waitFor();
      // The API's code (PortalLinkRevoked), not its English message, in the browser's language.
      const frenchRefused = await newTab(suite.browser, stack, { locale: 'fr-FR' });
      try {
        await frenchRefused.page.goto(`/portal/${link.body.id}#${link.body.token}`);
        await frenchRefused.page.getByRole('alert').getByText('Ce lien vers le portail a été révoqué.', { exact: true }).waitFor();
      } finally {
        await frenchRefused.context.close();
      }
    } finally {
      await tab.context.close();
    }
  });
});
