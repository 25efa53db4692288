import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import type { FrameLocator, Page } from 'playwright-core';
import { browserSuite, newTab } from './test-support/browser.js';

/**
 * Issue 32: the embeddable webhook portal, opened from its link by someone who is not signed in —
 * in its own tab, then inside an iframe of a page on another site (a tiny server on `localhost`,
 * while the stack is `127.0.0.1`), as an integrator would embed it.
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

  it('shows deliveries with payload and response, sends a test, replays a failed delivery and rotates the secret, in a tab and framed by another site', async () => {
    const { stack } = suite;
    const owner = await stack.tokenOf(stack.email('TENANT_OWNER'));
    const receiving = { failing: true };
    stack.receiver.setHandler((r) => (r.path === '/portal-hook' && receiving.failing ? { status: 500, body: 'down for maintenance' } : { status: 200, body: 'ok' }));
    const made = await stack.call('POST', '/webhooks', { token: owner, body: { name: 'Partner sync', url: stack.receiver.url('/portal-hook'), events: ['user.created'] } });
    expect(made.status).to.equal(201);
    const link = await stack.call('POST', `/webhooks/${made.body.id}/portal-links`, { token: owner, body: { capabilities: ['replay', 'test', 'rotate'], frameOrigins: [hostOrigin] } });
    expect(link.status).to.equal(201);
    const portalPath = `/portal/${link.body.id}#${link.body.token}`;
    expect(link.body.url).to.match(new RegExp(`/portal/${link.body.id}#${link.body.token}$`));
    expect((await stack.call('POST', '/users', { token: owner, body: { fullName: 'Portal Person', email: `portal.person@${stack.email('STAFF').split('@')[1]}`, role: 'STAFF' } })).status).to.equal(201);

    const tab = await newTab(suite.browser, stack);
    try {
      await tab.page.goto(portalPath);
      const rotated = await usePortal(tab.page, made.body.secret, receiving);
      // The portal's rotation is the subscription's: the console's next test is signed with the new secret.
      expect((await stack.call('POST', `/webhooks/${made.body.id}/test`, { token: owner })).body.ok).to.equal(true);
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

  it('says so when the link was revoked', async () => {
    const { stack } = suite;
    const owner = await stack.tokenOf(stack.email('TENANT_OWNER'));
    const made = await stack.call('POST', '/webhooks', { token: owner, body: { name: 'Revoked sync', url: stack.receiver.url('/revoked-hook'), events: ['user.created'] } });
    const link = await stack.call('POST', `/webhooks/${made.body.id}/portal-links`, { token: owner, body: {} });
    await stack.call('DELETE', `/webhooks/${made.body.id}/portal-links/${link.body.id}`, { token: owner });
    const tab = await newTab(suite.browser, stack);
    try {
      await tab.page.goto(`/portal/${link.body.id}#${link.body.token}`);
      await tab.page.getByRole('alert').getByText('This portal link was revoked').waitFor();
      expect(await tab.page.getByRole('button', { name: 'Send a test' }).count()).to.equal(0);
    } finally {
      await tab.context.close();
    }
  });
});
