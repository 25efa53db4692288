import { expect } from 'chai';
import { ROLES, type Role } from '@wfm/core/tenancy';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';

describe("a person's language and the tenant's locale: GET and PATCH /me/locale (HTTP)", () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  async function signedIn(role: Role = 'STAFF', over: Parameters<typeof createTenant>[1] = {}) {
    const tenant = await createTenant(h.ds, over);
    const user = await createUser(h.ds, tenant.id, { role });
    return { tenant, user, token: await h.tokenFor(user) };
  }

  it("by default speaks the tenant's language and writes by its time zone: en-GB in Europe, en-US in America", async () => {
    const paris = await signedIn('STAFF', { timezone: 'Europe/Paris' });
    expect((await h.request('GET', '/me/locale', { token: paris.token })).body).to.deep.equal({ timezone: 'Europe/Paris', locale: 'en-GB', language: 'en', ownLanguage: null, tenantLanguage: 'en' });
    const newYork = await signedIn('STAFF', { timezone: 'America/New_York' });
    expect((await h.request('GET', '/me/locale', { token: newYork.token })).body).to.include({ locale: 'en-US', language: 'en' });
  });

  it("follows the tenant's locale and default language once the tenant sets them", async () => {
    const { tenant, token } = await signedIn('STAFF', { timezone: 'Europe/Brussels' });
    const owner = await createUser(h.ds, tenant.id, { role: 'TENANT_OWNER' });
    const patched = await h.request('PATCH', '/tenant', { token: await h.tokenFor(owner), body: { locale: 'fr-BE', language: 'fr' } });
    expect(patched.status).to.equal(200);
    expect((await h.request('GET', '/me/locale', { token })).body).to.deep.equal({ timezone: 'Europe/Brussels', locale: 'fr-BE', language: 'fr', ownLanguage: null, tenantLanguage: 'fr' });
  });

  for (const role of ROLES) {
    it(`lets ${role} choose their own language, and go back to the tenant's with null`, async () => {
      const { user, token } = await signedIn(role);
      h.clock.advance(60_000);
      const res = await h.request('PATCH', '/me/locale', { token, body: { language: 'fr' } });
      expect(res.status).to.equal(200);
      expect(res.body).to.include({ language: 'fr', ownLanguage: 'fr', tenantLanguage: 'en' });
      expect((await h.request('GET', '/me/locale', { token })).body).to.deep.equal(res.body);
      const row = await h.ds.getRepository(UserEntity).findOneByOrFail({ id: user.id });
      expect(row.language).to.equal('fr');
      expect(row.updatedAt.toISOString()).to.equal(h.clock.now().toISOString());
      const back = await h.request('PATCH', '/me/locale', { token, body: { language: null } });
      expect(back.body).to.include({ language: 'en', ownLanguage: null });
    });
  }

  const invalid: Array<[string, unknown, string[]]> = [
    ['an empty body', {}, ['language is required']],
    ['a language not on the list', { language: 'de' }, ['language must be one of the following values: en, fr']],
    ['a language of the wrong type', { language: 1 }, ['language must be one of the following values: en, fr']],
    ['an unknown property', { language: 'fr', locale: 'fr-FR' }, ['property locale should not exist']],
    ['a body that is not an object', ['fr'], ['body must be a JSON object']],
  ];
  for (const [what, body, messages] of invalid) {
    it(`is 400 for ${what}, and changes nothing`, async () => {
      const { user, token } = await signedIn();
      const res = await h.request('PATCH', '/me/locale', { token, body });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: messages, error: 'Bad Request', statusCode: 400 });
      expect((await h.ds.getRepository(UserEntity).findOneByOrFail({ id: user.id })).language).to.equal(null);
    });
  }

  it('is a bare 401 without a token, on both', async () => {
    for (const [method, body] of [['GET', undefined], ['PATCH', { language: 'fr' }]] as const) {
      const res = await h.request(method, '/me/locale', body ? { body } : {});
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
    }
  });

  it("changes only the caller's own language, never anyone else's, in or out of the tenant", async () => {
    const a = await signedIn('TENANT_OWNER', { timezone: 'Europe/London' });
    const colleague = await createUser(h.ds, a.tenant.id, { role: 'STAFF' });
    const b = await signedIn('STAFF', { timezone: 'Asia/Tokyo' });
    await h.request('PATCH', '/me/locale', { token: a.token, body: { language: 'fr' } });
    const users = h.ds.getRepository(UserEntity);
    expect((await users.findOneByOrFail({ id: colleague.id })).language).to.equal(null);
    expect((await users.findOneByOrFail({ id: b.user.id })).language).to.equal(null);
    expect((await h.request('GET', '/me/locale', { token: b.token })).body).to.deep.equal({ timezone: 'Asia/Tokyo', locale: 'en-GB', language: 'en', ownLanguage: null, tenantLanguage: 'en' });
  });

  it('is 401 for a person removed behind the API\'s back while their session lives, on both: the session names no one', async () => {
    const { user, token } = await signedIn();
    await h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [user.id]);
    for (const [method, body] of [['GET', undefined], ['PATCH', { language: 'fr' }]] as const) {
      const res = await h.request(method, '/me/locale', { token, ...(body ? { body } : {}) });
      expect(res.status).to.equal(401);
    }
  });
});
