import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

/**
 * The browser the tests drive: Debian's Chromium build, never a downloaded one. Its headless shell
 * (package chromium-headless-shell, the build Playwright itself uses for headless runs) is preferred:
 * the same Blink and V8 as `chromium`, without the desktop browser around them, it took a third of
 * the CPU per page load here (docs/decisions.md, "Issue 28 — a faster suite").
 */
const CANDIDATES = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'];

export const CHROMIUM: string | null = process.env.CHROMIUM_PATH ?? CANDIDATES.find((path) => existsSync(path)) ?? null;

export async function launchChromium(): Promise<Browser> {
  if (!CHROMIUM || !existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM ?? CANDIDATES.join(' or ')}: apt-get install chromium-headless-shell, or set CHROMIUM_PATH`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
}
