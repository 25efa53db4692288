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

  it('renders the operations in a real browser, loading compressed resources, with no CSP violation', async function () {
    // Without Debian's Chromium the browser check is reported pending.
    if (!CHROMIUM) this.skip();
    this.timeout(60_000);
    const browser = await launchChromium();
    try {
      const tab = await browser.newPage();
      const answeredFrom = new Set<string>();
      const codings = new Map<string, string>();
      tab.on('response', (r) => {
        answeredFrom.add(new URL(r.url()).origin);
        codings.set(new URL(r.url()).pathname, r.headers()['content-encoding'] ?? 'identity');
      });
      // Chromium reports a refused load both ways: an event in the page and a console error.
      const violations: string[] = [];
      tab.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      await tab.exposeFunction('reportViolation', (v: string) => violations.push(v));
      await tab.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => void (window as unknown as { reportViolation(v: string): void }).reportViolation(`${e.violatedDirective} ${e.blockedURI}`));
      });
      await tab.goto(`${h.baseUrl}/docs`);
      await tab.getByText('Workforce Platform API').first().waitFor({ timeout: 30_000 });
      // An operation's summary, rendered from the document (the menu holds it collapsed, hence attached).
      await tab.getByText('Mint a reader-bridge key', { exact: false }).first().waitFor({ state: 'attached', timeout: 30_000 });
      expect(await tab.getByRole('heading', { name: /Mint a reader-bridge key/ }).count()).to.be.greaterThan(0);
      // Redocly's logo in the sidebar's footer, the one image Redoc asked of another origin: loaded (a refused one is removed).
      await tab.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="redocly logo"]')?.complete === true, undefined, { timeout: 15_000 });
      expect(violations).to.deep.equal([]);
      expect([...answeredFrom]).to.deep.equal([new URL(h.baseUrl).origin]);
      expect(codings.get('/api/v1/docs/redoc.standalone.js')).to.be.oneOf(['br', 'gzip']);
      expect(codings.get('/api/v1/openapi.json')).to.be.oneOf(['br', 'gzip']);
    } finally {
      await browser.close();
    }
  });
});
