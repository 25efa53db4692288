import { expect } from 'chai';
import { ScryptPasswordHasher } from '@wfm/core/crypto';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_PLATFORM_TOKEN } from '../../../test-support/harness.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Each body's owner has an address of its own: the tests share the file's database, and sign-in is by address. */
let owners = 0;
function newTenant(over: Record<string, unknown> = {}, owner: Record<string, unknown> = {}) {
  owners += 1;
  return {
    name: 'Acme Kitchens',
    plan: 'ENTERPRISE',
    timezone: 'Europe/London',
    ...over,
    owner: { fullName: 'Ann Owner', email: `Ann.${owners}@Acme.test`, password: 'owner-password-1', ...owner },
  };
}

describe('platform operator API: /platform/tenants (HTTP)', () => {
  let h: ApiHarness;
  const admin = { token: TEST_PLATFORM_TOKEN };
  before(async () => {
    h = await ApiHarness.start({}, { freshDatabase: true });
  });
  after(async () => h.stop());

  describe('POST /platform/tenants', () => {
    it('creates the tenant and its TENANT_OWNER and returns both, exactly', async () => {
      const body = newTenant({ slug: 'acme' }, { mobile: '+44 7700 900123' });
      const res = await h.request('POST', '/platform/tenants', { ...admin, body });
      expect(res.status).to.equal(201);
      expect(Object.keys(res.body).sort()).to.deep.equal(['owner', 'tenant']);
      const { tenant, owner } = res.body;
      expect(tenant.id).to.match(UUID);
      expect(tenant.createdAt).to.match(ISO);
      expect(tenant).to.deep.equal({
        id: tenant.id,
        name: 'Acme Kitchens',
        slug: 'acme',
        plan: 'ENTERPRISE',
        timezone: 'Europe/London',
        publicApiEnabled: false,
        ssoEnabled: false,
        rosterApprovalRequired: false,
        payrollFourEyes: false,
        accessOfflineWindowMinutes: 4320,
        availabilityConflictMode: 'WARN',
        locale: null,
        language: 'en',
        features: { webhooks: true, accessControl: true, developerApi: true, scim: true, sso: true },
        createdAt: tenant.createdAt,
        updatedAt: tenant.updatedAt,
      });
      expect(owner.id).to.match(UUID);
      expect(owner.createdAt).to.match(ISO);
      expect(owner.updatedAt).to.match(ISO);
      expect(owner).to.deep.equal({
        id: owner.id,
        tenantId: tenant.id,
        fullName: 'Ann Owner',
        email: body.owner.email.toLowerCase(),
        mobile: '+447700900123',
        role: 'TENANT_OWNER',
        status: 'ACTIVE',
        employeeCode: null,
        createdAt: owner.createdAt,
        updatedAt: owner.updatedAt,
      });
      const row = await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: tenant.id });
      expect(row.slug).to.equal('acme');
    });

    it('stores the password hashed, and the owner can sign in and manage the new tenant', async () => {
      const body = newTenant();
      const res = await h.request('POST', '/platform/tenants', { ...admin, body });
      const stored = await h.ds
        .getRepository(UserEntity)
        .createQueryBuilder('u')
        .addSelect('u.passwordHash')
        .where('u.id = :id', { id: res.body.owner.id })
        .getOneOrFail();
      expect(stored.passwordHash).to.not.include('owner-password-1');
      expect(await new ScryptPasswordHasher().verify('owner-password-1', stored.passwordHash!)).to.equal(true);

      const login = await h.request('POST', '/auth/login', { body: { identifier: body.owner.email.toLowerCase(), password: 'owner-password-1' } });
      expect(login.status).to.equal(200);
      const mine = await h.request('GET', '/tenant', { token: login.body.accessToken });
      expect(mine.status).to.equal(200);
      expect(mine.body).to.deep.equal(res.body.tenant);
    });

    it('derives the slug from the name when absent and makes it unique', async () => {
      const first = await h.request('POST', '/platform/tenants', { ...admin, body: newTenant({ name: 'Café Zürich & Co.' }) });
      const second = await h.request('POST', '/platform/tenants', { ...admin, body: newTenant({ name: 'Cafe Zurich Co' }, { email: 'b@acme.test' }) });
      const third = await h.request('POST', '/platform/tenants', { ...admin, body: newTenant({ name: 'café zurich co' }, { email: 'c@acme.test' }) });
      expect([first.status, second.status, third.status]).to.deep.equal([201, 201, 201]);
      expect([first.body.tenant.slug, second.body.tenant.slug, third.body.tenant.slug]).to.deep.equal(['cafe-zurich-co', 'cafe-zurich-co-2', 'cafe-zurich-co-3']);
    });

    it('is 409 for a slug that is taken, and creates nothing', async () => {
      await createTenant(h.ds, { slug: 'acme-taken' });
      const [tenants, users] = [await h.ds.getRepository(TenantEntity).count(), await h.ds.getRepository(UserEntity).count()];
      const res = await h.request('POST', '/platform/tenants', { ...admin, body: newTenant({ slug: 'acme-taken' }) });
      expect(res.status).to.equal(409);
      expect(res.body).to.include({ error: 'Conflict', statusCode: 409 });
      expect(res.body.message).to.be.a('string').and.not.equal('');
      expect(await h.ds.getRepository(TenantEntity).count()).to.equal(tenants);
      expect(await h.ds.getRepository(UserEntity).count()).to.equal(users);
    });

    const invalid: Array<[string, unknown, string[]]> = [
      ['an unknown property', newTenant({ publicApiEnabled: true }), ['property publicApiEnabled should not exist']],
      ['an unknown owner property', newTenant({}, { role: 'STAFF' }), ['property owner.role should not exist']],
      ['a missing name', { ...newTenant(), name: undefined }, ['name is required']],
      ['a name over 200 characters', newTenant({ name: 'n'.repeat(201) }), ['name must be at most 200 characters']],
      ['an unknown plan', newTenant({ plan: 'GOLD' }), ['plan must be one of the following values: FREE, BASIC, GROWTH, ENTERPRISE']],
      ['a bad timezone', newTenant({ timezone: 'Mars/Base' }), ['timezone must be a valid IANA time zone']],
      ['a missing owner', { name: 'A', plan: 'FREE', timezone: 'UTC' }, ['owner is required']],
      ['an owner email that is not one', newTenant({}, { email: 'not-an-email' }), ['owner.email must be an email']],
      ['an owner password under 10 characters', newTenant({}, { password: 'p'.repeat(9) }), ['owner.password must be at least 10 characters']],
      ['an owner password over 128 characters', newTenant({}, { password: 'p'.repeat(129) }), ['owner.password must be at most 128 characters']],
      ['an owner mobile that is not one', newTenant({}, { mobile: 'call me' }), ['owner.mobile must be a valid mobile number']],
    ];
    for (const [what, body, messages] of invalid) {
      it(`is 400 for ${what}`, async () => {
        const before = await h.ds.getRepository(TenantEntity).count();
        const res = await h.request('POST', '/platform/tenants', { ...admin, body });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: messages, error: 'Bad Request', statusCode: 400 });
        expect(await h.ds.getRepository(TenantEntity).count()).to.equal(before);
      });
    }

    for (const slug of ['Acme', '-acme', 'acme-', 'ac_me', 'a'.repeat(64), '']) {
      it(`is 400 for the slug '${slug.length > 10 ? `${slug.slice(0, 5)}… (${slug.length})` : slug}'`, async () => {
        const res = await h.request('POST', '/platform/tenants', { ...admin, body: newTenant({ slug }) });
        expect(res.status).to.equal(400);
        expect(res.body.message).to.deep.equal(['slug must be 1 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen']);
      });
    }

    it('accepts one-character and hyphenated slugs', async () => {
      expect((await h.request('POST', '/platform/tenants', { ...admin, body: newTenant({ slug: 'a' }) })).body.tenant.slug).to.equal('a');
      const res = await h.request('POST', '/platform/tenants', { ...admin, body: newTenant({ slug: 'acme-2-north' }, { email: 'x@acme.test' }) });
      expect(res.status).to.equal(201);
      expect(res.body.tenant.slug).to.equal('acme-2-north');
    });
  });

  describe('PATCH /platform/tenants/:id', () => {
    it('changes plan and both switches and returns the tenant DTO', async () => {
      const t = await createTenant(h.ds, { name: 'Beta', slug: 'beta', plan: 'ENTERPRISE', publicApiEnabled: true, ssoEnabled: false });
      h.clock.advance(60_000);
      const res = await h.request('PATCH', `/platform/tenants/${t.id}`, { ...admin, body: { plan: 'GROWTH', publicApiEnabled: false, ssoEnabled: true } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: t.id,
        name: 'Beta',
        slug: 'beta',
        plan: 'GROWTH',
        timezone: t.timezone,
        publicApiEnabled: false,
        ssoEnabled: true,
        rosterApprovalRequired: false,
        payrollFourEyes: false,
        accessOfflineWindowMinutes: 4320,
        availabilityConflictMode: 'WARN',
        locale: null,
        language: 'en',
        features: { webhooks: true, accessControl: true, developerApi: false, scim: false, sso: false },
        createdAt: t.createdAt.toISOString(),
        updatedAt: h.clock.now().toISOString(),
      });
      const row = await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: t.id });
      expect(row).to.include({ plan: 'GROWTH', publicApiEnabled: false, ssoEnabled: true });
    });

    it('changes only the fields sent', async () => {
      const t = await createTenant(h.ds, { plan: 'FREE', publicApiEnabled: false, ssoEnabled: true });
      const res = await h.request('PATCH', `/platform/tenants/${t.id}`, { ...admin, body: { plan: 'ENTERPRISE' } });
      expect(res.body).to.include({ plan: 'ENTERPRISE', publicApiEnabled: false, ssoEnabled: true });
    });

    it("a plan change applies to the tenant's very next request", async () => {
      const t = await createTenant(h.ds, { plan: 'ENTERPRISE', publicApiEnabled: false });
      const owner = await createUser(h.ds, t.id, { role: 'TENANT_OWNER' });
      const token = await h.tokenFor(owner);
      expect((await h.request('GET', '/tenant', { token })).body.features.developerApi).to.equal(true);
      await h.request('PATCH', `/platform/tenants/${t.id}`, { ...admin, body: { plan: 'GROWTH' } });
      const res = await h.request('PATCH', '/tenant', { token, body: { publicApiEnabled: true } });
      expect(res.status).to.equal(403);
      expect(res.body.error).to.equal('ModuleNotEntitled');
    });

    it('is 404 for an id that is no tenant', async () => {
      const res = await h.request('PATCH', '/platform/tenants/00000000-0000-4000-8000-000000000000', { ...admin, body: { plan: 'GROWTH' } });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ message: 'Tenant not found', error: 'Not Found', statusCode: 404 });
    });

    const invalid: Array<[string, unknown, string[]]> = [
      ['an empty body', {}, ['body must contain at least one of: plan, publicApiEnabled, ssoEnabled']],
      ['a name change (tenant setting)', { name: 'X', plan: 'FREE' }, ['property name should not exist']],
      ['an unknown plan', { plan: 'GOLD' }, ['plan must be one of the following values: FREE, BASIC, GROWTH, ENTERPRISE']],
      ['non-boolean switches', { publicApiEnabled: 'true', ssoEnabled: 1 }, ['publicApiEnabled must be a boolean', 'ssoEnabled must be a boolean']],
    ];
    for (const [what, body, messages] of invalid) {
      it(`is 400 for ${what}`, async () => {
        const t = await createTenant(h.ds, { plan: 'ENTERPRISE' });
        const res = await h.request('PATCH', `/platform/tenants/${t.id}`, { ...admin, body });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: messages, error: 'Bad Request', statusCode: 400 });
        expect((await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: t.id })).plan).to.equal('ENTERPRISE');
      });
    }

    it('is 400 for an id that is not a UUID', async () => {
      const res = await h.request('PATCH', '/platform/tenants/acme', { ...admin, body: { plan: 'FREE' } });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: ['id must be a UUID'], error: 'Bad Request', statusCode: 400 });
    });
  });

  describe('hidden from everyone without the platform token', () => {
    const notFound = (method: string, path: string) => ({ message: `Cannot ${method} /api/v1${path}`, error: 'Not Found', statusCode: 404 });

    async function expectHidden(target: ApiHarness, headers: { token?: string; headers?: Record<string, string> }) {
      const before = await target.ds.getRepository(TenantEntity).count();
      const t = await createTenant(target.ds, { plan: 'FREE' });
      const post = await target.request('POST', '/platform/tenants', { ...headers, body: newTenant() });
      expect(post.status).to.equal(404);
      expect(post.body).to.deep.equal(notFound('POST', '/platform/tenants'));
      // Even an invalid body must not reveal the route through a 400.
      const invalid = await target.request('POST', '/platform/tenants', { ...headers, body: { bogus: 1 } });
      expect(invalid.status).to.equal(404);
      const patch = await target.request('PATCH', `/platform/tenants/${t.id}`, { ...headers, body: { plan: 'ENTERPRISE' } });
      expect(patch.status).to.equal(404);
      expect(patch.body).to.deep.equal(notFound('PATCH', `/platform/tenants/${t.id}`));
      expect(await target.ds.getRepository(TenantEntity).count()).to.equal(before + 1);
      expect((await target.ds.getRepository(TenantEntity).findOneByOrFail({ id: t.id })).plan).to.equal('FREE');
    }

    it('answers exactly like an unknown route', async () => {
      const unknown = await h.request('POST', '/no-such-route', { body: {} });
      expect(unknown.body).to.deep.equal(notFound('POST', '/no-such-route'));
    });

    it('shares the unknown-route rate-limit counter, so X-RateLimit-Remaining does not reveal it', async () => {
      const unset = await ApiHarness.start({ TRUST_PROXY: 'true' });
      try {
        const headers = { 'x-forwarded-for': '203.0.113.77' };
        const a = await unset.request('POST', '/no-such-route', { headers, body: {} });
        const b = await unset.request('POST', '/platform/tenants', { headers, body: newTenant() });
        const c = await unset.request('POST', '/another-missing-route', { headers, body: {} });
        expect([a, b, c].map((r) => Number(r.headers.get('x-ratelimit-remaining')))).to.deep.equal([119, 118, 117]);
      } finally {
        await unset.stop();
      }
    });

    it('is not listed in the OpenAPI document', async () => {
      const doc = await h.request('GET', '/openapi.json');
      expect(doc.status).to.equal(200);
      expect(Object.keys(doc.body.paths)).to.include('/users');
      expect(Object.keys(doc.body.paths).filter((p) => p.startsWith('/platform'))).to.deep.equal([]);
    });

    it('is 404 without a token', async () => {
      await expectHidden(h, {});
    });

    it('is 404 with a wrong token, and with the right one in the wrong form', async () => {
      await expectHidden(h, { token: `${TEST_PLATFORM_TOKEN}x` });
      await expectHidden(h, { headers: { authorization: TEST_PLATFORM_TOKEN } });
      await expectHidden(h, { headers: { 'x-api-key': TEST_PLATFORM_TOKEN } });
    });

    it("is 404 with a TENANT_OWNER's user JWT", async () => {
      const t = await createTenant(h.ds);
      const owner = await createUser(h.ds, t.id, { role: 'TENANT_OWNER' });
      const token = await h.tokenFor(owner);
      await expectHidden(h, { token });
    });

    it('is 404 for every caller when PLATFORM_ADMIN_TOKEN is not set', async () => {
      const unset = await ApiHarness.start({ PLATFORM_ADMIN_TOKEN: '' });
      try {
        expect(unset.config.platformAdminToken).to.equal(undefined);
        await expectHidden(unset, { token: TEST_PLATFORM_TOKEN });
        await expectHidden(unset, { token: '' });
      } finally {
        await unset.stop();
      }
    });
  });
});
