import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect } from 'chai';
import { ApiHarness } from '../test-support/harness.js';
import { precompress } from '../build/precompress.js';

interface Raw {
  status: number;
  headers: Record<string, string | undefined>;
  body: Buffer;
}

/** A request as sent on the wire: fetch would decode the body and drop what this checks. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string | undefined>, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const decode = (r: Raw) => (r.headers['content-encoding'] === 'br' ? brotliDecompressSync(r.body) : r.headers['content-encoding'] === 'gzip' ? gunzipSync(r.body) : r.body);

/**
 * What every body served by EncodedBody answers: the coding negotiated by Accept-Encoding (br over
 * gzip when the client likes both alike, q=0 refusing), the decoded bytes equal to the identity's,
 * Vary, a strong ETag per coding and its 304, HEAD, and the Content-Length of the bytes sent.
 */
function negotiates(url: () => string, opts: { warm?: boolean } = {}) {
  let identity: Raw;
  before(async () => {
    // A process compresses its own bodies on the first request; a brotli-only request waits for brotli.
    if (opts.warm) expect((await raw(url(), { 'accept-encoding': 'br' })).headers['content-encoding']).to.equal('br');
    identity = await raw(url());
  });

  it('answers the identity without Accept-Encoding, with Vary, a strong ETag and its length', () => {
    expect(identity.status).to.equal(200);
    expect(identity.headers['content-encoding']).to.equal(undefined);
    expect(identity.headers.vary).to.match(/Accept-Encoding/i);
    expect(identity.headers.etag).to.match(/^"[0-9a-f]{64}"$/);
    expect(Number(identity.headers['content-length'])).to.equal(identity.body.length);
  });

  for (const [accept, coding] of [
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['identity;q=0, *;q=0', undefined],
  ] as const) {
    it(`Accept-Encoding: ${accept} → ${coding ?? 'identity'}, decoding to the same bytes`, async () => {
      const r = await raw(url(), { 'accept-encoding': accept });
      expect(r.status).to.equal(200);
      expect(r.headers['content-encoding']).to.equal(coding);
      expect(r.headers.vary).to.match(/Accept-Encoding/i);
      expect(r.headers['content-type']).to.equal(identity.headers['content-type']);
      expect(Number(r.headers['content-length'])).to.equal(r.body.length);
      expect(decode(r).equals(identity.body)).to.equal(true);
      if (coding) {
        expect(r.body.length).to.be.lessThan(identity.body.length);
        expect(r.headers.etag).to.match(/^"[0-9a-f]{64}"$/).and.not.equal(identity.headers.etag);
      } else expect(r.headers.etag).to.equal(identity.headers.etag);
    });
  }

  it("answers 304 to an If-None-Match naming the coding's ETag, and 200 to another coding's", async () => {
    const br = await raw(url(), { 'accept-encoding': 'br' });
    const again = await raw(url(), { 'accept-encoding': 'br', 'if-none-match': `"nope", W/${br.headers.etag}` });
    expect(again.status).to.equal(304);
    expect(again.body.length).to.equal(0);
    expect(again.headers.etag).to.equal(br.headers.etag);
    expect(again.headers.vary).to.match(/Accept-Encoding/i);
    const other = await raw(url(), { 'accept-encoding': 'gzip', 'if-none-match': br.headers.etag! });
    expect(other.status).to.equal(200);
    expect(other.headers['content-encoding']).to.equal('gzip');
  });

  it('answers HEAD with the headers of the GET and no body', async () => {
    const get = await raw(url(), { 'accept-encoding': 'br' });
    const head = await raw(url(), { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).to.equal(200);
    expect(head.body.length).to.equal(0);
    for (const h of ['content-encoding', 'content-length', 'etag', 'vary', 'content-type', 'cache-control']) expect(head.headers[h], h).to.equal(get.headers[h]);
  });
}

describe('compressed serving: the console assets and the OpenAPI documents (br/gzip/identity)', () => {
  let h: ApiHarness;
  let origin: string;
  const dir = mkdtempSync(join(tmpdir(), 'wfm-web-'));
  const script = `${'export const greeting = "hello, compressed world";\n'.repeat(400)}`;
  before(async () => {
    mkdirSync(join(dir, 'assets', 'nested'), { recursive: true });
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/assets/app-Ab12.js"></script>');
    writeFileSync(join(dir, 'assets', 'app-Ab12.js'), script);
    writeFileSync(join(dir, 'assets', 'nested', 'chunk-Cd34.css'), 'body { color: black; }\n'.repeat(100));
    writeFileSync(join(dir, 'assets', 'tiny-Ef56.js'), 'export {};\n');
    await precompress(join(dir, 'assets'));
    h = await ApiHarness.start({ WEB_APP_DIR: dir });
    origin = new URL(h.baseUrl).origin;
  });
  after(async () => {
    await h.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('a built asset, from the .br/.gz files the build wrote', () => {
    negotiates(() => `${origin}/assets/app-Ab12.js`);

    it('is a year in caches, typed by its name, in a sub-folder too', async () => {
      const r = await raw(`${origin}/assets/app-Ab12.js`, { 'accept-encoding': 'br' });
      expect(r.headers['cache-control']).to.equal('public, max-age=31536000, immutable');
      expect(r.headers['content-type']).to.match(/^(text|application)\/javascript/);
      expect(brotliDecompressSync(r.body).toString()).to.equal(script);
      const css = await raw(`${origin}/assets/nested/chunk-Cd34.css`, { 'accept-encoding': 'gzip' });
      expect(css.headers['content-type']).to.match(/^text\/css/);
      expect(css.headers['content-encoding']).to.equal('gzip');
    });

    it('sends a file too small to gain from a coding as it is, 404 for a file that is not there', async () => {
      const tiny = await raw(`${origin}/assets/tiny-Ef56.js`, { 'accept-encoding': 'br, gzip' });
      expect(tiny.status).to.equal(200);
      expect(tiny.headers['content-encoding']).to.equal(undefined);
      expect(tiny.body.toString()).to.equal('export {};\n');
      expect((await raw(`${origin}/assets/missing-0000.js`)).status).to.equal(404);
      // A path climbing out of the folder names no listed file: it ends as a page path, with the app's page.
      expect((await raw(`${origin}/assets/..%2f..%2f..%2fetc%2fpasswd`)).body.toString()).to.contain('<div id="root"></div>');
    });

    it('still answers index.html for the page paths, never cached', async () => {
      for (const path of ['/', '/sign-in', '/access/zones']) {
        const r = await raw(`${origin}${path}`, { 'accept-encoding': 'br' });
        expect(r.status, path).to.equal(200);
        expect(r.headers['content-type']).to.match(/^text\/html/);
        expect(r.headers['cache-control']).to.equal('no-cache');
        expect(r.body.toString()).to.contain('<div id="root"></div>');
      }
    });
  });

  describe('GET /api/v1/openapi.json, compressed by the process', () => {
    negotiates(() => `${h.baseUrl}/openapi.json`, { warm: true });

    it('is the document as JSON, revalidated by clients', async () => {
      const r = await raw(`${h.baseUrl}/openapi.json`, { 'accept-encoding': 'gzip' });
      expect(r.headers['content-type']).to.equal('application/json; charset=utf-8');
      expect(r.headers['cache-control']).to.equal('no-cache');
      expect(JSON.parse(gunzipSync(r.body).toString())).to.include({ openapi: '3.1.0' });
    });
  });

  describe('GET /api/v1/public/openapi.json, compressed by the process', () => {
    negotiates(() => `${h.baseUrl}/public/openapi.json`, { warm: true });
  });

  describe('GET /api/v1/docs, the index of the areas', () => {
    negotiates(() => `${h.baseUrl}/docs`, { warm: true });
  });

  describe("GET /api/v1/docs/payroll/openapi.json, a tag's document", () => {
    negotiates(() => `${h.baseUrl}/docs/payroll/openapi.json`, { warm: true });
  });

  describe("GET /api/v1/docs/redoc.standalone.js, Redoc's bundle", () => {
    negotiates(() => `${h.baseUrl}/docs/redoc.standalone.js`, { warm: true });
  });
});
