import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createTenant, createUser } from '@wfm/testing/factories';
import { startTestReceiver } from '@wfm/testing/https-receiver';
import { ApiHarness, type HttpResult } from '../../../test-support/harness.js';
import { TestOidcProvider, TestSamlIdp } from '../../../test-support/identity-providers.js';

const APP = 'https://app.wfm.test';
const API = `${APP}/api/v1`;
const OIDC_CALLBACK = `${API}/auth/sso/callback`;
const GOOGLE_CALLBACK = `${API}/auth/google/callback`;
const ACS = `${API}/auth/sso/saml/acs`;
const CLIENT = { clientId: 'wfm-tenant-app', clientSecret: 'tenant-client-secret-1' };
const GOOGLE = { clientId: 'wfm-google-app', clientSecret: 'google-client-secret-1' };

describe('single sign-on (OIDC, SAML, Sign in with Google) and its connections', () => {
  let h: ApiHarness;
  // Each request from an address of its own: the routes' own rate limits are tested in rate-limits.e2e.
  let address = 0;
  const call = (method: string, path: string, opts: Parameters<ApiHarness['request']>[2] = {}): Promise<HttpResult> =>
    h.request(method, path, { ...opts, headers: { ...opts.headers, 'x-forwarded-for': `100.72.${(++address >> 8) & 255}.${address & 255}` } });
  let idp: TestOidcProvider;
  let saml: TestSamlIdp;
  before(async () => {
    idp = await TestOidcProvider.start([
      { ...CLIENT, redirectUri: OIDC_CALLBACK },
      { ...GOOGLE, redirectUri: GOOGLE_CALLBACK },
    ]);
    saml = await TestSamlIdp.create();
    h = await ApiHarness.start({
      ...idp.apiEnv(),
      PUBLIC_APP_URL: APP,
      TRUST_PROXY: 'true',
      GOOGLE_SIGN_IN_CLIENT_ID: GOOGLE.clientId,
      GOOGLE_SIGN_IN_CLIENT_SECRET: GOOGLE.clientSecret,
      GOOGLE_SIGN_IN_ISSUER: idp.issuer,
    });
  });
  after(async () => {
    await h.stop();
    await idp.stop();
  });

  /** An Enterprise tenant with single sign-on on, its owner signed in, and a fresh email domain. */
  async function company(over: { plan?: 'ENTERPRISE' | 'GROWTH'; ssoEnabled?: boolean } = {}) {
    const tenant = await createTenant(h.ds, { plan: over.plan ?? 'ENTERPRISE', ssoEnabled: over.ssoEnabled ?? true });
    const domain = `acme-${randomUUID().slice(0, 8)}.test`;
    const owner = await createUser(h.ds, tenant.id, { role: 'TENANT_OWNER', email: `owner@${domain}` });
    return { tenant, domain, owner, token: await h.tokenFor(owner) };
  }

  /** Adds the domain to the connection and publishes its TXT record, then verifies it. */
  async function verifyDomain(token: string, connectionId: string, domain: string) {
    const added = await call('POST', `/sso/connections/${connectionId}/domains`, { token, body: { domain } });
    expect(added.status).to.equal(201);
    h.dnsTxt.set(added.body.dnsRecord.name, [added.body.dnsRecord.value]);
    const verified = await call('POST', `/sso/connections/${connectionId}/domains/${added.body.id}/verify`, { token });
    expect(verified.status).to.equal(200);
    return verified.body;
  }

  async function oidcCompany(over: Record<string, unknown> = {}) {
    const c = await company();
    const created = await call('POST', '/sso/connections', { token: c.token, body: { protocol: 'OIDC', name: 'Okta', issuer: idp.issuer, ...CLIENT, ...over } });
    expect(created.status).to.equal(201);
    await verifyDomain(c.token, created.body.id, c.domain);
    return { ...c, connection: created.body };
  }

  async function samlCompany(over: Record<string, unknown> = {}) {
    const c = await company();
    const created = await call('POST', '/sso/connections', { token: c.token, body: { protocol: 'SAML', name: 'Entra ID', metadataXml: saml.metadataXml(), ...over } });
    expect(created.status).to.equal(201);
    await verifyDomain(c.token, created.body.id, c.domain);
    return { ...c, connection: created.body };
  }

  /** The API path of a URL the provider sent the browser back to. */
  const apiPath = (url: string) => url.slice(API.length);

  function landing(res: HttpResult): { code: string | null; error: string | null; returnTo: string | null } {
    expect([302, 303]).to.include(res.status);
    expect(res.headers.get('cache-control')).to.equal('no-store');
    const to = new URL(res.headers.get('location')!);
    expect(`${to.origin}${to.pathname}`).to.equal(`${APP}/sso/complete`);
    expect([...to.searchParams.keys()].some((k) => /token/i.test(k))).to.equal(false);
    return { code: to.searchParams.get('code'), error: to.searchParams.get('error'), returnTo: to.searchParams.get('returnTo') };
  }

  async function oidcSignIn(email: string, account: Record<string, unknown>, returnTo?: string) {
    const sub = `sub-${randomUUID()}`;
    idp.accounts.set(sub, account);
    idp.loginAs = sub;
    const started = await call('POST', '/auth/sso/start', { body: { email, ...(returnTo ? { returnTo } : {}) } });
    expect(started.status).to.equal(200);
    const back = await idp.browse(started.body.redirectUrl, OIDC_CALLBACK);
    return { sub, back, started };
  }

  const events = async (tenantId: string) => (await h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1`, [tenantId])).map((e: { type: string }) => e.type);
  const post = (path: string, form: Record<string, string>) =>
    call('POST', path, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, rawBody: new URLSearchParams(form).toString() });

  describe('OIDC', () => {
    it('signs a new person in just in time (silently: no user.created), lands on the web app with a one-time code, and the code buys the token pair once', async () => {
      const c = await oidcCompany();
      const email = `ann@${c.domain}`;
      const { back, started } = await oidcSignIn(email, { email, email_verified: true, name: 'Ann Baker' }, '/schedule');
      const authorize = new URL(started.body.redirectUrl);
      expect(authorize.searchParams.get('code_challenge_method')).to.equal('S256');
      expect(authorize.searchParams.get('nonce')).to.be.a('string');
      expect(authorize.searchParams.get('login_hint')).to.equal(email);

      const landed = landing(await call('GET', apiPath(back)));
      expect(landed).to.deep.include({ error: null, returnTo: '/schedule' });
      const pair = await call('POST', '/auth/sso/exchange', { body: { code: landed.code, verifier: started.body.verifier } });
      expect(pair.status).to.equal(200);
      expect(pair.body).to.have.keys(['accessToken', 'refreshToken', 'accessExpiresIn', 'refreshExpiresIn', 'tokenType']);
      const [user] = await h.ds.query(`SELECT id, full_name AS "fullName", role, status FROM users WHERE tenant_id = $1 AND email = $2`, [c.tenant.id, email]);
      expect(user).to.include({ fullName: 'Ann Baker', role: 'STAFF', status: 'ACTIVE' });
      expect((await call('GET', `/users/${user.id}`, { token: pair.body.accessToken })).status).to.equal(200);
      expect((await call('POST', '/auth/sso/exchange', { body: { code: landed.code, verifier: started.body.verifier } })).status).to.equal(401);
      expect(await events(c.tenant.id)).to.deep.equal([]);

      expect(landing(await call('GET', apiPath(back))).error, 'the state is spent').to.equal('invalid_state');
      expect((await call('POST', '/auth/sso/exchange', { body: { code: landed.code } })).status).to.equal(400);
    });

    it("refuses the landing code to a browser that did not start the sign-in (login CSRF): another start's verifier spends it for nothing", async () => {
      const c = await oidcCompany();
      const email = `mallory@${c.domain}`;
      const attacker = await oidcSignIn(email, { email, email_verified: true });
      const victimsOwn = await call('POST', '/auth/sso/start', { body: { email: `victim@${c.domain}` } });
      const landed = landing(await call('GET', apiPath(attacker.back)));
      expect((await call('POST', '/auth/sso/exchange', { body: { code: landed.code, verifier: victimsOwn.body.verifier } })).status).to.equal(401);
      expect((await call('POST', '/auth/sso/exchange', { body: { code: landed.code, verifier: attacker.started.body.verifier } })).status, 'a tried code is gone').to.equal(401);
    });

    it('signs an existing person in by email and links the subject; the next sign-in finds them by subject', async () => {
      const c = await oidcCompany({ jitProvisioning: false, defaultRole: 'OUTLET_MANAGER' });
      const bob = await createUser(h.ds, c.tenant.id, { role: 'HR_MANAGER', email: `bob@${c.domain}`, fullName: 'Bob Stone' });
      const first = await oidcSignIn(bob.email!, { email: bob.email, email_verified: true, name: 'Robert Stone' });
      expect(landing(await call('GET', apiPath(first.back))).code).to.be.a('string');
      const [link] = await h.ds.query(`SELECT user_id FROM sso_identities WHERE subject = $1`, [first.sub]);
      expect(link.user_id).to.equal(bob.id);

      idp.accounts.set(first.sub, { email: `robert@elsewhere.test`, email_verified: true });
      const started = await call('POST', '/auth/sso/start', { body: { email: bob.email } });
      const landed = landing(await call('GET', apiPath(await idp.browse(started.body.redirectUrl, OIDC_CALLBACK))));
      const pair = await call('POST', '/auth/sso/exchange', { body: { code: landed.code, verifier: started.body.verifier } });
      expect((await call('GET', `/users/${bob.id}`, { token: pair.body.accessToken })).body).to.include({ id: bob.id, fullName: 'Bob Stone', role: 'HR_MANAGER' });
    });

    it('refuses: JIT off and unknown, a domain the connection has not verified, an unverified email, a deactivated person, an IdP error, an expired state (nonce) and an unknown state', async () => {
      const c = await oidcCompany({ jitProvisioning: false });
      const landed = async (email: string, account: Record<string, unknown>) => landing(await call('GET', apiPath((await oidcSignIn(email, account)).back))).error;
      expect(await landed(`new@${c.domain}`, { email: `new@${c.domain}`, email_verified: true })).to.equal('not_provisioned');
      expect(await landed(`x@${c.domain}`, { email: 'ceo@other-company.test', email_verified: true })).to.equal('domain_not_allowed');
      expect(await landed(`x@${c.domain}`, { email: `x@${c.domain}`, email_verified: false })).to.equal('invalid_response');
      const gone = await createUser(h.ds, c.tenant.id, { role: 'STAFF', email: `gone@${c.domain}`, status: 'INACTIVE' });
      expect(await landed(gone.email!, { email: gone.email, email_verified: true })).to.equal('account_inactive');

      const started = await call('POST', '/auth/sso/start', { body: { email: `x@${c.domain}` } });
      const state = new URL(started.body.redirectUrl).searchParams.get('state')!;
      expect(landing(await call('GET', `/auth/sso/callback?error=access_denied&state=${state}`)).error).to.equal('idp_error');

      const late = await oidcSignIn(`staff@${c.domain}`, { email: `staff@${c.domain}`, email_verified: true });
      h.clock.advance(11 * 60_000);
      expect(landing(await call('GET', apiPath(late.back))).error).to.equal('invalid_state');
      expect(landing(await call('GET', '/auth/sso/callback?code=x&state=forged')).error).to.equal('invalid_state');
      expect(await events(c.tenant.id)).to.deep.equal([]);
    });

    it('stops at the tenant: a disabled connection, single sign-on switched off, no such domain', async () => {
      const c = await oidcCompany();
      const email = `ann@${c.domain}`;
      const { back } = await oidcSignIn(email, { email, email_verified: true });
      await call('PATCH', `/sso/connections/${c.connection.id}`, { token: c.token, body: { enabled: false } });
      expect(landing(await call('GET', apiPath(back))).error).to.equal('sso_unavailable');
      expect((await call('POST', '/auth/sso/start', { body: { email } })).status).to.equal(404);
      expect((await call('POST', '/auth/sso/start', { body: { email: 'a@unknown-domain.test' } })).body).to.deep.include({ statusCode: 404, message: 'No single sign-on for this email domain' });
      expect((await call('POST', '/auth/sso/start', { body: { email: 'not-an-email' } })).status).to.equal(400);
      expect((await call('POST', '/auth/sso/start', { body: { email, returnTo: '//evil.test/' } })).status).to.equal(400);
    });
  });

  describe('SAML 2.0', () => {
    async function samlStart(email: string) {
      const started = await call('POST', '/auth/sso/start', { body: { email } });
      expect(started.status).to.equal(200);
      expect(started.body.redirectUrl.startsWith(`${saml.ssoUrl}?SAMLRequest=`)).to.equal(true);
      return { ...TestSamlIdp.request(started.body.redirectUrl), verifier: started.body.verifier as string };
    }
    const acs = (samlResponse: string, relayState: string) => post('/auth/sso/saml/acs', { SAMLResponse: samlResponse, RelayState: relayState });

    it('answers an AuthnRequest with a signed assertion: the person is found by email, attributes give a new person their name', async () => {
      const c = await samlCompany();
      const spEntityId = c.connection.saml.spEntityId;
      expect(c.connection.saml).to.deep.include({ idpEntityId: saml.entityId, idpSsoUrl: saml.ssoUrl, acsUrl: ACS, metadataUrl: null });
      expect(c.connection.saml.idpCertificates[0].sha256Fingerprint).to.match(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

      const request = await samlStart(`kim@${c.domain}`);
      expect(request.xml).to.include(`AssertionConsumerServiceURL="${ACS}"`);
      const res = await acs(saml.response({ inResponseTo: request.id, audience: spEntityId, recipient: ACS, nameId: `kim@${c.domain}`, attributes: { firstName: 'Kim', lastName: 'Lee' } }), request.relayState);
      expect(res.status).to.equal(303);
      const pair = await call('POST', '/auth/sso/exchange', { body: { code: landing(res).code, verifier: request.verifier } });
      expect(pair.status).to.equal(200);
      const [kim] = await h.ds.query(`SELECT full_name AS "fullName", role FROM users WHERE tenant_id = $1 AND email = $2`, [c.tenant.id, `kim@${c.domain}`]);
      expect(kim).to.deep.equal({ fullName: 'Kim Lee', role: 'STAFF' });

      const metadata = await call('GET', `/sso/connections/${c.connection.id}/saml-metadata`, { token: c.token });
      expect(metadata.headers.get('content-type')).to.match(/^application\/samlmetadata\+xml/);
      expect(metadata.body).to.include(`entityID="${spEntityId}"`).and.include(`Location="${ACS}"`);
    });

    it('refuses a bad signature, a changed assertion, no signature, the wrong audience, recipient or issuer, an expired assertion, an unsolicited response and one answering another request', async () => {
      const c = await samlCompany();
      const base = { audience: c.connection.saml.spEntityId, recipient: ACS, nameId: `kim@${c.domain}` };
      const other = await TestSamlIdp.keyPair();
      const attempts: Array<[string, (id: string) => string]> = [
        ['bad signature', (id) => saml.response({ ...base, inResponseTo: id, signer: other })],
        ['changed after signing', (id) => saml.response({ ...base, inResponseTo: id, tamper: (x) => x.replace(`kim@${c.domain}`, `owner@${c.domain}`) })],
        ['unsigned', (id) => saml.response({ ...base, inResponseTo: id, unsigned: true })],
        ['wrong audience', (id) => saml.response({ ...base, inResponseTo: id, audience: 'https://someone-else.test/sp' })],
        ['wrong recipient', (id) => saml.response({ ...base, inResponseTo: id, recipient: 'https://someone-else.test/acs' })],
        ['wrong issuer', (id) => saml.response({ ...base, inResponseTo: id, issuer: 'https://evil-idp.test' })],
        ['expired', (id) => saml.response({ ...base, inResponseTo: id, notOnOrAfter: new Date(Date.now() - 5 * 60_000) })],
        ['unsolicited', () => saml.response({ ...base, inResponseTo: null })],
        ['another request', () => saml.response({ ...base, inResponseTo: '_not-our-request' })],
      ];
      for (const [label, make] of attempts) {
        const request = await samlStart(`kim@${c.domain}`);
        expect(landing(await acs(make(request.id), request.relayState)).error, label).to.equal('invalid_response');
      }
      expect(await h.ds.query(`SELECT 1 FROM users WHERE tenant_id = $1 AND email = $2`, [c.tenant.id, `kim@${c.domain}`])).to.deep.equal([]);
    });

    it('signs one new person in from two tabs at once: one account, both sign-ins land', async () => {
      const c = await samlCompany();
      const base = { audience: c.connection.saml.spEntityId, recipient: ACS, nameId: `twin@${c.domain}` };
      const [a, b] = [await samlStart(`twin@${c.domain}`), await samlStart(`twin@${c.domain}`)];
      const landed = await Promise.all([a, b].map((r) => acs(saml.response({ ...base, inResponseTo: r.id }), r.relayState)));
      expect(landed.map((res) => typeof landing(res).code)).to.deep.equal(['string', 'string']);
      expect(await h.ds.query(`SELECT count(*)::int AS n FROM users WHERE tenant_id = $1 AND email = $2`, [c.tenant.id, `twin@${c.domain}`])).to.deep.equal([{ n: 1 }]);
    });

    it('accepts an assertion once: a replayed response (same state) and a replayed assertion id (new state) are refused', async () => {
      const c = await samlCompany();
      const base = { audience: c.connection.saml.spEntityId, recipient: ACS, nameId: `lee@${c.domain}`, assertionId: `_a${randomUUID()}` };
      const first = await samlStart(`lee@${c.domain}`);
      const response = saml.response({ ...base, inResponseTo: first.id });
      expect(landing(await acs(response, first.relayState)).code).to.be.a('string');
      expect(landing(await acs(response, first.relayState)).error).to.equal('invalid_state');
      const second = await samlStart(`lee@${c.domain}`);
      expect(landing(await acs(saml.response({ ...base, inResponseTo: second.id }), second.relayState)).error).to.equal('invalid_response');
      expect(landing(await acs(response, 'no-such-state')).error).to.equal('invalid_state');
    });
  });

  describe('enforcement and lookup', () => {
    it('an enforcing tenant refuses password sign-in to everyone but its owners, with a clear error; the lookup tells the sign-in page', async () => {
      const c = await oidcCompany({ enforced: true });
      const staff = await createUser(h.ds, c.tenant.id, { role: 'COMPANY_ADMIN', email: `admin@${c.domain}`, password: 'correct-horse-battery' });
      const owner = await createUser(h.ds, c.tenant.id, { role: 'TENANT_OWNER', email: `boss@${c.domain}`, password: 'correct-horse-battery' });
      const refused = await call('POST', '/auth/login', { body: { identifier: staff.email, password: 'correct-horse-battery' } });
      expect(refused.status).to.equal(403);
      expect(refused.body).to.deep.equal({ statusCode: 403, error: 'SSO_REQUIRED', message: 'Your organisation signs in with single sign-on: use "Sign in with SSO"' });
      expect((await call('POST', '/auth/login', { body: { identifier: staff.email, password: 'wrong-password!' } })).status, 'a wrong password says nothing more').to.equal(401);
      expect((await call('POST', '/auth/login', { body: { identifier: owner.email, password: 'correct-horse-battery' } })).status).to.equal(200);

      expect((await call('GET', `/auth/sso/lookup?email=${encodeURIComponent(staff.email!)}`)).body).to.deep.equal({ sso: true, passwordAllowed: false });
      await call('PATCH', `/sso/connections/${c.connection.id}`, { token: c.token, body: { enforced: false } });
      expect((await call('GET', `/auth/sso/lookup?email=${encodeURIComponent(staff.email!)}`)).body).to.deep.equal({ sso: true, passwordAllowed: true });
      expect((await call('POST', '/auth/login', { body: { identifier: staff.email, password: 'correct-horse-battery' } })).status).to.equal(200);
      expect((await call('GET', '/auth/sso/lookup?email=someone%40unknown-domain.test')).body).to.deep.equal({ sso: false, passwordAllowed: true });
      expect((await call('GET', '/auth/sso/lookup?email=nope')).status).to.equal(400);
    });

    it('an unverified domain sends nobody to the connection, and a domain one tenant proved cannot be proved by another', async () => {
      const c = await company();
      const created = await call('POST', '/sso/connections', { token: c.token, body: { protocol: 'OIDC', name: 'Okta', issuer: idp.issuer, ...CLIENT } });
      const added = await call('POST', `/sso/connections/${created.body.id}/domains`, { token: c.token, body: { domain: c.domain.toUpperCase() } });
      expect(added.body).to.deep.include({ domain: c.domain, verified: false, verifiedAt: null });
      expect(added.body.dnsRecord).to.deep.include({ type: 'TXT', name: `_wfm-sso.${c.domain}` });
      expect((await call('GET', `/auth/sso/lookup?email=a%40${c.domain}`)).body.sso).to.equal(false);
      const notYet = await call('POST', `/sso/connections/${created.body.id}/domains/${added.body.id}/verify`, { token: c.token });
      expect(notYet.status).to.equal(422);
      h.dnsTxt.set(added.body.dnsRecord.name, ['unrelated', added.body.dnsRecord.value]);
      expect((await call('POST', `/sso/connections/${created.body.id}/domains/${added.body.id}/verify`, { token: c.token })).body.verified).to.equal(true);
      expect((await call('GET', `/auth/sso/lookup?email=a%40${c.domain}`)).body.sso).to.equal(true);

      const rival = await company();
      const theirs = await call('POST', '/sso/connections', { token: rival.token, body: { protocol: 'OIDC', name: 'Okta', issuer: idp.issuer, ...CLIENT } });
      const claim = await call('POST', `/sso/connections/${theirs.body.id}/domains`, { token: rival.token, body: { domain: c.domain } });
      h.dnsTxt.set(claim.body.dnsRecord.name, [claim.body.dnsRecord.value]);
      expect((await call('POST', `/sso/connections/${theirs.body.id}/domains/${claim.body.id}/verify`, { token: rival.token })).status).to.equal(409);
      expect((await call('POST', `/sso/connections/${created.body.id}/domains`, { token: c.token, body: { domain: c.domain } })).status).to.equal(409);
      expect((await call('DELETE', `/sso/connections/${created.body.id}/domains/${added.body.id}`, { token: c.token })).status).to.equal(204);
      expect((await call('GET', `/auth/sso/lookup?email=a%40${c.domain}`)).body.sso).to.equal(false);
    });
  });

  describe('Sign in with Google (the one external provider)', () => {
    const googleSignIn = async (account: Record<string, unknown>, body: Record<string, unknown> = {}) => {
      const sub = `g-${randomUUID()}`;
      idp.accounts.set(sub, account);
      idp.loginAs = sub;
      const started = await call('POST', '/auth/google/start', { body });
      expect(started.status).to.equal(200);
      return { ...landing(await call('GET', apiPath(await idp.browse(started.body.redirectUrl, GOOGLE_CALLBACK)))), verifier: started.body.verifier as string };
    };

    it('signs in an existing person by verified email (narrowed by tenant slug); creates nobody; respects an enforcing tenant', async () => {
      expect((await call('GET', '/auth/google/status')).body).to.deep.equal({ enabled: true, provider: 'google' });
      const c = await company();
      const ann = await createUser(h.ds, c.tenant.id, { role: 'STAFF', email: `ann@${c.domain}` });
      const landed = await googleSignIn({ email: ann.email, email_verified: true }, { tenantSlug: c.tenant.slug, returnTo: '/leave' });
      expect(landed.returnTo).to.equal('/leave');
      const pair = await call('POST', '/auth/sso/exchange', { body: { code: landed.code, verifier: landed.verifier } });
      expect((await call('GET', `/users/${ann.id}`, { token: pair.body.accessToken })).status).to.equal(200);

      expect((await googleSignIn({ email: ann.email, email_verified: false })).error).to.equal('email_unverified');
      expect((await googleSignIn({ email: `stranger@${c.domain}`, email_verified: true })).error).to.equal('not_provisioned');
      expect((await googleSignIn({ email: ann.email, email_verified: true }, { tenantSlug: 'no-such-company' })).error).to.equal('not_provisioned');

      const enforcing = await oidcCompany({ enforced: true });
      const staff = await createUser(h.ds, enforcing.tenant.id, { role: 'STAFF', email: `staff@${enforcing.domain}` });
      expect((await googleSignIn({ email: staff.email, email_verified: true })).error).to.equal('sso_required');
      expect(await events(c.tenant.id)).to.deep.equal([]);
    });
  });

  describe('connections (TENANT_OWNER, COMPANY_ADMIN; Enterprise with single sign-on on)', () => {
    it('creates, reads, changes and removes; the client secret is sealed and never shown; SAML by metadata, by fields; certificates roll over', async () => {
      const c = await company();
      const created = await call('POST', '/sso/connections', { token: c.token, body: { protocol: 'OIDC', name: 'Okta', issuer: idp.issuer, ...CLIENT } });
      expect(created.body).to.deep.include({ protocol: 'OIDC', name: 'Okta', enabled: true, enforced: false, jitProvisioning: true, defaultRole: 'STAFF', saml: null, domains: [] });
      expect(created.body.oidc).to.deep.equal({ issuer: idp.issuer, clientId: CLIENT.clientId, clientSecretSet: true, redirectUri: OIDC_CALLBACK });
      expect(JSON.stringify(created.body)).to.not.include(CLIENT.clientSecret);
      h.clock.advance(1000);
      const [row] = await h.ds.query(`SELECT oidc_client_secret_sealed AS s FROM sso_connections WHERE id = $1`, [created.body.id]);
      expect(row.s).to.not.include(CLIENT.clientSecret);

      const changed = await call('PATCH', `/sso/connections/${created.body.id}`, { token: c.token, body: { name: 'Okta EU', defaultRole: 'OUTLET_MANAGER', clientSecret: 'rotated-secret' } });
      expect(changed.body).to.deep.include({ name: 'Okta EU', defaultRole: 'OUTLET_MANAGER' });
      expect((await call('PATCH', `/sso/connections/${created.body.id}`, { token: c.token, body: { idpSsoUrl: 'https://x.test/sso' } })).body.message).to.deep.equal(['idpSsoUrl applies to SAML connections only']);

      const byFields = await call('POST', '/sso/connections', {
        token: c.token,
        body: { protocol: 'SAML', name: 'ADFS', idpEntityId: 'urn:adfs', idpSsoUrl: 'https://adfs.test/sso', idpCertificates: [saml.keys.cert] },
      });
      expect(byFields.status).to.equal(201);
      const next = await TestSamlIdp.keyPair();
      const rolled = await call('PATCH', `/sso/connections/${byFields.body.id}`, { token: c.token, body: { idpCertificates: [saml.certificateBody, next.cert] } });
      expect(rolled.body.saml.idpCertificates).to.have.length(2);
      expect(rolled.body.saml.idpEntityId).to.equal('urn:adfs');

      expect((await call('GET', '/sso/connections', { token: c.token })).body.map((x: { id: string }) => x.id)).to.deep.equal([created.body.id, byFields.body.id]);
      expect((await call('DELETE', `/sso/connections/${created.body.id}`, { token: c.token })).status).to.equal(204);
      expect((await call('GET', `/sso/connections/${created.body.id}`, { token: c.token })).status).to.equal(404);
    });

    it('validates: protocol, https issuer, role, SAML metadata and certificates, a metadata URL through the egress check', async () => {
      const c = await company();
      const create = (body: unknown) => call('POST', '/sso/connections', { token: c.token, body });
      expect((await create({ protocol: 'LDAP', name: 'x' })).status).to.equal(400);
      expect((await create({ protocol: 'OIDC', name: 'x', issuer: 'http://idp.test', ...CLIENT })).status).to.equal(400);
      expect((await create({ protocol: 'OIDC', name: 'x', issuer: idp.issuer, ...CLIENT, defaultRole: 'TENANT_OWNER' })).status).to.equal(400);
      expect((await create({ protocol: 'OIDC', name: 'x', issuer: idp.issuer, ...CLIENT, extra: 1 })).status).to.equal(400);
      expect((await create({ protocol: 'SAML', name: 'x', metadataXml: '<not-xml' })).body.message).to.deep.equal(['metadataXml has no EntityDescriptor with an IDPSSODescriptor']);
      expect((await create({ protocol: 'SAML', name: 'x' })).body.message).to.deep.equal([
        'idpEntityId is required (or metadataXml, or metadataUrl)',
        'idpSsoUrl is required (or metadataXml, or metadataUrl)',
        'idpCertificates is required (or metadataXml, or metadataUrl)',
      ]);
      expect((await create({ protocol: 'SAML', name: 'x', idpEntityId: 'e', idpSsoUrl: 'https://a.test', idpCertificates: ['A'.repeat(200)] })).body.message).to.deep.equal([
        'idpCertificates must be X.509 certificates (PEM or base64)',
      ]);
      expect((await create({ protocol: 'SAML', name: 'x', metadataUrl: 'https://10.0.0.1/metadata' })).status).to.equal(422);
      const published = await startTestReceiver(() => ({ status: 200, body: saml.metadataXml(), headers: { 'content-type': 'application/samlmetadata+xml' } }));
      try {
        const fromUrl = await create({ protocol: 'SAML', name: 'by URL', metadataUrl: published.url('/metadata') });
        expect(fromUrl.status).to.equal(201);
        expect(fromUrl.body.saml).to.deep.include({ idpEntityId: saml.entityId, metadataUrl: published.url('/metadata') });
        published.setHandler(() => ({ status: 500 }));
        expect((await create({ protocol: 'SAML', name: 'x', metadataUrl: published.url('/metadata') })).status).to.equal(502);
      } finally {
        await published.close();
      }
      expect((await call('POST', `/sso/connections/${randomUUID()}/domains`, { token: c.token, body: { domain: 'not a domain' } })).status).to.equal(400);
    });

    it('401 without a token; 403 for roles below company admin, for a plan without single sign-on and with it switched off; 404 across tenants', async () => {
      const c = await oidcCompany();
      expect((await call('GET', '/sso/connections')).status).to.equal(401);
      const hr = await createUser(h.ds, c.tenant.id, { role: 'HR_MANAGER' });
      expect((await call('GET', '/sso/connections', { token: await h.tokenFor(hr) })).status).to.equal(403);
      const admin = await createUser(h.ds, c.tenant.id, { role: 'COMPANY_ADMIN' });
      expect((await call('GET', '/sso/connections', { token: await h.tokenFor(admin) })).status).to.equal(200);

      const growth = await company({ plan: 'GROWTH' });
      expect((await call('GET', '/sso/connections', { token: growth.token })).body).to.deep.include({ statusCode: 403, error: 'ModuleNotEntitled' });
      const off = await company({ ssoEnabled: false });
      expect((await call('POST', '/sso/connections', { token: off.token, body: { protocol: 'OIDC', name: 'x', issuer: idp.issuer, ...CLIENT } })).body).to.deep.include({
        statusCode: 403,
        message: 'Single sign-on is not enabled for this tenant',
      });

      const stranger = await company();
      for (const [method, path] of [
        ['GET', `/sso/connections/${c.connection.id}`],
        ['PATCH', `/sso/connections/${c.connection.id}`],
        ['DELETE', `/sso/connections/${c.connection.id}`],
        ['POST', `/sso/connections/${c.connection.id}/domains`],
        ['POST', `/sso/connections/${c.connection.id}/domains/${c.connection.id}/verify`],
      ] as const) {
        const body = method === 'PATCH' ? { name: 'mine now' } : method === 'POST' && path.endsWith('domains') ? { domain: 'x.test' } : undefined;
        expect((await call(method, path, { token: stranger.token, ...(body ? { body } : {}) })).status, `${method} ${path}`).to.equal(404);
      }
    });
  });
});
