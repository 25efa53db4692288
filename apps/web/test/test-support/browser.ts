import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { DEMO_PASSWORD, startStack, type Stack } from './stack.js';

/** Debian's chromium (apt-get install chromium; .ci/run installs it): no browser is downloaded. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}

/**
 * A fresh browser context (its own localStorage) on the stack's origin. Console errors and failed
 * requests to other origins are collected: a page must reach nothing but its own origin.
 *
 * The context prefers reduced motion, which the app honours (theme.respectReducedMotion): a dialog,
 * menu or notification is at once in its final state instead of fading in or out for 200 ms. A
 * fading dialog is measured by axe at part opacity (low contrast that is not there), and one fading
 * out is still in the page beside what replaced it.
 */
export async function newTab(browser: Browser, stack: Stack, opts: { width?: number; height?: number } = {}): Promise<{ context: BrowserContext; page: Page; foreignRequests: string[] }> {
  const context = await browser.newContext({ baseURL: stack.origin, viewport: { width: opts.width ?? 1280, height: opts.height ?? 800 }, reducedMotion: 'reduce' });
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

/** Writes a screenshot under docs/screenshots when SCREENSHOTS_DIR is set (npm run screenshots). */
export async function screenshot(page: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: false });
}

/**
 * Registers, in the calling `describe`, the file's `npm start` stack and Chromium (started side by
 * side before its tests, stopped after them).
 */
export function browserSuite(): { readonly stack: Stack; readonly browser: Browser } {
  const suite = {} as { stack: Stack; browser: Browser };
  before(async () => {
    [suite.stack, suite.browser] = await Promise.all([startStack(), launchBrowser()]);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.stack?.stop();
  });
  return suite;
}
