import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser build, evaluated in the page (through the DevTools protocol, so the page's CSP does not stop it). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** WCAG 2.1 A and AA: labels, names, roles, contrast. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface Finding {
  rule: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The page's WCAG violations, as axe-core finds them once its content has loaded. */
export async function audit(page: Page): Promise<Finding[]> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  await page.locator('[aria-label^="Loading"]').first().waitFor({ state: 'detached' });
  // Once per document: pages opened inside the app keep it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return result.violations.map((v) => ({ rule: v.id, impact: v.impact ?? null, help: v.help, nodes: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  }, WCAG);
}

