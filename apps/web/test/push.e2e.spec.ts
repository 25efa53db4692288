import { expect } from 'chai';
import { asRole, browserSuite } from './test-support/browser.js';

/*
 * Headless Chromium has no push service to subscribe with and answers every notification permission
 * request with "denied", so the permission prompt (answered "allow") and the PushManager are stood
 * in for, the latter by one that hands out a subscription on the test stack's loopback (the one address its egress
 * rule allows) with real P-256 keys; the manifest, the service worker and the card's calls to the
 * API are real. Delivery to a subscription is covered by the API's tests with a fake push service.
 */
const FAKE_PUSH_MANAGER = `(() => {
  let current = null;
  let permission = 'default';
  Object.defineProperty(Notification, 'permission', { get: () => permission });
  Notification.requestPermission = async () => (permission = 'granted');
  const b64 = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async (options) => {
    window.__pushKey = b64(options.applicationServerKey);
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const p256dh = b64(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
    const endpoint = 'https://127.0.0.1:9/push/' + b64(crypto.getRandomValues(new Uint8Array(12)));
    current = { endpoint, toJSON: () => ({ endpoint, keys: { p256dh, auth } }), unsubscribe: async () => { current = null; return true; } };
    return current;
  };
})();`;

describe('web console: installable as a PWA, and push notifications turned on and off per device (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  it('serves the web app manifest and the service worker, which the console registers under its CSP', async () => {
    await asRole(suite, 'STAFF', async ({ page }) => {
      await page.goto('/notifications/preferences');
      expect(await page.locator('link[rel=manifest]').getAttribute('href')).to.equal('/manifest.webmanifest');
      const manifest = await page.request.get('/manifest.webmanifest');
      expect(manifest.headers()['content-type']).to.match(/^application\/manifest\+json/);
      expect(await manifest.json()).to.deep.include({ name: 'Workforce Platform', start_url: '/', display: 'standalone', theme_color: '#1864ab' });
      for (const icon of ['/icons/icon-192.png', '/icons/icon-512.png']) expect((await page.request.get(icon)).headers()['content-type']).to.equal('image/png');
      const worker = await page.request.get('/sw.js');
      expect(worker.headers()['content-type']).to.match(/^application\/javascript|^text\/javascript/);
      expect(worker.headers()['content-security-policy']).to.contain("default-src 'self'");
      const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
      expect(scope).to.equal(`${suite.stack.origin}/`);
    });
  });

  it('the card turns notifications on for this device (registered with the API under the VAPID key), shows it, and turns them off', async () => {
    await asRole(suite, 'STAFF', async ({ page, context }) => {
      await context.addInitScript(FAKE_PUSH_MANAGER);
      const token = await page.evaluate(() => JSON.parse(localStorage.getItem('wfm.session')!).accessToken as string);
      await page.goto('/notifications/preferences');
      await page.getByText('This device does not receive notifications.').waitFor();
      await page.getByRole('button', { name: 'Turn on notifications' }).click();
      await page.getByText('This device receives notifications.').waitFor();
      const key = (await suite.stack.call<{ publicKey: string }>('GET', '/me/push/vapid-public-key', { token })).body.publicKey;
      expect(await page.evaluate(() => (window as unknown as { __pushKey: string }).__pushKey)).to.equal(key);
      const devices = (await suite.stack.call<{ items: Array<{ endpoint: string }> }>('GET', '/me/push-subscriptions', { token })).body.items;
      expect(devices).to.have.length(1);
      expect(devices[0]!.endpoint).to.match(/^https:\/\/127\.0\.0\.1:9\/push\//);
      await page.getByRole('button', { name: 'Turn off on this device' }).click();
      await page.getByText('This device does not receive notifications.').waitFor();
      expect((await suite.stack.call<{ items: unknown[] }>('GET', '/me/push-subscriptions', { token })).body.items).to.deep.equal([]);
    });
  });

  it('when the browser has blocked notifications, the card says how to allow them', async () => {
    await asRole(suite, 'STAFF', async ({ page, context }) => {
      await context.addInitScript(`Object.defineProperty(Notification, 'permission', { get: () => 'denied' }); Notification.requestPermission = async () => 'denied';`);
      await page.goto('/notifications/preferences');
      await page.getByText("Notifications are blocked for this site. Allow them in your browser's site settings, then try again.").waitFor();
    });
  });
});
