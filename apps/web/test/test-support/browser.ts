import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '@wfm/testing/chromium';
import type { Role } from '@wfm/core/tenancy';
import { DEMO_PASSWORD, TEST_ZONE, workerStack, type Company } from './stack.js';

/**
 * A fresh browser context (its own localStorage) on the stack's origin. Console errors and failed
 * requests to other origins are collected: a page must reach nothing but its own origin.
 *
 * The browser is in the test companies' zone (TEST_ZONE, the test process's) unless `timezoneId` says otherwise.
 *
 * The context prefers reduced motion, which the app honours (theme.respectReducedMotion): a dialog,
 * menu or notification is at once in its final state instead of fading in or out for 200 ms. A
 * fading dialog is measured by axe at part opacity (low contrast that is not there), and one fading
 * out is still in the page beside what replaced it.
 */
export async function newTab(
  browser: Browser,
  stack: Company,
  opts: { width?: number; height?: number; timezoneId?: string; locale?: string } = {},
): Promise<{ context: BrowserContext; page: Page; foreignRequests: string[] }> {
  const context = await browser.newContext({
    baseURL: stack.origin,
    viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 },
    reducedMotion: 'reduce',
    // In the test companies' zone unless a test puts the browser elsewhere (timezone.e2e): the console
    // shows the company's times either way, and says whose they are only when the browser is elsewhere.
    timezoneId: opts.timezoneId ?? TEST_ZONE,
    ...(opts.locale ? { locale: opts.locale } : {}),
    ...(stack.forwardedFor ? { extraHTTPHeaders: { 'x-forwarded-for': stack.forwardedFor } } : {}),
  });
  const page = await context.newPage();
  const foreignRequests: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (u.protocol.startsWith('http') && u.origin !== stack.origin) foreignRequests.push(r.url());
  });
  page.setDefaultTimeout(15_000);
  return { context, page, foreignRequests };
}

/** Signs in through the sign-in page, as a person would. */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/sign-in');
  await page.getByLabel(/^Email or mobile number/).fill(email);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Attached, not visible: at phone width the name is not shown in the header.
  await page.getByTestId('signed-in-as').waitFor({ state: 'attached' });
}

/** Where the app keeps its session (apps/web/src/api/session.ts). */
export const SESSION_KEY = 'wfm.session';

/**
 * Signs in as the sign-in page does — the token pair from /auth/login, kept in the origin's
 * localStorage — without opening the app: the page's next `goto` opens it signed in. Starting the
 * app once for the sign-in page and again for the page under test cost a second of CPU a sign-in
 * here; the sign-in page itself has tests of its own (auth.e2e).
 */
export async function signedIn(page: Page, stack: Company, email: string, password = DEMO_PASSWORD): Promise<void> {
  const { accessToken, refreshToken } = await stack.login(email, password);
  // A document of the origin that is not the app, answered in the browser: localStorage is per origin.
  const blank = `${stack.origin}/__sign-in-fixture`;
  await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>fixture</title>' }));
  try {
    await page.goto(blank);
    await page.evaluate(([key, pair]) => localStorage.setItem(key, pair), [SESSION_KEY, JSON.stringify({ accessToken, refreshToken })] as const);
  } finally {
    await page.unroute(blank);
  }
}

/** A tab signed in as the company's demo user of `role`, handed to `use` and closed whatever `use` does. */
export async function asRole(suite: { readonly stack: Company; readonly browser: Browser }, role: Role, use: (tab: Awaited<ReturnType<typeof newTab>>) => Promise<void>): Promise<void> {
  const tab = await newTab(suite.browser, suite.stack);
  try {
    await signedIn(tab.page, suite.stack, suite.stack.email(role));
    await use(tab);
  } finally {
    await tab.context.close();
  }
}

/**
 * A company as the platform operator (or a self sign-up) makes it: on the FREE plan, its owner
 * alone. `key` tells the companies of one stack apart; sign in with `owner`.
 */
export async function freeCompany(stack: Company, key: string): Promise<{ tenantId: string; owner: { email: string; password: string } }> {
  const owner = { email: `owner@free-${key}.test`, password: 'free-owner-password-1' };
  const operator = { authorization: `Bearer ${await stack.platformToken()}` };
  const created = await stack.call('POST', '/platform/tenants', { headers: operator, body: { name: `Free ${key} Ltd`, plan: 'FREE', timezone: TEST_ZONE, owner: { fullName: 'Fay Free', ...owner } } });
  if (created.status !== 201) throw new Error(`creating a FREE company answered ${created.status}: ${JSON.stringify(created.body)}`);
  return { tenantId: created.body.tenant.id, owner };
}

/** Writes a screenshot under docs/screenshots when SCREENSHOTS_DIR is set (npm run screenshots). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

let sharedBrowser: Promise<Browser> | null = null;

/**
 * Registers, in the calling `describe`, the file's company on the worker's `npm start` stack and
 * the worker's Chromium (both started by the worker's first browser file and shared by the files
 * after it; each test opens contexts of its own). With `demo`, the company is the stack's own demo
 * tenant, seeded alive by the start as `npm start` seeds it (issue 34): only a file that reads it
 * and changes nothing another could see takes it.
 */
export function browserSuite(opts: { demo?: boolean } = {}): { readonly stack: Company; readonly browser: Browser } {
  const suite = {} as { stack: Company; browser: Browser };
  before(async () => {
    sharedBrowser ??= launchChromium();
    const [stack, browser] = await Promise.all([workerStack(), sharedBrowser]);
    suite.browser = browser;
    suite.stack = opts.demo ? stack : await stack.newCompany();
  });
  return suite;
}
