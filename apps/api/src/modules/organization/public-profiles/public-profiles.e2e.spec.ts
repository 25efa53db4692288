import { createHash } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect } from 'chai';
import { ROLES } from '@wfm/core/tenancy';
import { createOutlet, createUser, type CreatedUser } from '@wfm/testing/factories';
import { publicApiSuite } from '../../../test-support/api-suite.js';
import { describeImage, jpegWithExif, pngImage, sendForm } from '../../../test-support/image-uploads.js';
import type { HttpResult } from '../../../test-support/harness.js';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const CARD_NOT_FOUND = { message: 'Profile not found', error: 'Not Found', statusCode: 404 };
const NO_PHOTO = { message: 'There is no profile photo', error: 'Not Found', statusCode: 404 };
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };
const UID = /^[A-Za-z0-9_-]{22}$/;

describe('public profile cards: GET /u/:uid and the owner’s /me/public-profile routes (HTTP)', () => {
  const s = publicApiSuite(172);
  const from = () => ({ 'x-forwarded-for': s.ip });
  let me: CreatedUser;
  let token: string;
  beforeEach(async () => {
    me = await createUser(s.h.ds, s.tenantA, { role: 'OUTLET_MANAGER', fullName: 'Grace Hopper' });
    token = await s.h.tokenFor(me);
  });

  const api = (path: string) => `${s.h.config.publicAppUrl}/api/v1${path}`;
  const patch = (body: unknown, as = token) => s.h.request('PATCH', '/me/public-profile', { token: as, body });
  const card = (uid: string, headers: Record<string, string> = {}) => s.h.request('GET', `/u/${uid}`, { headers: { ...from(), ...headers } });
  const photo = (uid: string, headers: Record<string, string> = {}) => s.h.request('GET', `/u/${uid}/photo`, { binary: true, headers: { ...from(), ...headers } });
  const putPhoto = (data: Buffer, as = token, filename = 'me.png') => sendForm(s.h, 'PUT', '/me/public-profile/photo', { field: 'photo', data, filename, token: as });
  const enable = async () => (await patch({ enabled: true })).body.uid as string;
  const tenantRow = async (id: string) => ((await s.h.ds.query(`SELECT name, slug FROM tenants WHERE id = $1`, [id])) as Array<{ name: string; slug: string }>)[0]!;
  const storedPhotos = async () => readdir(join(s.h.filesDir, s.tenantA, 'profile-photos')).catch(() => [] as string[]);
  const assign = (user: CreatedUser, outletId: string) => s.h.ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $3)`, [user.tenantId, user.id, outletId]);

  describe('the owner’s settings', () => {
    it('starts off, with no public identifier', async () => {
      const res = await s.h.request('GET', '/me/public-profile', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ enabled: false, uid: null, cardUrl: null, outletId: null, photo: null, updatedAt: null });
    });

    it('switching on gives a random public id unrelated to the user id, and the card answers at it', async () => {
      const res = await patch({ enabled: true });
      expect(res.status).to.equal(200);
      const uid = res.body.uid;
      expect(uid).to.match(UID);
      expect(uid).to.not.contain(me.id.replace(/-/g, '').slice(0, 8));
      expect(res.body).to.deep.equal({ enabled: true, uid, cardUrl: api(`/u/${uid}`), outletId: null, photo: null, updatedAt: s.h.clock.now().toISOString() });
      const tenant = await tenantRow(s.tenantA);
      const shown = await card(uid);
      expect(shown.status).to.equal(200);
      expect(shown.body).to.deep.equal({ uid, name: 'Grace Hopper', roleTitle: 'Outlet Manager', photoUrl: null, outlet: null, company: { name: tenant.name, slug: tenant.slug, logoUrl: null } });
      expect(shown.headers.get('cache-control')).to.equal('public, no-cache');
      expect(shown.headers.get('etag')).to.equal(`"${sha256(Buffer.from(JSON.stringify(shown.body)))}"`);
    });

    it('switching off makes the card 404 at once; switching on again keeps the same id', async () => {
      const uid = await enable();
      expect((await patch({ enabled: false })).body).to.deep.include({ enabled: false, uid });
      const off = await card(uid);
      expect([off.status, off.body]).to.deep.equal([404, CARD_NOT_FOUND]);
      expect((await patch({ enabled: true })).body.uid).to.equal(uid);
      expect((await card(uid)).status).to.equal(200);
    });

    it('rotating gives a new id: the old address and its photo stop answering', async () => {
      const uid = await enable();
      await putPhoto(await pngImage());
      const res = await s.h.request('POST', '/me/public-profile/rotate', { token });
      expect(res.status).to.equal(200);
      expect(res.body.uid).to.match(UID).and.not.equal(uid);
      expect(res.body.cardUrl).to.equal(api(`/u/${res.body.uid}`));
      expect(res.body.photo.url).to.equal(api(`/u/${res.body.uid}/photo`));
      expect((await card(uid)).status).to.equal(404);
      expect((await photo(uid)).status).to.equal(404);
      expect((await card(res.body.uid)).body.photoUrl).to.equal(api(`/u/${res.body.uid}/photo`));
      expect((await photo(res.body.uid)).status).to.equal(200);
    });

    it('rotating before any set-up makes the card (off) with an id', async () => {
      const res = await s.h.request('POST', '/me/public-profile/rotate', { token });
      expect(res.body).to.deep.include({ enabled: false, outletId: null, photo: null });
      expect(res.body.uid).to.match(UID);
      expect((await card(res.body.uid)).status).to.equal(404);
    });

    it('shows a chosen outlet while the person is assigned to it and it is active', async () => {
      const outlet = await createOutlet(s.h.ds, s.tenantA, { name: 'Soho', city: 'London' });
      await assign(me, outlet.id);
      const uid = await enable();
      expect((await patch({ outletId: outlet.id })).body.outletId).to.equal(outlet.id);
      expect((await card(uid)).body.outlet).to.deep.equal({ name: 'Soho', city: 'London' });
      await s.h.ds.query(`UPDATE outlets SET status = 'INACTIVE' WHERE id = $1`, [outlet.id]);
      expect((await card(uid)).body.outlet).to.equal(null);
      await s.h.ds.query(`UPDATE outlets SET status = 'ACTIVE' WHERE id = $1`, [outlet.id]);
      await s.h.ds.query(`DELETE FROM user_outlets WHERE user_id = $1`, [me.id]);
      expect((await card(uid)).body.outlet).to.equal(null);
      expect((await patch({ outletId: null })).body.outletId).to.equal(null);
    });

    it('refuses an outlet the person is not assigned to (400) and one of another tenant (404)', async () => {
      const notMine = await createOutlet(s.h.ds, s.tenantA);
      const res = await patch({ outletId: notMine.id });
      expect([res.status, res.body]).to.deep.equal([400, badRequest('outletId must be one of the outlets you are assigned to')]);
      const foreign = await createOutlet(s.h.ds, s.tenantB);
      const other = await patch({ outletId: foreign.id });
      expect([other.status, other.body]).to.deep.equal([404, { message: 'Outlet not found', error: 'Not Found', statusCode: 404 }]);
      expect(await s.h.ds.query(`SELECT 1 FROM user_public_profiles WHERE user_id = $1`, [me.id])).to.deep.equal([]);
    });

    const invalid: Array<[string, unknown, string[]]> = [
      ['an empty body', {}, ['body must contain at least one of: enabled, outletId']],
      ['enabled as text', { enabled: 'yes' }, ['enabled must be a boolean']],
      ['an outletId that is not a UUID', { outletId: 'soho' }, ['outletId must be a UUID']],
      ['an unknown property', { enabled: true, title: 'CEO' }, ['property title should not exist']],
    ];
    for (const [what, body, messages] of invalid) {
      it(`PATCH is 400 for ${what}`, async () => {
        const res = await patch(body);
        expect([res.status, res.body]).to.deep.equal([400, badRequest(...messages)]);
      });
    }

    it('every role may keep a card; each route is 401 without a token', async () => {
      for (const role of ROLES) {
        const t = await s.tokenAs(role);
        const res = await patch({ enabled: true }, t);
        expect(res.status, role).to.equal(200);
      }
      const routes: Array<[string, string, unknown?]> = [
        ['GET', '/me/public-profile'],
        ['PATCH', '/me/public-profile', { enabled: true }],
        ['POST', '/me/public-profile/rotate'],
        ['DELETE', '/me/public-profile/photo'],
      ];
      for (const [method, path, body] of routes) expect((await s.h.request(method, path, { body })).body, `${method} ${path}`).to.deep.equal(UNAUTHORIZED);
      expect((await sendForm(s.h, 'PUT', '/me/public-profile/photo', { field: 'photo', data: await pngImage() })).body).to.deep.equal(UNAUTHORIZED);
    });

    it("touches the caller's own card only", async () => {
      const colleague = await createUser(s.h.ds, s.tenantA, { role: 'STAFF' });
      const theirs = (await patch({ enabled: true }, await s.h.tokenFor(colleague))).body.uid;
      await patch({ enabled: false });
      await s.h.request('POST', '/me/public-profile/rotate', { token });
      expect((await card(theirs)).status).to.equal(200);
    });

    it('fires no domain event', async () => {
      await enable();
      await putPhoto(await pngImage());
      await s.h.request('POST', '/me/public-profile/rotate', { token });
      expect(await s.h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1`, [s.tenantA])).to.deep.equal([]);
    });
  });

  describe('GET /u/:uid', () => {
    it('names the role in words, and shows the company logo when the tenant has one', async () => {
      const staff = await createUser(s.h.ds, s.tenantA, { role: 'STAFF', fullName: 'Ada Lovelace' });
      const uid = (await patch({ enabled: true }, await s.h.tokenFor(staff))).body.uid;
      await sendForm(s.h, 'PUT', '/branding/logo', { field: 'logo', data: await pngImage(), filename: 'logo.png', token: await s.tokenAs('TENANT_OWNER') });
      const res = await card(uid);
      expect(res.body).to.deep.include({ name: 'Ada Lovelace', roleTitle: 'Team Member' });
      expect(res.body.company.logoUrl).to.equal(api(`/branding/logo/${s.tenantA}`));
    });

    it('is 404 once the person is deactivated or removed, and back when reactivated', async () => {
      const uid = await enable();
      await s.h.ds.query(`UPDATE users SET status = 'INACTIVE' WHERE id = $1`, [me.id]);
      expect((await card(uid)).body).to.deep.equal(CARD_NOT_FOUND);
      await s.h.ds.query(`UPDATE users SET status = 'ACTIVE' WHERE id = $1`, [me.id]);
      expect((await card(uid)).status).to.equal(200);
      await s.h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [me.id]);
      expect((await card(uid)).body).to.deep.equal(CARD_NOT_FOUND);
    });

    it('is 404 for an id no card has and 400 for one of the wrong form', async () => {
      expect((await card('A'.repeat(22))).body).to.deep.equal(CARD_NOT_FOUND);
      for (const bad of ['short', 'A'.repeat(23), me.id]) {
        const res = await card(bad);
        expect([res.status, res.body], bad).to.deep.equal([400, badRequest('uid must be a profile identifier (22 characters)')]);
      }
    });

    it('answers 304 to a current If-None-Match, and 200 once the card changed', async () => {
      const uid = await enable();
      const etag = (await card(uid)).headers.get('etag')!;
      const same = await card(uid, { 'if-none-match': etag });
      expect([same.status, same.body, same.headers.get('etag')]).to.deep.equal([304, undefined, etag]);
      await s.h.ds.query(`UPDATE users SET full_name = 'Grace B. Hopper' WHERE id = $1`, [me.id]);
      const changed = await card(uid, { 'if-none-match': etag });
      expect([changed.status, changed.body.name]).to.deep.equal([200, 'Grace B. Hopper']);
    });
  });

  describe('the photo', () => {
    it('is stored without metadata, upright and at most 800 pixels, and served bound to the card with an ETag', async () => {
      const uid = await enable();
      const res = await putPhoto(await jpegWithExif(1600, 1200), token, 'me.jpg');
      expect(res.status).to.equal(200);
      expect(res.body.photo).to.deep.equal({ url: api(`/u/${uid}/photo`), mediaType: 'image/jpeg', bytes: res.body.photo.bytes, uploadedAt: s.h.clock.now().toISOString() });
      const served = await photo(uid);
      expect(served.status).to.equal(200);
      expect(served.headers.get('content-type')).to.equal('image/jpeg');
      expect(served.headers.get('etag')).to.equal(`"${sha256(served.body)}"`);
      expect(served.headers.get('cache-control')).to.equal('public, no-cache');
      expect(served.headers.get('cross-origin-resource-policy')).to.equal('cross-origin');
      expect(served.body.length).to.equal(res.body.photo.bytes);
      expect(await describeImage(served.body)).to.deep.equal({ format: 'jpeg', width: 600, height: 800, exif: false });
      expect(served.body.includes('home-at-51.5074N')).to.equal(false);
      expect((await card(uid)).body.photoUrl).to.equal(api(`/u/${uid}/photo`));
      const again = await photo(uid, { 'if-none-match': served.headers.get('etag')! });
      expect([again.status, again.body.length]).to.deep.equal([304, 0]);
    });

    it('is 404 while the card is off, and when there is none', async () => {
      const uid = await enable();
      expect((await photo(uid)).status).to.equal(404);
      expect(JSON.parse((await photo(uid)).body.toString())).to.deep.equal(NO_PHOTO);
      await putPhoto(await pngImage());
      await patch({ enabled: false });
      expect(JSON.parse((await photo(uid)).body.toString())).to.deep.equal(CARD_NOT_FOUND);
    });

    it('can be uploaded before the card is switched on', async () => {
      const res = await putPhoto(await pngImage());
      expect(res.body).to.deep.include({ enabled: false });
      expect(res.body.photo.mediaType).to.equal('image/png');
      expect((await photo(res.body.uid)).status).to.equal(404);
      await patch({ enabled: true });
      expect((await photo(res.body.uid)).status).to.equal(200);
    });

    it('replacing it deletes the old file; removing it deletes the file, and a second removal is 404', async () => {
      const uid = await enable();
      await putPhoto(await pngImage(10, 10));
      const [first] = await storedPhotos();
      await putPhoto(await pngImage(20, 20));
      const files = await storedPhotos();
      expect(files).to.have.length(1);
      expect(files[0]).to.not.equal(first);
      const del = await s.h.request('DELETE', '/me/public-profile/photo', { token });
      expect(del.status).to.equal(204);
      expect(await storedPhotos()).to.deep.equal([]);
      expect((await card(uid)).body.photoUrl).to.equal(null);
      const again = await s.h.request('DELETE', '/me/public-profile/photo', { token });
      expect([again.status, again.body]).to.deep.equal([404, NO_PHOTO]);
    });

    const refused: Array<[string, () => Promise<Buffer>, number, unknown]> = [
      ['an SVG (photos are bitmaps)', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>'), 415, { message: 'photo must be a PNG or JPEG image (judged by its content)', error: 'Unsupported Media Type', statusCode: 415 }],
      ['a PDF named me.jpg', async () => Buffer.from('%PDF-1.4\n%%EOF'), 415, { message: 'photo must be a PNG or JPEG image (judged by its content)', error: 'Unsupported Media Type', statusCode: 415 }],
      ['a JPEG signature followed by garbage', async () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 1)]), 422, { message: 'photo could not be read as a JPEG image', error: 'Unprocessable Entity', statusCode: 422 }],
      ['a file over 1 MB', async () => Buffer.concat([await pngImage(), Buffer.alloc(1024 * 1024)]), 413, { message: 'Request body is too large', error: 'Payload Too Large', statusCode: 413 }],
    ];
    for (const [what, make, status, body] of refused) {
      it(`is ${status} for ${what}, and stores nothing`, async () => {
        const res = await putPhoto(await make(), token, 'me.jpg');
        expect([res.status, res.body]).to.deep.equal([status, body]);
        expect(await storedPhotos()).to.deep.equal([]);
      });
    }

    it('is 400 without a file', async () => {
      const res = await sendForm(s.h, 'PUT', '/me/public-profile/photo', { token, fields: { caption: 'me' } });
      expect([res.status, res.body]).to.deep.equal([400, badRequest('photo is required: a file in multipart/form-data')]);
    });
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

    it('GET /u/:uid counts unknown ids too, so guessing is throttled', async () => {
      await exhaust((headers) => s.h.request('GET', `/u/${'B'.repeat(22)}`, { headers }));
    });

    it('GET /u/:uid/photo', async () => {
      await putPhoto(await pngImage());
      const uid = await enable();
      await exhaust((headers) => s.h.request('GET', `/u/${uid}/photo`, { headers }));
    });
  });
});
