import { fork, type ChildProcess } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { launchChromium } from '@wfm/testing/chromium';
import { withBenchDatabase } from './bench-database.js';

/**
 * `npm run bench:serving`: what the console and the API docs cost a browser. Bytes on the wire of
 * the console's main chunk, Redoc's bundle and both OpenAPI documents in each coding; the time to
 * the first byte of a compressed document in a fresh process (cold: built and compressed on that
 * request) and afterwards (warm); and the docs pages' times in Chromium with an empty cache: the
 * index, the largest area's Redoc page and the developer API's, from navigation to rendered. The app runs in a child process (bench-api's
 * server); bounded: a fixed number of requests and page loads.
 */
const WARM_REQUESTS = Number(process.env.BENCH_WARM_REQUESTS ?? 20);
const PAGE_LOADS = Number(process.env.BENCH_PAGE_LOADS ?? 3);
const CODINGS = ['identity', 'gzip', 'br'] as const;

/** The whole app as `npm run bench:api` serves it (createApiServer, rate limits lifted), without the metrics. */
function spawnApp(dbUrl: string): Promise<{ child: ChildProcess; origin: string }> {
  const child = fork(fileURLToPath(new URL('./bench-api.js', import.meta.url)), ['serve-app', dbUrl, 'no-metrics'], { stdio: 'inherit' });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { port: number }) => resolve({ child, origin: `http://127.0.0.1:${m.port}` }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/** One GET as sent on the wire (fetch would decode it): status, coding, bytes and time to the response head. */
function get(url: string, acceptEncoding: string): Promise<{ status: number; coding: string; bytes: number; ttfbMs: number; body: Buffer }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    request(url, { headers: acceptEncoding === 'identity' ? {} : { 'accept-encoding': acceptEncoding } }, (res) => {
      const ttfbMs = performance.now() - started;
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, coding: String(res.headers['content-encoding'] ?? 'identity'), bytes: body.length, ttfbMs, body });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function wireSizes(origin: string, paths: Record<string, string>): Promise<void> {
  console.log('\nBytes on the wire (Content-Encoding as answered)');
  for (const [label, path] of Object.entries(paths)) {
    const sizes: string[] = [];
    for (const coding of CODINGS) {
      const r = await get(`${origin}${path}`, coding);
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
      sizes.push(`${r.coding} ${kb(r.bytes)}`);
    }
    console.log(`  ${label.padEnd(28)} ${sizes.join('   ')}`);
  }
}

async function timeToFirstByte(dbUrl: string): Promise<void> {
  console.log(`\nTime to first byte of GET /api/v1/openapi.json, Accept-Encoding: br, gzip (a fresh process each cold figure; warm: median of ${WARM_REQUESTS})`);
  const app = await spawnApp(dbUrl);
  try {
    const url = `${app.origin}/api/v1/openapi.json`;
    const cold = await get(url, 'br, gzip');
    // The first brotli request waits for quality 11 to finish; from then on every request gets it.
    const brReady = await get(url, 'br');
    const warm: number[] = [];
    let coding = '';
    for (let i = 0; i < WARM_REQUESTS; i++) {
      const r = await get(url, 'br, gzip');
      warm.push(r.ttfbMs);
      coding = r.coding;
    }
    console.log(`  cold (document built and compressed)  ${cold.ttfbMs.toFixed(0)} ms, answered ${cold.coding} (${kb(cold.bytes)})`);
    console.log(`  first brotli-only request               ${brReady.ttfbMs.toFixed(0)} ms (waits for quality 11)`);
    console.log(`  warm                                    ${median(warm).toFixed(1)} ms, answered ${coding}`);
  } finally {
    app.child.kill();
  }
}

/** A docs page in Chromium, empty cache, from navigation to `rendered` in the page: wall clock, the main thread's busy time, DOM nodes, bytes. */
async function docsPage(origin: string, path: string, rendered: string): Promise<void> {
  const browser = await launchChromium();
  try {
    const runs: { ms: number; taskMs: number; scriptMs: number; nodes: number; bytes: number }[] = [];
    for (let i = 0; i < PAGE_LOADS; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable');
      let bytes = 0;
      page.on('requestfinished', (r) => void r.sizes().then((s) => (bytes += s.responseBodySize + s.responseHeadersSize)));
      const started = performance.now();
      await page.goto(`${origin}${path}`);
      await page.locator(rendered).first().waitFor({ state: 'attached', timeout: 60_000 });
      const ms = performance.now() - started;
      // The main thread's busy time says more than the wall clock on a machine shared with other work.
      const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
      runs.push({ ms, taskMs: metrics.TaskDuration! * 1000, scriptMs: metrics.ScriptDuration! * 1000, nodes: metrics.Nodes!, bytes });
      await context.close();
    }
    const mid = [...runs].sort((a, b) => a.ms - b.ms)[Math.floor(runs.length / 2)]!;
    console.log(`\nGET ${path} in Chromium, empty cache, navigation to ${rendered} in the page (median of ${PAGE_LOADS})`);
    console.log(`  ${mid.ms.toFixed(0)} ms (runs: ${runs.map((r) => r.ms.toFixed(0)).join(', ')} ms), about ${kb(mid.bytes)} transferred`);
    console.log(`  main thread busy ${mid.taskMs.toFixed(0)} ms, of which script ${mid.scriptMs.toFixed(0)} ms; ${mid.nodes} DOM nodes`);
  } finally {
    await browser.close();
  }
}

/** The area (tag) whose document is the largest: the heaviest page the docs have. */
async function largestArea(origin: string): Promise<{ slug: string; bytes: number; operations: number }> {
  const html = (await get(`${origin}/api/v1/docs`, 'identity')).body.toString();
  const slugs = [...new Set([...html.matchAll(/href="docs\/([a-z0-9-]+)"/g)].map((m) => m[1]!))].filter((s) => s !== 'public');
  let largest = { slug: '', bytes: 0, operations: 0 };
  for (const slug of slugs) {
    const { body } = await get(`${origin}/api/v1/docs/${slug}/openapi.json`, 'identity');
    const doc = JSON.parse(body.toString()) as { paths: Record<string, object> };
    if (body.length > largest.bytes) largest = { slug, bytes: body.length, operations: Object.values(doc.paths).reduce((n, item) => n + Object.keys(item).length, 0) };
  }
  return largest;
}

async function main(): Promise<void> {
  await withBenchDatabase('serving', async (dbUrl) => {
    await timeToFirstByte(dbUrl);
    const app = await spawnApp(dbUrl);
    try {
      const html = (await get(app.origin, 'identity')).body.toString();
      const mainChunk = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      if (!mainChunk) throw new Error('the console is not built: npm run build');
      const paths = { [`console ${mainChunk}`]: mainChunk, 'redoc.standalone.js': '/api/v1/docs/redoc.standalone.js', '/api/v1/openapi.json': '/api/v1/openapi.json', '/api/v1/public/openapi.json': '/api/v1/public/openapi.json' };
      // Compress what the process compresses itself before sizing it: a cold request may answer gzip while brotli runs.
      for (const path of Object.values(paths)) await get(`${app.origin}${path}`, 'br');
      const area = await largestArea(app.origin);
      console.log(`\nThe largest area: ${area.slug}, ${area.operations} operations, its document ${kb(area.bytes)}`);
      await wireSizes(app.origin, { ...paths, [`/api/v1/docs/${area.slug}/openapi.json`]: `/api/v1/docs/${area.slug}/openapi.json`, '/api/v1/docs (the index)': '/api/v1/docs' });
      // The index is plain HTML: done when its last area's section is in the page.
      await docsPage(app.origin, '/api/v1/docs', 'main > section:last-of-type');
      // Redoc has rendered the operations: the first operation's section is in the page.
      await docsPage(app.origin, `/api/v1/docs/${area.slug}`, '[data-section-id^="operation/"]');
      await docsPage(app.origin, '/api/v1/docs/public', '[data-section-id^="operation/"]');
    } finally {
      app.child.kill();
    }
  });
}

await main();
