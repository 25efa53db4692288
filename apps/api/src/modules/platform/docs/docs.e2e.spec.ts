import { expect } from 'chai';
import { CHROMIUM, launchChromium } from '@wfm/testing/chromium';
import { ApiHarness } from '../../../test-support/harness.js';
import { slugOf } from './docs-by-tag.js';

type Operation = { operationId: string; tags: string[]; security?: Record<string, string[]>[] };
type Doc = { info: { title: string; description?: string }; paths: Record<string, Record<string, Operation>>; components: Record<string, Record<string, unknown>> };

const operationsOf = (doc: Doc) => Object.values(doc.paths).flatMap((item) => Object.values(item));

/** Every `$ref` in the value, at any depth. */
function refsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) k === '$ref' && typeof v === 'string' ? into.add(v) : refsIn(v, into);
  return into;
}

/** A local JSON pointer resolved in the document, undefined when it names nothing. */
const resolve = (doc: unknown, ref: string) =>
  ref
    .slice(2)
    .split('/')
    .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce<unknown>((at, key) => (at && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), doc);

describe('GET /api/v1/docs (an index of the areas, a Redoc page per area, served offline)', () => {
  let h: ApiHarness;
  let whole: Doc;
  before(async () => {
    h = await ApiHarness.start();
    whole = (await h.request('GET', '/openapi.json')).body;
  });
  after(async () => h.stop());

  it('lists every area with its count, and every operation of the whole document as a link into its area, with no script', async () => {
    const page = await fetch(`${h.baseUrl}/docs`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).to.contain("default-src 'none'").and.match(/style-src 'sha256-[A-Za-z0-9+/]+=*'/);
    expect(csp).to.not.contain('script-src');
    const html = await page.text();
    expect(html).to.not.match(/<script|https?:\/\//);
    const operations = operationsOf(whole);
    expect(operations.length).to.be.greaterThan(300);
    for (const op of operations) expect(html, op.operationId).to.contain(`href="docs/${slugOf(op.tags[0]!)}#operation/${op.operationId}"`);
    const payroll = operations.filter((op) => op.tags.includes('payroll')).length;
    expect(html).to.contain(`<a href="docs/payroll">payroll</a> <span class="count">${payroll} operations</span>`);
    expect(html).to.contain(`${operations.length} operations in `);
    for (const href of ['docs/public', 'openapi.json', 'public/openapi.json']) expect(html).to.contain(`href="${href}"`);
  });

  it("serves an area's page: Redoc over the area's own document, under a CSP that reaches nothing else", async () => {
    const page = await fetch(`${h.baseUrl}/docs/access-control`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    expect(page.headers.get('content-security-policy')).to.contain("script-src 'self' blob:").and.contain("default-src 'self'");
    const html = await page.text();
    expect(html).to.contain('<title>Workforce Platform API: access control</title>');
    expect(html).to.contain('<redoc spec-url="access-control/openapi.json"></redoc>');
    expect(html).to.contain('<script src="redoc.standalone.js"></script>');
    expect(html).to.not.match(/https?:\/\//);
    const script = await fetch(`${h.baseUrl}/docs/redoc.standalone.js`);
    expect(script.status).to.equal(200);
    expect(script.headers.get('content-type')).to.match(/^application\/javascript/);
    expect((await script.arrayBuffer()).byteLength).to.be.greaterThan(100_000);
    const developer = await (await fetch(`${h.baseUrl}/docs/public`)).text();
    expect(developer).to.contain('<redoc spec-url="../public/openapi.json"></redoc>');
  });

  it("cuts one document per area: its operations and exactly the components they reach, every $ref resolving; together they are the whole", async () => {
    const slugs = [...new Set(operationsOf(whole).map((op) => slugOf(op.tags[0]!)))];
    const seen: string[] = [];
    for (const slug of slugs) {
      const res = await h.request<Doc>('GET', `/docs/${slug}/openapi.json`);
      expect(res.status, slug).to.equal(200);
      const doc = res.body;
      const ops = operationsOf(doc);
      expect(ops.every((op) => slugOf(op.tags[0]!) === slug), slug).to.equal(true);
      seen.push(...ops.map((op) => op.operationId));
      const refs = refsIn(doc);
      for (const ref of refs) expect(resolve(doc, ref), `${slug}: ${ref}`).to.not.equal(undefined);
      const held = Object.entries(doc.components).flatMap(([kind, byName]) => (kind === 'securitySchemes' ? [] : Object.keys(byName).map((name) => `#/components/${kind}/${name}`)));
      expect(held.sort(), slug).to.deep.equal([...refs].sort());
      const schemes = new Set(ops.flatMap((op) => (op.security ?? []).flatMap((s) => Object.keys(s))));
      expect(Object.keys(doc.components.securitySchemes ?? {}).sort(), slug).to.deep.equal([...schemes].sort());
      expect(doc.info.description, slug).to.contain('[All areas](../docs)');
    }
    expect(seen.sort()).to.deep.equal(operationsOf(whole).map((op) => op.operationId).sort());
  });

  it('redirects a path with a trailing slash to the page without it, where its relative links resolve', async () => {
    for (const [path, location, lands] of [
      ['/docs/', '../docs', '/api/v1/docs'],
      ['/docs/payroll/', '../payroll', '/api/v1/docs/payroll'],
    ] as const) {
      const res = await h.request('GET', path);
      expect(res.status, path).to.equal(301);
      expect(res.headers.get('location'), path).to.equal(location);
      expect(new URL(location, `${h.baseUrl}${path}`).pathname).to.equal(lands);
    }
  });

  it('answers 404 for an area that does not exist, page and document', async () => {
    for (const path of ['/docs/no-such-area', '/docs/no-such-area/openapi.json', '/docs/PAYROLL', '/docs/%2e%2e', '/docs/payroll%00/openapi.json']) {
      const res = await h.request('GET', path);
      expect(res.status, path).to.equal(404);
      expect(res.body, path).to.have.property('statusCode', 404);
    }
  });

  it('takes a reader from the index to an area, renders and searches it, and back, compressed and with no CSP violation', async function () {
    // Without Debian's Chromium the browser check is reported pending.
    if (!CHROMIUM) this.skip();
    this.timeout(90_000);
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
      // The index's link to an operation opens its area's page there: Redoc, having found it, shows its own hash for it.
      await tab.locator('a[href="docs/access-control#operation/postAccessApiKeys"]').click();
      await tab.waitForURL(/\/api\/v1\/docs\/access-control#tag\/access-control\/operation\/postAccessApiKeys$/, { timeout: 60_000 });
      const heading = tab.getByRole('heading', { name: /Mint a reader-bridge key/ });
      await heading.waitFor();
      await tab.waitForFunction(() => Math.abs(document.getElementById('operation/postAccessApiKeys')!.getBoundingClientRect().top) < 100);
      // Nothing of another area is in the page.
      expect(await tab.locator('[data-section-id="operation/getHealth"]').count()).to.equal(0);
      // Redocly's logo in the sidebar's footer, the one image Redoc asked of another origin: loaded (a refused one is removed).
      await tab.waitForFunction(() => document.querySelector<HTMLImageElement>('img[alt="redocly logo"]')?.complete === true, undefined, { timeout: 15_000 });
      // Search runs in a worker started from a blob: the CSP lets it.
      await tab.getByPlaceholder('Search...').fill('mint');
      await tab.locator('[data-role="search:results"]').getByRole('menuitem', { name: /Mint a reader-bridge key/ }).waitFor({ timeout: 15_000 });
      await tab.getByRole('link', { name: 'All areas' }).click();
      await tab.waitForURL(/\/api\/v1\/docs$/);
      await tab.getByRole('heading', { level: 1, name: 'Workforce Platform API' }).waitFor();
      expect(violations).to.deep.equal([]);
      expect([...answeredFrom]).to.deep.equal([new URL(h.baseUrl).origin]);
      for (const path of ['/api/v1/docs', '/api/v1/docs/redoc.standalone.js', '/api/v1/docs/access-control/openapi.json']) expect(codings.get(path), path).to.be.oneOf(['br', 'gzip']);
    } finally {
      await browser.close();
    }
  });
});
