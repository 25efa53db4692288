import { expect } from 'chai';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_PLATFORM_TOKEN } from '../test-support/harness.js';
import { apiKeyFor } from '../test-support/developer-credentials.js';

/**
 * Spec 01, Authentication: "A credential sent to a route that does not accept it is rejected with
 * 401". Every kind of credential the API issues, on a route of every other kind.
 */
describe('credential kinds: each opens its own routes only (spec 01)', () => {
  let h: ApiHarness;
  const credentials: Record<string, string> = {};
  before(async () => {
    h = await ApiHarness.start();
    const tenantId = (await createTenant(h.ds, { plan: 'ENTERPRISE', ssoEnabled: true, publicApiEnabled: true })).id;
    const owner = await createUser(h.ds, tenantId, { role: 'TENANT_OWNER' });
    credentials.userJwt = await h.tokenFor(owner);
    credentials.developerKey = await apiKeyFor(h, tenantId, ['scim:read', 'attendance:read']);
    const outletId = (await createOutlet(h.ds, tenantId)).id;
    credentials.kiosk = (await h.request('POST', '/kiosks', { token: credentials.userJwt, body: { outletId, name: 'Tablet' } })).body.token;
    credentials.readerKey = (await h.request('POST', '/access/api-keys', { token: credentials.userJwt, body: { name: 'Bridge' } })).body.key;
    credentials.platform = TEST_PLATFORM_TOKEN;
    for (const [kind, value] of Object.entries(credentials)) expect(value, kind).to.be.a('string').with.length.above(20);
  });
  after(async () => h.stop());

  const routes: Array<{ kind: string; path: string; accepts: string[] }> = [
    { kind: 'user', path: '/users', accepts: ['userJwt'] },
    { kind: 'developer API', path: '/public/outlets', accepts: ['developerKey'] },
    { kind: 'SCIM', path: '/scim/v2/Users', accepts: ['developerKey'] },
    { kind: 'kiosk', path: '/kiosk/workers', accepts: ['kiosk'] },
  ];

  for (const route of routes) {
    it(`GET ${route.path} (${route.kind}) answers 401 to every other credential`, async () => {
      for (const [kind, value] of Object.entries(credentials)) {
        const res = await h.request('GET', route.path, { token: value });
        if (route.accepts.includes(kind)) expect(res.status, kind).to.equal(200);
        else expect(res.status, `${kind} on ${route.path}`).to.equal(401);
      }
    });
  }

  it('the operator routes are invisible (404) to every credential but the platform token', async () => {
    for (const [kind, value] of Object.entries(credentials)) {
      expect((await h.request('GET', '/platform/leads', { token: value })).status, kind).to.equal(kind === 'platform' ? 200 : 404);
    }
  });
});
