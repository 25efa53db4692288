import { expect } from 'chai';
import { LOCALES } from '@wfm/core/locale';
import { ROLES, type Role } from '@wfm/core/tenancy';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';
import { feedVersion } from '../../../test-support/access-fixtures.js';

const ALLOWED: Role[] = ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN'];
const REFUSED = ROLES.filter((r) => !ALLOWED.includes(r));

describe('tenant settings: GET and PATCH /tenant (HTTP)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  async function signedIn(role: Role, over: Parameters<typeof createTenant>[1] = {}) {
    const tenant = await createTenant(h.ds, over);
    const user = await createUser(h.ds, tenant.id, { role });
    return { tenant, user, token: await h.tokenFor(user) };
  }

  describe('GET /tenant', () => {
    it('returns the exact tenant shape with the features of an ENTERPRISE plan', async () => {
      const { tenant, token } = await signedIn('TENANT_OWNER', { name: 'Acme', slug: 'acme', plan: 'ENTERPRISE', timezone: 'Europe/Paris', publicApiEnabled: true, ssoEnabled: true });
      const res = await h.request('GET', '/tenant', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: tenant.id,
        name: 'Acme',
        slug: 'acme',
        plan: 'ENTERPRISE',
        timezone: 'Europe/Paris',
        publicApiEnabled: true,
        ssoEnabled: true,
        rosterApprovalRequired: false,
        payrollFourEyes: false,
        accessOfflineWindowMinutes: 4320,
        availabilityConflictMode: 'WARN',
        locale: null,
        language: 'en',
        features: { webhooks: true, accessControl: true, developerApi: true, scim: true, sso: true },
        createdAt: tenant.createdAt.toISOString(),
        updatedAt: tenant.updatedAt.toISOString(),
      });
    });

    it('derives features from the plan', async () => {
      const expected = {
        FREE: { webhooks: false, accessControl: false, developerApi: false, scim: false, sso: false },
        BASIC: { webhooks: false, accessControl: false, developerApi: false, scim: false, sso: false },
        GROWTH: { webhooks: true, accessControl: true, developerApi: false, scim: false, sso: false },
        ENTERPRISE: { webhooks: true, accessControl: true, developerApi: true, scim: true, sso: true },
      } as const;
      for (const plan of ['FREE', 'BASIC', 'GROWTH', 'ENTERPRISE'] as const) {
        const { token } = await signedIn('COMPANY_ADMIN', { plan });
        const res = await h.request('GET', '/tenant', { token });
        expect(res.body.plan).to.equal(plan);
        expect(res.body.features, plan).to.deep.equal(expected[plan]);
      }
    });

    for (const role of ALLOWED) {
      it(`is allowed for ${role}`, async () => {
        const { tenant, token } = await signedIn(role);
        const res = await h.request('GET', '/tenant', { token });
        expect(res.status).to.equal(200);
        expect(res.body.id).to.equal(tenant.id);
      });
    }

    for (const role of REFUSED) {
      it(`is 403 for ${role}`, async () => {
        const { token } = await signedIn(role);
        const res = await h.request('GET', '/tenant', { token });
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal({ message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 });
      });
    }

    it('is a bare 401 without a token or with a garbage one', async () => {
      for (const token of [undefined, 'not-a-jwt']) {
        const res = await h.request('GET', '/tenant', token ? { token } : {});
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
      }
    });

    it("shows each caller only their own tenant", async () => {
      const a = await signedIn('TENANT_OWNER', { name: 'Alpha' });
      const b = await signedIn('TENANT_OWNER', { name: 'Beta' });
      const resA = await h.request('GET', '/tenant', { token: a.token });
      const resB = await h.request('GET', '/tenant', { token: b.token });
      expect(resA.body).to.include({ id: a.tenant.id, name: 'Alpha' });
      expect(resB.body).to.include({ id: b.tenant.id, name: 'Beta' });
    });

    it('carries the default rate limit and answers 429 after 120 calls a minute', async () => {
      const { token } = await signedIn('TENANT_OWNER');
      const first = await h.request('GET', '/tenant', { token });
      expect(first.headers.get('x-ratelimit-limit')).to.equal('120');
      expect(first.headers.get('x-ratelimit-remaining')).to.equal('119');
      expect(Number(first.headers.get('x-ratelimit-reset'))).to.be.within(1, 60);
      for (let i = 1; i < 120; i++) expect((await h.request('GET', '/tenant', { token })).status).to.equal(200);
      const throttled = await h.request('GET', '/tenant', { token });
      expect(throttled.status).to.equal(429);
      expect(throttled.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(throttled.headers.get('retry-after'))).to.be.within(1, 60);
      expect(throttled.headers.has('x-ratelimit-limit')).to.equal(false);
      expect(throttled.headers.has('x-ratelimit-remaining')).to.equal(false);
      expect(throttled.headers.has('x-ratelimit-reset')).to.equal(false);
    });
  });

  describe('PATCH /tenant', () => {
    it('changes name and timezone, stamps updatedAt from the clock, and keeps the change', async () => {
      const { tenant, user } = await signedIn('TENANT_OWNER', { name: 'Old', timezone: 'Europe/London', plan: 'GROWTH', publicApiEnabled: false });
      h.clock.advance(3_600_000);
      // An hour on, the first access token has expired: sign in again.
      const token = await h.tokenFor(user);
      const res = await h.request('PATCH', '/tenant', { token, body: { name: '  New Name  ', timezone: 'America/New_York' } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({
        id: tenant.id,
        name: 'New Name',
        slug: tenant.slug,
        plan: 'GROWTH',
        timezone: 'America/New_York',
        publicApiEnabled: false,
        ssoEnabled: false,
        rosterApprovalRequired: false,
        payrollFourEyes: false,
        accessOfflineWindowMinutes: 4320,
        availabilityConflictMode: 'WARN',
        locale: null,
        language: 'en',
        features: { webhooks: true, accessControl: true, developerApi: false, scim: false, sso: false },
        createdAt: tenant.createdAt.toISOString(),
        updatedAt: h.clock.now().toISOString(),
      });
      const again = await h.request('GET', '/tenant', { token });
      expect(again.body).to.deep.equal(res.body);
    });

    it('sets the availability conflict mode the scheduler applies (WARN unless chosen)', async () => {
      const { tenant, token } = await signedIn('TENANT_OWNER', { plan: 'GROWTH' });
      const res = await h.request('PATCH', '/tenant', { token, body: { availabilityConflictMode: 'BLOCK' } });
      expect(res.status).to.equal(200);
      expect(res.body.availabilityConflictMode).to.equal('BLOCK');
      const [row] = await h.ds.query(`SELECT availability_conflict_mode AS mode FROM tenants WHERE id = $1`, [tenant.id]);
      expect(row.mode).to.equal('BLOCK');
    });

    it('sets the locale and the default language, and a null locale follows the time zone again', async () => {
      const { token } = await signedIn('COMPANY_ADMIN', { timezone: 'Europe/Brussels' });
      const res = await h.request('PATCH', '/tenant', { token, body: { locale: 'fr-BE', language: 'fr' } });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ locale: 'fr-BE', language: 'fr' });
      expect((await h.request('GET', '/tenant', { token })).body).to.include({ locale: 'fr-BE', language: 'fr' });
      const back = await h.request('PATCH', '/tenant', { token, body: { locale: null } });
      expect(back.body).to.include({ locale: null, language: 'fr' });
    });

    it("sets the door daemons' offline window and tells the daemons, as a timezone change does", async () => {
      const { tenant, token } = await signedIn('COMPANY_ADMIN', { plan: 'GROWTH' });
      const before = await feedVersion(h.ds, tenant.id);
      const res = await h.request('PATCH', '/tenant', { token, body: { accessOfflineWindowMinutes: 60 } });
      expect(res.status).to.equal(200);
      expect(res.body.accessOfflineWindowMinutes).to.equal(60);
      expect(await feedVersion(h.ds, tenant.id)).to.equal(before + 1);
      const [row] = await h.ds.query(`SELECT access_offline_window_minutes AS minutes FROM tenants WHERE id = $1`, [tenant.id]);
      expect(row.minutes).to.equal(60);
    });

    it('switches the developer API on and off on ENTERPRISE', async () => {
      const { tenant, token } = await signedIn('COMPANY_ADMIN', { plan: 'ENTERPRISE', publicApiEnabled: false });
      const on = await h.request('PATCH', '/tenant', { token, body: { publicApiEnabled: true } });
      expect(on.status).to.equal(200);
      expect(on.body.publicApiEnabled).to.equal(true);
      expect((await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: tenant.id })).publicApiEnabled).to.equal(true);
      const off = await h.request('PATCH', '/tenant', { token, body: { publicApiEnabled: false } });
      expect(off.status).to.equal(200);
      expect(off.body.publicApiEnabled).to.equal(false);
    });

    it('refuses to switch the developer API on without the plan: 403 ModuleNotEntitled, nothing changed', async () => {
      for (const plan of ['FREE', 'BASIC', 'GROWTH'] as const) {
        const { tenant, token } = await signedIn('TENANT_OWNER', { plan, publicApiEnabled: false, name: 'Same' });
        const res = await h.request('PATCH', '/tenant', { token, body: { publicApiEnabled: true, name: 'Changed' } });
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal({
          message: `Your ${plan} plan does not include the developer API. Upgrade at /admin/billing.`,
          error: 'ModuleNotEntitled',
          statusCode: 403,
        });
        const row = await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: tenant.id });
        expect(row.publicApiEnabled).to.equal(false);
        expect(row.name).to.equal('Same');
      }
    });

    it('always allows switching the developer API off, even without the plan', async () => {
      const { token } = await signedIn('TENANT_OWNER', { plan: 'GROWTH', publicApiEnabled: true });
      const res = await h.request('PATCH', '/tenant', { token, body: { publicApiEnabled: false } });
      expect(res.status).to.equal(200);
      expect(res.body.publicApiEnabled).to.equal(false);
    });

    const invalid: Array<[string, unknown, string[]]> = [
      ['an empty body', {}, ['body must contain at least one of: name, timezone, publicApiEnabled, rosterApprovalRequired, payrollFourEyes, accessOfflineWindowMinutes, availabilityConflictMode, locale, language']],
      ['an unknown property', { name: 'X', nickname: 'y' }, ['property nickname should not exist']],
      ['a plan change (operator only)', { plan: 'ENTERPRISE' }, ['property plan should not exist', 'body must contain at least one of: name, timezone, publicApiEnabled, rosterApprovalRequired, payrollFourEyes, accessOfflineWindowMinutes, availabilityConflictMode, locale, language']],
      ['an ssoEnabled change (operator only)', { name: 'X', ssoEnabled: true }, ['property ssoEnabled should not exist']],
      ['a bad timezone', { timezone: 'Mars/Olympus_Mons' }, ['timezone must be a valid IANA time zone']],
      ['a timezone of the wrong type', { timezone: 3 }, ['timezone must be a string']],
      ['an empty name', { name: '   ' }, ['name must be at least 1 characters']],
      ['a name over 200 characters', { name: 'n'.repeat(201) }, ['name must be at most 200 characters']],
      ['a non-boolean switch', { publicApiEnabled: 'yes' }, ['publicApiEnabled must be a boolean']],
      ['a body that is not an object', [1], ['body must be a JSON object']],
      ['an unknown availability conflict mode', { availabilityConflictMode: 'SOMETIMES' }, ['availabilityConflictMode must be one of the following values: OFF, WARN, BLOCK']],
      ['a locale not on the list', { locale: 'xx-YY' }, [`locale must be one of the following values: ${LOCALES.join(', ')}`]],
      ['a language not on the list', { language: 'de' }, ['language must be one of the following values: en, fr']],
      ['a null language (the tenant always has one)', { language: null }, ['language must be one of the following values: en, fr']],
      ['an offline window under 5 minutes', { accessOfflineWindowMinutes: 4 }, ['accessOfflineWindowMinutes must not be less than 5']],
      ['an offline window over 30 days', { accessOfflineWindowMinutes: 43_201 }, ['accessOfflineWindowMinutes must not be greater than 43200']],
      ['an offline window that is not a whole number of minutes', { accessOfflineWindowMinutes: 90.5 }, ['accessOfflineWindowMinutes must be an integer number']],
    ];
    for (const [what, body, messages] of invalid) {
      it(`is 400 for ${what}`, async () => {
        const { tenant, token } = await signedIn('TENANT_OWNER', { name: 'Kept' });
        const res = await h.request('PATCH', '/tenant', { token, body });
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: messages, error: 'Bad Request', statusCode: 400 });
        expect((await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: tenant.id })).name).to.equal('Kept');
      });
    }

    it('is a bare 401 without a token', async () => {
      const res = await h.request('PATCH', '/tenant', { body: { name: 'X' } });
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
    });

    for (const role of REFUSED) {
      it(`is 403 for ${role}, before validation, and changes nothing`, async () => {
        const { tenant, token } = await signedIn(role, { name: 'Kept' });
        for (const body of [{ name: 'Taken over' }, { bogus: true }]) {
          const res = await h.request('PATCH', '/tenant', { token, body });
          expect(res.status).to.equal(403);
          expect(res.body).to.deep.equal({ message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 });
        }
        expect((await h.ds.getRepository(TenantEntity).findOneByOrFail({ id: tenant.id })).name).to.equal('Kept');
      });
    }

    it("never touches another tenant's settings", async () => {
      const a = await signedIn('TENANT_OWNER', { name: 'Alpha', timezone: 'Europe/London' });
      const b = await signedIn('TENANT_OWNER', { name: 'Beta', timezone: 'Asia/Tokyo' });
      const res = await h.request('PATCH', '/tenant', { token: a.token, body: { name: 'Alpha 2', timezone: 'Europe/Berlin' } });
      expect(res.body.id).to.equal(a.tenant.id);
      const other = await h.request('GET', '/tenant', { token: b.token });
      expect(other.body).to.include({ id: b.tenant.id, name: 'Beta', timezone: 'Asia/Tokyo' });
    });
  });
});
