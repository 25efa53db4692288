import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';
import { apiKeyFor } from '../../../test-support/developer-credentials.js';

const SCIM = 'application/scim+json';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const scimError = (status: number, detail: string, scimType?: string) => ({ schemas: [ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail });

describe('SCIM 2.0 (/scim/v2, RFC 7643/7644)', () => {
  let h: ApiHarness;
  let tenantId: string;
  let key: string;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());
  beforeEach(async () => {
    // Single sign-on on, the public developer API off: SCIM needs the first only (spec 01 rule 7).
    tenantId = (await createTenant(h.ds, { plan: 'ENTERPRISE', ssoEnabled: true, publicApiEnabled: false })).id;
    // A key acts with the rank of the person who made it: here the tenant's owner.
    await createUser(h.ds, tenantId, { role: 'TENANT_OWNER', password: null });
    key = await apiKeyFor(h, tenantId, ['scim:read', 'scim:write']);
  });

  const call = (method: string, path: string, body?: unknown, token = key) =>
    h.request(method, `/scim/v2${path}`, { headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': SCIM }) }, ...(body === undefined ? {} : { rawBody: JSON.stringify(body) }) });
  const events = async () => (await h.ds.query(`SELECT type, payload FROM domain_events WHERE tenant_id = $1 ORDER BY occurred_at, id`, [tenantId])).map((e: { type: string; payload: unknown }) => [e.type, e.payload]);
  const newUser = (over: Record<string, unknown> = {}) => ({
    schemas: [USER],
    userName: `ann.${randomUUID().slice(0, 8)}@acme.test`,
    name: { givenName: 'Ann', familyName: 'Baker' },
    emails: [{ primary: true, value: 'placeholder', type: 'work' }],
    externalId: `00u${randomUUID().slice(0, 8)}`,
    active: true,
    ...over,
  });

  it('Okta: finds by userName (none), creates, reads, deactivates with a value object, replaces, then deletes; events per spec 03', async () => {
    const body = newUser();
    body.emails[0]!.value = body.userName as string;
    const none = await call('GET', `/Users?filter=${encodeURIComponent(`userName eq "${body.userName}"`)}&startIndex=1&count=100`);
    expect(none.headers.get('content-type')).to.equal('application/scim+json; charset=utf-8');
    expect(none.body).to.deep.equal({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    const created = await call('POST', '/Users', body);
    expect(created.status).to.equal(201);
    const id = created.body.id;
    expect(created.headers.get('location')).to.equal(`${h.config.publicAppUrl}/api/v1/scim/v2/Users/${id}`);
    expect(created.body).to.deep.include({ userName: body.userName, externalId: body.externalId, active: true, displayName: 'Ann Baker', name: { formatted: 'Ann Baker', givenName: 'Ann', familyName: 'Baker' } });
    expect(created.body.emails).to.deep.equal([{ value: body.userName, type: 'work', primary: true }]);
    expect(created.body.roles).to.deep.equal([{ value: 'STAFF', primary: true }]);

    const found = await call('GET', `/Users?filter=${encodeURIComponent(`userName eq "${body.userName}"`)}`);
    expect(found.body.totalResults).to.equal(1);
    expect((await call('GET', `/Users/${id}`)).body.id).to.equal(id);

    const off = await call('PATCH', `/Users/${id}`, { schemas: [PATCH], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.body.active).to.equal(false);
    const replaced = await call('PUT', `/Users/${id}`, { ...body, name: { givenName: 'Annie', familyName: 'Baker' }, active: true });
    expect(replaced.body).to.deep.include({ active: true, displayName: 'Annie Baker' });
    h.clock.advance(1000);
    expect((await call('DELETE', `/Users/${id}`)).status).to.equal(204);
    expect((await call('GET', `/Users/${id}`)).body).to.deep.equal(scimError(404, 'Resource not found'));
    expect(await events()).to.deep.equal([
      ['user.created', { tenantId, userId: id, email: body.userName, fullName: 'Ann Baker' }],
      ['user.terminated', { tenantId, userId: id }],
    ]);
  });

  it('Entra ID: filters by externalId, patches with paths and "False", and active false ends sessions without an event', async () => {
    const body = newUser({ emails: [{ primary: true, value: 'x', type: 'work' }] });
    body.emails = [{ primary: true, value: body.userName as string, type: 'work' }];
    const id = (await call('POST', '/Users', body)).body.id;
    const token = await h.tokenFor({ id, tenantId });
    expect((await h.request('GET', '/contracts', { token })).status).to.equal(200);
    const byExternal = await call('GET', `/Users?filter=${encodeURIComponent(`externalId eq "${body.externalId}"`)}`);
    expect(byExternal.body.Resources.map((u: { id: string }) => u.id)).to.deep.equal([id]);
    const patched = await call('PATCH', `/Users/${id}`, {
      schemas: [PATCH],
      Operations: [
        { op: 'Replace', path: 'active', value: 'False' },
        { op: 'Replace', path: 'name.familyName', value: 'Smith' },
        { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: 'E-42' },
        { op: 'Add', path: 'title', value: 'Chef' },
      ],
    });
    expect(patched.status).to.equal(200);
    expect(patched.body).to.deep.include({ active: false, displayName: 'Ann Smith', 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { employeeNumber: 'E-42' } });
    expect((await h.request('GET', '/contracts', { token })).status).to.equal(401);
    const [row] = await h.ds.query(`SELECT status, deleted_at AS "deletedAt" FROM users WHERE id = $1`, [id]);
    expect(row).to.deep.equal({ status: 'INACTIVE', deletedAt: null });
    expect((await events()).map(([type]: [string]) => type)).to.deep.equal(['user.created']);
  });

  it('pages with startIndex and count; filters active', async () => {
    const ids = [];
    for (let i = 0; i < 5; i++) {
      const b = newUser();
      b.emails = [{ primary: true, value: b.userName as string, type: 'work' }];
      ids.push((await call('POST', '/Users', { ...b, active: i % 2 === 0 })).body.id);
      h.clock.advance(1000);
    }
    // The tenant's owner, who made the key, is the first of six.
    const page = await call('GET', '/Users?startIndex=3&count=2');
    expect(page.body).to.deep.include({ totalResults: 6, startIndex: 3, itemsPerPage: 2 });
    expect(page.body.Resources.map((u: { id: string }) => u.id)).to.deep.equal(ids.slice(1, 3));
    expect((await call('GET', '/Users?filter=active%20eq%20false')).body.totalResults).to.equal(2);
    expect((await call('GET', '/Users?count=0')).body).to.deep.include({ totalResults: 6, itemsPerPage: 0 });
  });

  it('answers RFC 7644 error bodies: uniqueness, invalidValue, invalidFilter, invalidSyntax, unknown paths', async () => {
    const b = newUser();
    b.emails = [{ primary: true, value: b.userName as string, type: 'work' }];
    await call('POST', '/Users', b);
    expect((await call('POST', '/Users', { ...b, externalId: 'other' })).body).to.deep.equal(scimError(409, 'userName is already taken in this tenant', 'uniqueness'));
    expect((await call('POST', '/Users', { ...newUser(), userName: 'not-an-email', emails: [] })).body).to.deep.equal(scimError(400, 'userName must be an email address', 'invalidValue'));
    expect((await call('POST', '/Users', { schemas: [USER] })).body).to.deep.equal(scimError(400, 'userName is required', 'invalidValue'));
    expect((await call('POST', '/Users', { ...newUser(), roles: [{ value: 'TENANT_OWNER' }], emails: [] })).body.scimType).to.equal('invalidValue');
    expect((await call('GET', `/Users?filter=${encodeURIComponent('title co "x"')}`)).body.scimType).to.equal('invalidFilter');
    const broken = await h.request('POST', '/scim/v2/Users', { headers: { authorization: `Bearer ${key}`, 'content-type': SCIM }, rawBody: '{"userName":' });
    expect(broken.body).to.deep.equal(scimError(400, 'Malformed JSON in request body', 'invalidSyntax'));
    expect((await call('GET', '/Bundles')).body).to.deep.equal(scimError(404, 'Resource not found'));
    expect((await call('GET', `/Users/${randomUUID()}`)).status).to.equal(404);
  });

  it('auth per spec 01 rule 7: a key with the scope, Enterprise and single sign-on; not the public API switch; other tenants are 404', async () => {
    expect((await call('GET', '/Users', undefined, 'nope')).body).to.deep.equal(scimError(401, 'Unauthorized'));
    const readOnly = await apiKeyFor(h, tenantId, ['scim:read']);
    expect((await call('GET', '/Users', undefined, readOnly)).status).to.equal(200);
    expect((await call('POST', '/Users', newUser(), readOnly)).body).to.deep.equal(scimError(403, 'This credential lacks the scim:write scope'));
    const noSso = (await createTenant(h.ds, { plan: 'ENTERPRISE', ssoEnabled: false, publicApiEnabled: true })).id;
    expect((await call('GET', '/Users', undefined, await apiKeyFor(h, noSso, ['scim:read']))).body).to.deep.equal(scimError(403, 'Single sign-on is not enabled for this tenant'));
    const growth = (await createTenant(h.ds, { plan: 'GROWTH', ssoEnabled: true })).id;
    expect((await call('GET', '/Users', undefined, await apiKeyFor(h, growth, ['scim:read']))).body.status).to.equal('403');
    const stranger = await createUser(h.ds, noSso, { role: 'STAFF' });
    expect((await call('GET', `/Users/${stranger.id}`)).status).to.equal(404);
    expect((await call('DELETE', `/Users/${stranger.id}`)).status).to.equal(404);
    expect((await call('GET', '/ServiceProviderConfig')).body).to.deep.include({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, etag: { supported: false } });
    expect((await call('GET', '/ResourceTypes')).body.Resources.map((t: { id: string; endpoint: string }) => [t.id, t.endpoint])).to.deep.equal([
      ['Group', '/Groups'],
      ['User', '/Users'],
    ]);
    expect((await call('GET', '/Schemas')).body.totalResults).to.equal(3);
  });

  describe('Groups are outlets; members are the people assigned to them', () => {
    const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
    const person = async (fullName: string) => (await createUser(h.ds, tenantId, { role: 'STAFF', fullName })).id;
    const membersOf = async (outletId: string) => (await h.ds.query(`SELECT user_id FROM user_outlets WHERE outlet_id = $1 ORDER BY user_id`, [outletId])).map((r: { user_id: string }) => r.user_id);

    it('lists and finds by displayName, pages, and shows members', async () => {
      const soho = await createOutlet(h.ds, tenantId, { name: 'Soho', code: 'SOHO' });
      h.clock.advance(1000);
      await createOutlet(h.ds, tenantId, { name: 'Camden', code: 'CAM' });
      const ann = await person('Ann Baker');
      await h.ds.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) VALUES ($1, $2, $3)`, [tenantId, ann, soho.id]);

      const all = await call('GET', '/Groups');
      expect(all.headers.get('content-type')).to.equal('application/scim+json; charset=utf-8');
      expect(all.body).to.deep.include({ totalResults: 2, startIndex: 1, itemsPerPage: 2 });
      const found = await call('GET', `/Groups?filter=${encodeURIComponent('displayName eq "soho"')}`);
      expect(found.body.totalResults).to.equal(1);
      expect(found.body.Resources[0]).to.deep.include({
        schemas: [GROUP],
        id: soho.id,
        displayName: 'Soho',
        externalId: 'SOHO',
        members: [{ value: ann, display: 'Ann Baker', $ref: `${h.config.publicAppUrl}/api/v1/scim/v2/Users/${ann}` }],
      });
      expect(found.body.Resources[0].meta).to.deep.include({ resourceType: 'Group', location: `${h.config.publicAppUrl}/api/v1/scim/v2/Groups/${soho.id}` });
      expect((await call('GET', '/Groups?startIndex=2&count=1')).body).to.deep.include({ totalResults: 2, startIndex: 2, itemsPerPage: 1 });
      expect((await call('GET', `/Groups/${soho.id}`)).body.displayName).to.equal('Soho');
      expect((await call('GET', `/Groups?filter=${encodeURIComponent('externalId eq "SOHO"')}`)).body.scimType).to.equal('invalidFilter');
    });

    it('Okta and Entra member patches: add, remove by value and by filter path, replace; PUT sets exactly the listed members', async () => {
      const outlet = await createOutlet(h.ds, tenantId);
      const [a, b, c] = [await person('A'), await person('B'), await person('C')];
      const patch = (Operations: unknown[]) => call('PATCH', `/Groups/${outlet.id}`, { schemas: [PATCH], Operations });

      expect((await patch([{ op: 'add', path: 'members', value: [{ value: a }, { value: b }] }])).status).to.equal(200);
      expect(await membersOf(outlet.id)).to.deep.equal([a, b].sort());
      await patch([{ op: 'Remove', path: `members[value eq "${a}"]` }]);
      expect(await membersOf(outlet.id)).to.deep.equal([b]);
      await patch([{ op: 'Add', path: 'members', value: [{ value: c }] }, { op: 'Remove', path: 'members', value: [{ value: b }] }]);
      expect(await membersOf(outlet.id)).to.deep.equal([c]);
      const renamed = await patch([{ op: 'replace', value: { displayName: 'Soho West', members: [{ value: a }] } }]);
      expect(renamed.body).to.deep.include({ displayName: 'Soho West' });
      expect(renamed.body.members.map((m: { value: string }) => m.value)).to.deep.equal([a]);

      const put = await call('PUT', `/Groups/${outlet.id}`, { schemas: [GROUP], displayName: 'Soho West', members: [{ value: b }, { value: c }] });
      expect(put.status).to.equal(200);
      expect(await membersOf(outlet.id)).to.deep.equal([b, c].sort());
      await call('PUT', `/Groups/${outlet.id}`, { schemas: [GROUP], displayName: 'Soho West' });
      expect(await membersOf(outlet.id)).to.deep.equal([]);
      expect(await events()).to.deep.equal([]);
    });

    it('refuses unknown or foreign members and odd operations without a partial change; other tenants and write without scope', async () => {
      const outlet = await createOutlet(h.ds, tenantId);
      const mine = await person('Mine');
      const foreignTenant = (await createTenant(h.ds, { plan: 'ENTERPRISE', ssoEnabled: true })).id;
      const foreigner = (await createUser(h.ds, foreignTenant, { role: 'STAFF' })).id;
      const bad = await call('PATCH', `/Groups/${outlet.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: mine }] }, { op: 'add', path: 'members', value: [{ value: foreigner }] }] });
      expect(bad.body).to.deep.equal(scimError(400, `members ${foreigner} are not users of this tenant`, 'invalidValue'));
      expect(await membersOf(outlet.id)).to.deep.equal([]);
      expect((await call('PATCH', `/Groups/${outlet.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'members', value: [{ value: 'nope' }] }] })).body.status).to.equal('400');
      expect((await call('PATCH', `/Groups/${outlet.id}`, { schemas: [PATCH], Operations: [{ op: 'add', path: 'owner', value: 'x' }] })).body.status).to.equal('400');

      const foreignOutlet = await createOutlet(h.ds, foreignTenant);
      expect((await call('GET', `/Groups/${foreignOutlet.id}`)).body).to.deep.equal(scimError(404, 'Resource not found'));
      expect((await call('PUT', `/Groups/${foreignOutlet.id}`, { schemas: [GROUP], members: [] })).status).to.equal(404);
      expect((await call('GET', `/Groups/${randomUUID()}`)).status).to.equal(404);
      const readOnly = await apiKeyFor(h, tenantId, ['scim:read']);
      expect((await call('PATCH', `/Groups/${outlet.id}`, { schemas: [PATCH], Operations: [] }, readOnly)).body).to.deep.equal(scimError(403, 'This credential lacks the scim:write scope'));
      expect((await call('GET', '/Groups', undefined, 'nope')).status).to.equal(401);
    });
  });
  describe('malformed requests are 4xx in the RFC 7644 §3.12 shape, never 500 (issue 26)', () => {
    const GROUP = 'urn:ietf:params:scim:schemas:core:2.0:Group';
    const raw = (method: string, path: string, rawBody: string, contentType = SCIM) => h.request(method, `/scim/v2${path}`, { headers: { authorization: `Bearer ${key}`, 'content-type': contentType }, rawBody });
    const provisioned = async () => {
      const b = newUser();
      b.emails = [{ primary: true, value: b.userName as string, type: 'work' }];
      return (await call('POST', '/Users', b)).body as { id: string; externalId: string; name: { givenName: string } };
    };

    it('a startIndex past 2^31-1 is an empty page at 2^31-1, on Users and Groups; below 1 it is 1; count is held to 0..200', async () => {
      await provisioned();
      await createOutlet(h.ds, tenantId);
      // Users: the provisioned one and the owner who made the key; Groups: the one outlet.
      for (const [resource, n] of [['Users', 2], ['Groups', 1]] as const) {
        const huge = await call('GET', `/${resource}?startIndex=9223372036854775808`);
        expect(huge.status, resource).to.equal(200);
        expect(huge.body, resource).to.deep.include({ totalResults: n, startIndex: 2147483647, itemsPerPage: 0, Resources: [] });
        expect((await call('GET', `/${resource}?startIndex=-5`)).body, resource).to.deep.include({ startIndex: 1, itemsPerPage: n });
        expect((await call('GET', `/${resource}?count=-1`)).body, resource).to.deep.include({ itemsPerPage: 0 });
        expect((await call('GET', `/${resource}?count=9223372036854775808`)).body, resource).to.deep.include({ itemsPerPage: n });
        expect((await call('GET', `/${resource}?startIndex=1.5`)).body, resource).to.deep.equal(scimError(400, 'startIndex must be an integer number', 'invalidValue'));
      }
    });

    it('Group members must be user ids: 36 dashes added, or "not-a-uuid" in a remove filter, are 400 invalidValue', async () => {
      const outlet = await createOutlet(h.ds, tenantId);
      const patch = (Operations: unknown[]) => call('PATCH', `/Groups/${outlet.id}`, { schemas: [PATCH], Operations });
      const notAnId = scimError(400, 'members value must be a user id', 'invalidValue');
      expect((await patch([{ op: 'add', path: 'members', value: [{ value: '-'.repeat(36) }] }])).body).to.deep.equal(notAnId);
      expect((await patch([{ op: 'remove', path: 'members[value eq "not-a-uuid"]' }])).body).to.deep.equal(notAnId);
      expect((await call('PUT', `/Groups/${outlet.id}`, { schemas: [GROUP], members: [{ value: '-'.repeat(36) }] })).body).to.deep.equal(notAnId);
    });

    it('a body over 1 MB is 413, JSON nested 5,000 deep is 400 invalidSyntax, a malformed %-escape in the path is 400', async () => {
      expect((await raw('POST', '/Users', JSON.stringify({ ...newUser(), displayName: 'x'.repeat(1_100_000) }))).body).to.deep.equal(scimError(413, 'Request body is too large'));
      expect((await raw('POST', '/Users', '{"a":'.repeat(5000) + '1' + '}'.repeat(5000))).body).to.deep.equal(scimError(400, 'Request body nests more than 32 levels deep', 'invalidSyntax'));
      expect((await call('GET', '/Users/%E0%A4%A')).body).to.deep.equal(scimError(400, 'Malformed percent-encoding in the URL', 'invalidSyntax'));
    });

    it('a body that is not JSON is 415, as is a charset the parser cannot read', async () => {
      const unsupported = scimError(415, 'Send the body as application/scim+json');
      expect((await raw('POST', '/Users', JSON.stringify(newUser()), 'text/plain')).body).to.deep.equal(unsupported);
      expect((await raw('PATCH', `/Users/${randomUUID()}`, 'userName=a', 'application/x-www-form-urlencoded')).body).to.deep.equal(unsupported);
      expect((await raw('POST', '/Users', JSON.stringify(newUser()), 'application/scim+json; charset=latin-9')).body).to.deep.equal(scimError(415, 'Unsupported request encoding'));
    });

    it('PATCH holds the attributes it changes to the limits PUT has, and changes nothing when one is over', async () => {
      const user = await provisioned();
      const patch = (Operations: unknown[]) => call('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations });
      const long = 'x'.repeat(100_000);
      expect((await patch([{ op: 'replace', path: 'externalId', value: long }])).body).to.deep.equal(scimError(400, 'externalId must be at most 200 characters', 'invalidValue'));
      expect((await patch([{ op: 'add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:employeeNumber', value: long }])).body).to.deep.equal(
        scimError(400, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User.employeeNumber must be at most 100 characters', 'invalidValue'),
      );
      expect((await patch([{ op: 'replace', value: { name: { givenName: 'x'.repeat(101) } } }])).body).to.deep.equal(scimError(400, 'name.givenName must be at most 100 characters', 'invalidValue'));
      expect((await patch([{ op: 'replace', path: 'emails[type eq "work"].value', value: `${'x'.repeat(320)}@acme.test` }])).body.scimType).to.equal('invalidValue');
      const [row] = await h.ds.query(`SELECT scim_external_id AS "externalId", employee_code AS "employeeCode" FROM users WHERE id = $1`, [user.id]);
      expect(row).to.deep.equal({ externalId: user.externalId, employeeCode: null });
      // A value the product stored past a SCIM limit does not block a patch of something else.
      await h.ds.query(`UPDATE users SET full_name = $2 WHERE id = $1`, [user.id, 'y'.repeat(150)]);
      expect((await patch([{ op: 'replace', path: 'active', value: false }])).body.active).to.equal(false);
    });

    it('a Group displayName of 100 KB, empty or blank is 400 invalidValue by PATCH as by PUT; the outlet keeps its name', async () => {
      const outlet = await createOutlet(h.ds, tenantId, { name: 'Soho', code: 'SOHO1' });
      const patch = (Operations: unknown[]) => call('PATCH', `/Groups/${outlet.id}`, { schemas: [PATCH], Operations });
      const tooLong = scimError(400, 'displayName must be at most 200 characters', 'invalidValue');
      const empty = scimError(400, 'displayName must be at least 1 characters', 'invalidValue');
      expect((await patch([{ op: 'replace', path: 'displayName', value: 'x'.repeat(100_000) }])).body).to.deep.equal(tooLong);
      expect((await patch([{ op: 'replace', value: { displayName: '' } }])).body).to.deep.equal(empty);
      expect((await patch([{ op: 'replace', path: 'displayName', value: '   ' }])).body).to.deep.equal(empty);
      expect((await patch([{ op: 'replace', path: 'displayName', value: 7 }])).body).to.deep.equal(scimError(400, 'displayName must be a string', 'invalidValue'));
      expect((await call('PUT', `/Groups/${outlet.id}`, { schemas: [GROUP], displayName: 'x'.repeat(100_000) })).body).to.deep.equal(tooLong);
      expect((await call('GET', `/Groups/${outlet.id}`)).body.displayName).to.equal('Soho');
      expect((await patch([{ op: 'replace', path: 'displayName', value: '  Soho West ' }])).body.displayName).to.equal('Soho West');
    });

    it('control characters are refused in SCIM strings: attributes by POST and PATCH, a group displayName, a filter', async () => {
      const user = await provisioned();
      const outlet = await createOutlet(h.ds, tenantId);
      expect((await call('POST', '/Users', { ...newUser(), emails: [], externalId: 'a\nb' })).body).to.deep.equal(scimError(400, 'externalId must not contain control characters', 'invalidValue'));
      expect((await call('PATCH', `/Users/${user.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'name.givenName', value: 'Ann\u0085' }] })).body).to.deep.equal(
        scimError(400, 'name.givenName must not contain control characters', 'invalidValue'),
      );
      expect((await call('PATCH', `/Groups/${outlet.id}`, { schemas: [PATCH], Operations: [{ op: 'replace', path: 'displayName', value: 'Soho\tWest' }] })).body).to.deep.equal(
        scimError(400, 'displayName must not contain control characters', 'invalidValue'),
      );
      expect((await call('GET', `/Users?filter=${encodeURIComponent('userName eq "a\nb"')}`)).body).to.deep.equal(scimError(400, 'filter must not contain control characters', 'invalidValue'));
    });

    it('the rate limit answers 429 in the SCIM shape, with Retry-After', async () => {
      // Its own endpoint's counter: the other tests here call /Schemas at most once.
      let res = await call('GET', '/Schemas');
      for (let i = 0; i < 130 && res.status !== 429; i++) res = await call('GET', '/Schemas');
      expect(res.status).to.equal(429);
      expect(res.headers.get('content-type')).to.equal('application/scim+json; charset=utf-8');
      expect(res.headers.get('retry-after')).to.match(/^\d+$/);
      expect(res.body).to.deep.equal(scimError(429, 'ThrottlerException: Too Many Requests'));
    });
  });
});
