import { createHash } from 'node:crypto';
import escapeHtml from 'escape-html';
import type { TagDocument } from './docs-by-tag.js';

/**
 * A Redoc page allows what Redoc needs and nothing from elsewhere: its own script, the inline
 * styles it generates, and a worker it starts from a blob for search.
 */
export const REDOC_CSP = [
  "default-src 'self'",
  "script-src 'self' blob:",
  "worker-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

export const redocPage = (title: string, specUrl: string, scriptUrl: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body>
<redoc spec-url="${escapeHtml(specUrl)}"></redoc>
<script src="${escapeHtml(scriptUrl)}"></script>
</body>
</html>
`;

/** A tag's page links back to the index from its description, the one place of Redoc's page that is ours (served at /docs/<slug>, hence `../`). */
export const tagDescription = (tag: string) =>
  `The **${tag}** operations of the Workforce Platform API. [All areas](../docs) · [The whole OpenAPI document](../openapi.json) · [The developer API](public)`;

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;color:#222}main{max-width:60rem;margin:0 auto;padding:1rem 1.5rem 4rem}
h1{margin-bottom:.25rem}h2{margin:2rem 0 .5rem;font-size:1.2rem}a{color:#1d4ed8}code{font:.85em ui-monospace,monospace}
.areas{columns:16rem;padding:0;list-style:none}.areas li{break-inside:avoid}.count{color:#666;font-size:.9em}
.ops{list-style:none;padding:0;margin:0}.ops li{padding:.1rem 0}.method{display:inline-block;width:4.5em;font-weight:600}`;

/** The index has no script at all: its only allowance is its own stylesheet, by hash. */
export const INDEX_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * GET /api/v1/docs: every area (tag) with its operations, each a link into that area's Redoc page,
 * so any operation is a click away and the browser's find searches all of them. Plain HTML: it
 * renders in milliseconds whatever the size of the API.
 */
export function indexPage(title: string, tags: readonly TagDocument[]): string {
  const total = tags.reduce((n, t) => n + t.operations.length, 0);
  const count = (n: number) => `${n} operation${n === 1 ? '' : 's'}`;
  const areas = tags.map((t) => `<li><a href="#${t.slug}">${escapeHtml(t.tag)}</a> <span class="count">${t.operations.length}</span></li>`).join('\n');
  const sections = tags
    .map((t) => {
      const ops = t.operations
        .map((op) => `<li><a href="docs/${t.slug}#operation/${encodeURIComponent(op.operationId)}"><span class="method">${op.method.toUpperCase()}</span><code>${escapeHtml(op.path)}</code></a> ${escapeHtml(op.summary)}</li>`)
        .join('\n');
      return `<section id="${t.slug}">\n<h2><a href="docs/${t.slug}">${escapeHtml(t.tag)}</a> <span class="count">${count(t.operations.length)}</span></h2>\n<ul class="ops">\n${ops}\n</ul>\n</section>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${count(total)} in ${tags.length} areas. Each area has its own reference page, with search; every operation below links to its place there.
The whole document, for tools and client generators: <a href="openapi.json">openapi.json</a>.</p>
<p>Integrating with OAuth clients or API keys? The <a href="docs/public">developer API reference</a> (<a href="public/openapi.json">openapi.json</a>) is all you need.</p>
<nav aria-label="Areas">
<ul class="areas">
${areas}
</ul>
</nav>
${sections}
</main>
</body>
</html>
`;
}
