import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';

const THROTTLED = { statusCode: 429, message: 'ThrottlerException: Too Many Requests' };
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('GET /app/config (HTTP)', () => {
  describe('with the defaults', () => {
    let h: ApiHarness;
    before(async () => {
      h = await ApiHarness.start({ TRUST_PROXY: 'true' });
    });
    after(async () => h.stop());

    it('answers minimum versions of 1.0.0, no links, no flags but the derived ones, cacheable', async () => {
      const res = await h.request('GET', '/app/config', { headers: { 'x-forwarded-for': '10.173.0.1' } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        apiVersion: 'v1',
        minimumVersions: { ios: '1.0.0', android: '1.0.0' },
        storeUrls: { ios: null, android: null },
        features: { googleSignIn: false },
        support: { email: null, url: null },
        legal: { termsUrl: null, privacyUrl: null },
        notice: null,
      });
      expect(res.headers.get('cache-control')).to.equal('public, max-age=300');
      expect(res.headers.get('etag')).to.equal(`"${sha256(JSON.stringify(res.body))}"`);
    });

    it('answers 304 to its ETag', async () => {
      const headers = { 'x-forwarded-for': '10.173.0.2' };
      const etag = (await h.request('GET', '/app/config', { headers })).headers.get('etag')!;
      const res = await h.request('GET', '/app/config', { headers: { ...headers, 'if-none-match': etag } });
      expect([res.status, res.body, res.headers.get('etag')]).to.deep.equal([304, undefined, etag]);
    });

    it('carries no tenant data: a signed-in caller gets the same answer', async () => {
      const tenant = await createTenant(h.ds);
      const user = await createUser(h.ds, tenant.id, { role: 'TENANT_OWNER' });
      const anonymous = await h.request('GET', '/app/config', { headers: { 'x-forwarded-for': '10.173.0.3' } });
      const signedIn = await h.request('GET', '/app/config', { token: await h.tokenFor(user) });
      expect(signedIn.body).to.deep.equal(anonymous.body);
      expect(JSON.stringify(signedIn.body)).to.not.contain(tenant.id).and.not.contain(tenant.slug);
    });

    it('is limited per source address to the default 120 per 60 s', async () => {
      const headers = { 'x-forwarded-for': '10.173.1.1' };
      for (let i = 1; i <= 120; i++) {
        const res = await h.request('GET', '/app/config', { headers });
        expect(res.status, `call ${i}`).to.equal(200);
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(120 - i));
      }
      const throttled = await h.request('GET', '/app/config', { headers });
      expect([throttled.status, throttled.body]).to.deep.equal([429, THROTTLED]);
      expect(Number(throttled.headers.get('retry-after'))).to.be.within(1, 60);
      expect((await h.request('GET', '/app/config', { headers: { 'x-forwarded-for': '10.173.1.2' } })).status).to.equal(200);
    });
  });

  describe('configured by the operator', () => {
    let h: ApiHarness;
    before(async () => {
      h = await ApiHarness.start({
        APP_MIN_VERSION_IOS: '2.4.0',
        APP_MIN_VERSION_ANDROID: '2.3.1',
        APP_STORE_URL_IOS: 'https://apps.apple.com/app/id0000000000',
        APP_STORE_URL_ANDROID: 'https://play.google.com/store/apps/details?id=com.example.wfm',
        APP_SUPPORT_EMAIL: 'help@example.com',
        APP_SUPPORT_URL: 'https://help.example.com/',
        APP_TERMS_URL: 'https://example.com/terms',
        APP_PRIVACY_URL: 'https://example.com/privacy',
        APP_FEATURE_FLAGS: 'kioskMode, darkMode=false ,payslipsInApp=true',
        APP_NOTICE: 'Planned maintenance on Sunday 02:00–03:00 UTC',
        GOOGLE_SIGN_IN_CLIENT_ID: 'google-client',
        GOOGLE_SIGN_IN_CLIENT_SECRET: 'google-secret',
      });
    });
    after(async () => h.stop());

    it('answers what the environment says', async () => {
      const res = await h.request('GET', '/app/config');
      expect(res.body).to.deep.equal({
        apiVersion: 'v1',
        minimumVersions: { ios: '2.4.0', android: '2.3.1' },
        storeUrls: { ios: 'https://apps.apple.com/app/id0000000000', android: 'https://play.google.com/store/apps/details?id=com.example.wfm' },
        features: { kioskMode: true, darkMode: false, payslipsInApp: true, googleSignIn: true },
        support: { email: 'help@example.com', url: 'https://help.example.com/' },
        legal: { termsUrl: 'https://example.com/terms', privacyUrl: 'https://example.com/privacy' },
        notice: 'Planned maintenance on Sunday 02:00–03:00 UTC',
      });
    });
  });
});
