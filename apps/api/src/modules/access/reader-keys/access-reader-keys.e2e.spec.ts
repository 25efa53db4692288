import { expect } from 'chai';
import type { Plan, Role } from '@wfm/core/tenancy';
import { hashReaderKey } from '@wfm/access/reader-key';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness } from '../../../test-support/harness.js';

const KEY_FORMAT = /^mk_[A-Za-z0-9_-]{32}$/;
const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };

describe('reader-bridge keys /access/api-keys (spec 02)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  async function signIn(role: Role = 'COMPANY_ADMIN', plan: Plan = 'GROWTH') {
    const tenant = await createTenant(h.ds, { plan });
    const user = await createUser(h.ds, tenant.id, { role });
    return { tenant, user, token: await h.tokenFor(user) };
  }

  const create = (token: string, body: unknown = { name: 'Front door bridge' }) => h.request('POST', '/access/api-keys', { token, body });
  const feedVersion = async (tenantId: string): Promise<number> => {
    const rows: Array<{ version: string }> = await h.ds.query(`SELECT version FROM access_feed_versions WHERE tenant_id = $1`, [tenantId]);
    return rows.length ? Number(rows[0]!.version) : 0;
  };

  describe('POST /access/api-keys', () => {
    it('201 {id, name, key, createdAt}: mk_ and 32 base64url characters, shown once; the database holds only its keyed hash', async () => {
      const { tenant, user, token } = await signIn();
      const res = await create(token, { name: '  Front door bridge ' });
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('id', 'name', 'key', 'createdAt');
      expect(res.body).to.include({ name: 'Front door bridge', createdAt: h.clock.now().toISOString() });
      expect(res.body.key).to.match(KEY_FORMAT);

      const rows: Array<Record<string, unknown>> = await h.ds.query(`SELECT * FROM access_reader_keys WHERE tenant_id = $1`, [tenant.id]);
      expect(rows).to.have.length(1);
      const row = rows[0]!;
      expect(row.key_hash).to.equal(hashReaderKey(res.body.key));
      expect(row).to.include({ id: res.body.id, name: 'Front door bridge', prefix: res.body.key.slice(0, 7), created_by_user_id: user.id, revoked_at: null });
      expect(JSON.stringify(rows)).to.not.contain(res.body.key);
      expect(JSON.stringify(rows)).to.not.contain(res.body.key.slice(7));
      expect(await feedVersion(tenant.id)).to.equal(1);
    });

    it('mints a different key every time', async () => {
      const { token } = await signIn();
      const a = await create(token);
      const b = await create(token);
      expect(a.body.key).to.not.equal(b.body.key);
    });

    for (const [label, body, messages] of [
      ['name missing', {}, ['name is required']],
      ['name blank', { name: '   ' }, ['name must be at least 1 characters']],
      ['name too long', { name: 'x'.repeat(121) }, ['name must be at most 120 characters']],
      ['name not a string', { name: 42 }, ['name must be a string']],
      ['unknown property', { name: 'ok', outletId: 'x' }, ['property outletId should not exist']],
    ] as const) {
      it(`400 when ${label}`, async () => {
        const res = await create((await signIn()).token, body);
        expect(res.status).to.equal(400);
        expect(res.body).to.deep.equal({ message: messages, error: 'Bad Request', statusCode: 400 });
      });
    }

    it('accepts a name of exactly 120 characters', async () => {
      expect((await create((await signIn()).token, { name: 'x'.repeat(120) })).status).to.equal(201);
    });
  });

  describe('GET /access/api-keys', () => {
    it("lists the tenant's keys oldest first, revoked ones included, without key or hash", async () => {
      const { token } = await signIn();
      const first = (await create(token, { name: 'A' })).body;
      h.clock.advance(1000);
      const second = (await create(token, { name: 'B' })).body;
      h.clock.advance(1000);
      await h.request('POST', `/access/api-keys/${first.id}/revoke`, { token });
      await create((await signIn()).token, { name: 'other tenant' });

      const res = await h.request('GET', '/access/api-keys', { token });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([
        { id: first.id, name: 'A', prefix: first.key.slice(0, 7), createdAt: first.createdAt, lastUsedAt: null, revokedAt: h.clock.now().toISOString() },
        { id: second.id, name: 'B', prefix: second.key.slice(0, 7), createdAt: second.createdAt, lastUsedAt: null, revokedAt: null },
      ]);
      const text = JSON.stringify(res.body);
      expect(text).to.not.contain(first.key);
      expect(text).to.not.contain(second.key);
      expect(text).to.not.contain(hashReaderKey(first.key));
    });
  });

  describe('POST /access/api-keys/:id/revoke', () => {
    it('200 {id, revoked: true, revokedAt}; revoking again answers the first revocation and publishes nothing', async () => {
      const { tenant, token } = await signIn();
      const key = (await create(token)).body;
      const first = await h.request('POST', `/access/api-keys/${key.id}/revoke`, { token });
      expect(first.status).to.equal(200);
      expect(first.body).to.deep.equal({ id: key.id, revoked: true, revokedAt: h.clock.now().toISOString() });
      const version = await feedVersion(tenant.id);
      expect(version).to.equal(2);

      h.clock.advance(60_000);
      const again = await h.request('POST', `/access/api-keys/${key.id}/revoke`, { token });
      expect(again.status).to.equal(200);
      expect(again.body).to.deep.equal(first.body);
      expect(await feedVersion(tenant.id)).to.equal(version);
    });

    it("404 for another tenant's key, which stays unrevoked", async () => {
      const other = await signIn();
      const key = (await create(other.token)).body;
      const res = await h.request('POST', `/access/api-keys/${key.id}/revoke`, { token: (await signIn()).token });
      expect(res.status).to.equal(404);
      expect(res.body).to.deep.equal({ message: 'Reader key not found', error: 'Not Found', statusCode: 404 });
      const rows: Array<{ revoked_at: Date | null }> = await h.ds.query(`SELECT revoked_at FROM access_reader_keys WHERE id = $1`, [key.id]);
      expect(rows[0]!.revoked_at).to.equal(null);
    });

    it('404 for an unknown id', async () => {
      const res = await h.request('POST', '/access/api-keys/00000000-0000-4000-8000-000000000000/revoke', { token: (await signIn()).token });
      expect(res.status).to.equal(404);
    });

    it('400 for an id that is not a UUID', async () => {
      const res = await h.request('POST', '/access/api-keys/nope/revoke', { token: (await signIn()).token });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal({ message: ['id must be a UUID'], error: 'Bad Request', statusCode: 400 });
    });
  });

  describe('authentication, roles and plan', () => {
    const routes = (id: string): Array<[string, string, unknown?]> => [
      ['GET', '/access/api-keys'],
      ['POST', '/access/api-keys', { name: 'k' }],
      ['POST', `/access/api-keys/${id}/revoke`],
    ];
    const someId = '00000000-0000-4000-8000-000000000000';

    for (const [method, path, body] of routes(someId)) {
      it(`${method} ${path}: 401 without a token`, async () => {
        const res = await h.request(method, path, { body });
        expect(res.status).to.equal(401);
        expect(res.body).to.deep.equal(UNAUTHORIZED);
      });

      for (const role of ['OPERATIONS_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) {
        it(`${method} ${path}: 403 for ${role}`, async () => {
          const res = await h.request(method, path, { body, token: (await signIn(role)).token });
          expect(res.status).to.equal(403);
          expect(res.body).to.deep.equal({ message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 });
        });
      }

      for (const plan of ['FREE', 'BASIC'] as const) {
        it(`${method} ${path}: 402 on the ${plan} plan`, async () => {
          const res = await h.request(method, path, { body, token: (await signIn('TENANT_OWNER', plan)).token });
          expect(res.status).to.equal(402);
          expect(res.body).to.deep.equal({ message: `Your ${plan} plan does not include access control. Upgrade at /admin/billing.`, error: 'Payment Required', statusCode: 402 });
        });
      }
    }

    for (const role of ['TENANT_OWNER', 'HR_MANAGER', 'AREA_MANAGER', 'TENANT_GROUP_OWNER'] as const) {
      it(`${role} manages keys`, async () => {
        const { token } = await signIn(role);
        const created = await create(token);
        expect(created.status).to.equal(201);
        expect((await h.request('GET', '/access/api-keys', { token })).status).to.equal(200);
        expect((await h.request('POST', `/access/api-keys/${created.body.id}/revoke`, { token })).status).to.equal(200);
      });
    }

    it('carries the default rate-limit headers', async () => {
      const res = await h.request('GET', '/access/api-keys', { token: (await signIn()).token });
      expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
    });

    it('a reader key is not a user or developer credential: a bare 401 on API routes', async () => {
      const { token } = await signIn();
      const key = (await create(token)).body.key as string;
      for (const [method, path] of [
        ['GET', '/access/zones'],
        ['GET', '/access/api-keys'],
        ['POST', '/access/credential'],
        ['GET', '/users'],
        ['GET', '/public/outlets'],
      ] as const) {
        const res = await h.request(method, path, { token: key });
        expect(res.status, `${method} ${path}`).to.equal(401);
        expect(res.body, `${method} ${path}`).to.deep.equal(UNAUTHORIZED);
      }
      const viaHeader = await h.request('GET', '/public/outlets', { headers: { 'x-api-key': key } });
      expect(viaHeader.status).to.equal(401);
      expect(viaHeader.body).to.deep.equal(UNAUTHORIZED);
    });
  });
});
