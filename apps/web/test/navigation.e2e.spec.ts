import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { ROLES } from '@wfm/core/tenancy';
import { browserSuite, freeCompany, newTab, signedIn } from './test-support/browser.js';

/**
 * The API calls a page makes, as they answer: the refused ones (402 for the plan, 403) kept, and a
 * promise for the moment none is in flight.
 */
function watchApi(page: Page) {
  const refused: string[] = [];
  let inFlight = 0;
  const settled: (() => void)[] = [];
  const isApi = (url: string) => new URL(url).pathname.startsWith('/api/v1/');
  const done = () => {
    inFlight--;
    if (inFlight === 0) for (const resolve of settled.splice(0)) resolve();
  };
  page.on('request', (r) => {
    if (isApi(r.url())) inFlight++;
  });
  page.on('requestfinished', (r) => {
    if (isApi(r.url())) done();
  });
  page.on('requestfailed', (r) => {
    if (isApi(r.url())) done();
  });
  page.on('response', (r) => {
    if (isApi(r.url()) && (r.status() === 402 || r.status() === 403)) refused.push(`${r.request().method()} ${new URL(r.url()).pathname}`);
  });
  return {
    refused,
    idle: () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => settled.push(resolve))),
  };
}

/** More API calls than this from opening a page to its rest is a page that fetches in a loop (the most any page makes is 7, the home page's first load). */
const CALLS_PER_PAGE = 15;

/** Counts the page's own API calls in the page, where a call and the render it causes are in order. */
const COUNT_API_CALLS = `(() => {
  const counter = { started: 0, inFlight: 0 };
  window.__apiCalls = counter;
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    if (!url.pathname.startsWith('/api/v1/')) return fetch.call(this, input, init);
    counter.started++;
    counter.inFlight++;
    return fetch.call(this, input, init).finally(() => counter.inFlight--);
  };
})()`;

/**
 * The API calls made since the count was last taken, once the page is at rest: nothing in flight,
 * and two frames and a task later still nothing started (a query keyed on the render's own clock
 * refetches right after the answer's render). A page still calling after `bound` calls is reported
 * as it stands rather than waited for.
 */
async function callsUntilRest(page: Page, bound: number): Promise<number> {
  return page.evaluate(async (limit) => {
    const counter = (window as unknown as { __apiCalls: { started: number; inFlight: number } }).__apiCalls;
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    const task = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
    for (;;) {
      while (counter.inFlight > 0 && counter.started <= limit) await frame();
      const seen = counter.started;
      await frame();
      await frame();
      await task();
      if (counter.started > limit || (counter.started === seen && counter.inFlight === 0)) break;
    }
    const calls = counter.started;
    counter.started = 0;
    return calls;
  }, bound);
}

/**
 * The page under `path` has replaced the one before it (whose heading `leave` marked), drawn its
 * heading, and has no loader left.
 */
async function pageShown(page: Page, path: string): Promise<void> {
  await page.waitForFunction((p) => {
    const main = document.querySelector('main');
    const heading = main?.querySelector('h1');
    return location.pathname === p && heading && heading.dataset.left === undefined && main!.querySelector('[role="status"]') === null;
  }, path);
}

/** Marks the shown page's heading, so that pageShown waits for the next page's own. */
async function leave(page: Page): Promise<void> {
  await page.evaluate(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    if (heading) heading.dataset.left = '';
  });
}

describe('web console: the navigation of every role leads to no refusal and every page comes to rest (headless Chromium)', function () {
  this.timeout(120_000);
  const suite = browserSuite();

  // Single sign-on is the operator's to switch on; with it off its settings page is refused (403) for
  // want of it, not for the role, and says so.
  before(async () => {
    const owner = await suite.stack.tokenOf(suite.stack.email('TENANT_OWNER'));
    const tenant = await suite.stack.call<{ id: string }>('GET', '/tenant', { token: owner });
    const operator = { authorization: `Bearer ${await suite.stack.platformToken()}` };
    expect((await suite.stack.call('PATCH', `/platform/tenants/${tenant.body.id}`, { headers: operator, body: { ssoEnabled: true } })).status).to.equal(200);
  });

  /** Signs in, walks every entry of the navigation, and returns the entries, what the API refused and each page's API calls. */
  async function walk(email: string, password?: string) {
    const { context, page } = await newTab(suite.browser, suite.stack);
    try {
      const api = watchApi(page);
      await signedIn(page, suite.stack, email, password);
      await page.addInitScript(COUNT_API_CALLS);
      await page.goto('/');
      await pageShown(page, '/');
      const calls: Record<string, number> = { '/': await callsUntilRest(page, CALLS_PER_PAGE) };
      const nav = page.getByRole('navigation', { name: 'Main' });
      const entries = await nav.getByRole('link').evaluateAll((links) => links.map((a) => ({ name: a.textContent ?? '', to: new URL((a as HTMLAnchorElement).href).pathname })));
      for (const { name, to } of entries) {
        await leave(page);
        await nav.getByRole('link', { name, exact: true }).click();
        await pageShown(page, to);
        calls[to] = await callsUntilRest(page, CALLS_PER_PAGE);
        await api.idle();
      }
      return { entries, refused: api.refused, calls };
    } finally {
      await context.close();
    }
  }

  for (const role of ROLES) {
    it(`${role}: every entry shown opens a page whose API calls are all allowed and few`, async () => {
      const { entries, refused, calls } = await walk(suite.stack.email(role));
      expect(entries.length, 'entries shown').to.be.greaterThan(3);
      expect(refused, `refused for ${role}`).to.deep.equal([]);
      expect(Object.entries(calls).filter(([, n]) => n > CALLS_PER_PAGE), `pages of ${role} still calling the API after ${CALLS_PER_PAGE} calls`).to.deep.equal([]);
    });
  }

  it('a new FREE company’s owner: no entry of a feature the plan lacks, and every page shown without a refusal (402 or 403)', async () => {
    const { owner } = await freeCompany(suite.stack, 'navigation');
    const { entries, refused } = await walk(owner.email, owner.password);
    expect(entries.map((e) => e.to)).to.include('/admin/billing');
    expect(entries.map((e) => e.to).filter((to) => /^\/(access|developers|settings\/sso|me\/door)/.test(to))).to.deep.equal([]);
    expect(refused, 'refused on FREE').to.deep.equal([]);
  });
});
