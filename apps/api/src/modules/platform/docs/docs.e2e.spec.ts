import { expect } from 'chai';
import { CHROMIUM, launchChromium } from '@wfm/testing/chromium';
import { ApiHarness } from '../../../test-support/harness.js';

describe('GET /api/v1/docs (Redoc, served offline)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  it('serves the page with its own script and the OpenAPI document, under a CSP that reaches nothing else', async () => {
    const page = await fetch(`${h.baseUrl}/docs`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const html = await page.text();
    expect(html).to.contain('<redoc spec-url="openapi.json"></redoc>');
    expect(html).to.contain('<script src="docs/redoc.standalone.js"></script>');
    expect(html).to.not.match(/https?:\/\//);
    expect(page.headers.get('content-security-policy')).to.contain("script-src 'self' blob:");
    const script = await fetch(`${h.baseUrl}/docs/redoc.standalone.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.match(/^application\/javascript/);
    expect((await script.arrayBuffer()).byteLength).to.be.greaterThan(100_000);
    const developer = await (await fetch(`${h.baseUrl}/docs/public`)).text();
    expect(developer).to.contain('<redoc spec-url="../public/openapi.json"></redoc>');
  });

  it('renders the operations in a real browser', async function () {
    // Without Debian's Chromium the browser check is reported pending.
    if (!CHROMIUM) this.skip();
    this.timeout(60_000);
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      // Redoc's footer asks for a logo from its CDN: the page's CSP refuses it, so nothing but the API answers.
      const answeredFrom = new Set<string>();
      tab.on('response', (r) => answeredFrom.add(new URL(r.url()).origin));
      await tab.goto(`${h.baseUrl}/docs`);
      await tab.getByText('Workforce Platform API').first().waitFor({ timeout: 30_000 });
      // An operation's summary, rendered from the document (the menu holds it collapsed, hence attached).
      await tab.getByText('Mint a reader-bridge key', { exact: false }).first().waitFor({ state: 'attached', timeout: 30_000 });
      expect(await tab.getByRole('heading', { name: /Mint a reader-bridge key/ }).count()).to.be.greaterThan(0);
      expect([...answeredFrom]).to.deep.equal([new URL(h.baseUrl).origin]);
    } finally {
      await browser.close();
    }
  });
});
