import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import type { Plan, Role } from '@wfm/core/tenancy';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_DATA_ENCRYPTION_KEY } from '../../../test-support/harness.js';
import { FakeProviders, FAKE_SECRETS } from '../../../test-support/fake-providers.js';
import { PROVIDERS, type Provider } from './providers.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const FORBIDDEN = { message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 };
const INTEGRATION_KEYS = ['id', 'provider', 'displayName', 'status', 'lastSyncAt', 'lastError', 'config', 'createdAt', 'updatedAt', 'webhookUrl'];
const DOOR_KEYS = ['id', 'externalId', 'name', 'zoneId', 'zone', 'discoveredAt', 'updatedAt'];
const MASK = '********';

const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const notFound = (message: string) => ({ message, error: 'Not Found', statusCode: 404 });
const paymentRequired = (plan: Plan) => ({ message: `Your ${plan} plan does not include access control. Upgrade at /admin/billing.`, error: 'Payment Required', statusCode: 402 });

describe('access integrations (HTTP, against a local fake provider)', () => {
  let h: ApiHarness;
  let fake: FakeProviders;
  let tenantA: string;
  let tenantB: string;
  let admin: string;
  const encryptor = new AesGcmEncryptor(TEST_DATA_ENCRYPTION_KEY);

  before(async () => {
    fake = await FakeProviders.start();
    h = await ApiHarness.start(fake.apiEnv());
  });
  after(async () => {
    await fake.stop();
    await h.stop();
  });

  beforeEach(async () => {
    fake.reset();
    tenantA = (await createTenant(h.ds, { plan: 'GROWTH' })).id;
    tenantB = (await createTenant(h.ds, { plan: 'GROWTH' })).id;
    admin = await tokenAs('COMPANY_ADMIN');
  });

  async function tokenAs(role: Role, tenantId = tenantA): Promise<string> {
    return h.tokenFor(await createUser(h.ds, tenantId, { role }));
  }

  async function tokenOnPlan(plan: Plan, role: Role = 'COMPANY_ADMIN'): Promise<string> {
    return tokenAs(role, (await createTenant(h.ds, { plan })).id);
  }

  async function connect(provider: Provider = 'KISI', token = admin, over: Record<string, unknown> = {}) {
    const res = await h.request('POST', '/access/integrations', { token, body: { provider, displayName: `${provider} HQ`, config: { ...fake.config(provider), ...over } } });
    expect(res.status, JSON.stringify(res.body)).to.equal(201);
    return res.body as { id: string; webhookSecret: string; config: Record<string, unknown> };
  }

  async function zone(tenantId = tenantA, name = 'Lobby', deleted = false): Promise<string> {
    const id = uuid();
    await h.ds.query(`INSERT INTO access_zones (id, tenant_id, name, deleted_at) VALUES ($1, $2, $3, $4)`, [id, tenantId, name, deleted ? h.clock.now() : null]);
    return id;
  }

  async function syncedDoors(integrationId: string, token = admin) {
    const res = await h.request('POST', `/access/integrations/${integrationId}/sync-doors`, { token });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    return res.body.doors as Array<{ id: string; externalId: string; name: string; zoneId: string | null }>;
  }

  async function listed(token = admin) {
    return (await h.request('GET', '/access/integrations', { token })).body as Array<Record<string, any>>;
  }

  describe('GET /access/integrations', () => {
    it("lists the tenant's integrations oldest first, secrets masked, no webhook secret", async () => {
      const kisi = await connect('KISI');
      h.clock.advance(1000);
      const brivo = await connect('BRIVO');
      await connect('VERKADA', await tokenAs('COMPANY_ADMIN', tenantB));
      const res = await h.request('GET', '/access/integrations', { token: admin });
      expect(res.status).to.equal(200);
      expect(res.body.map((i: { id: string }) => i.id)).to.deep.equal([kisi.id, brivo.id]);
      expect(res.body[0]).to.have.all.keys(INTEGRATION_KEYS);
      expect(res.body[0]).to.deep.include({ provider: 'KISI', displayName: 'KISI HQ', status: 'PENDING', lastSyncAt: null, lastError: null });
      expect(res.body[0].config).to.deep.equal({ baseUrl: `${fake.url}/kisi`, apiKey: MASK });
      expect(res.body[1].config).to.deep.equal({ ...fake.config('BRIVO'), apiKey: MASK, clientSecret: MASK, password: MASK });
      expect(res.body[0].webhookUrl).to.equal(`http://localhost:3000/api/v1/access/webhooks/${kisi.id}`);
      for (const secret of Object.values(FAKE_SECRETS)) expect(JSON.stringify(res.body)).to.not.include(secret);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
    });

    it('is open to every managing role', async () => {
      await connect();
      for (const role of ['TENANT_GROUP_OWNER', 'TENANT_OWNER', 'COMPANY_ADMIN', 'HR_MANAGER', 'AREA_MANAGER'] as const) {
        const res = await h.request('GET', '/access/integrations', { token: await tokenAs(role) });
        expect(res.status, role).to.equal(200);
        expect(res.body, role).to.have.length(1);
      }
    });
  });

  describe('POST /access/integrations', () => {
    it('201 for each provider: the record, the webhook URL and a webhook secret shown once', async () => {
      for (const provider of PROVIDERS) {
        const res = await h.request('POST', '/access/integrations', { token: admin, body: { provider, displayName: '  Head office  ', config: fake.config(provider) } });
        expect(res.status, provider).to.equal(201);
        expect(res.body).to.have.all.keys([...INTEGRATION_KEYS, 'webhookSecret']);
        expect(res.body).to.deep.include({ provider, displayName: 'Head office', status: 'PENDING', lastSyncAt: null, lastError: null });
        expect(res.body.createdAt).to.equal(h.clock.now().toISOString());
        expect(res.body.webhookSecret).to.match(/^whsec_[A-Za-z0-9_-]{43}$/);
        expect(res.body.webhookUrl).to.equal(`http://localhost:3000/api/v1/access/webhooks/${res.body.id}`);
        expect(Object.values(res.body.config)).to.not.include.members(Object.values(FAKE_SECRETS));
      }
    });

    it("applies the provider's real address when baseUrl is omitted", async () => {
      const res = await h.request('POST', '/access/integrations', { token: admin, body: { provider: 'VERKADA', displayName: 'Cams', config: { apiKey: 'k-1', siteId: 's-1' } } });
      expect(res.status).to.equal(201);
      expect(res.body.config).to.deep.equal({ baseUrl: 'https://api.verkada.com', apiKey: MASK, siteId: 's-1' });
    });

    it('stores config and webhook secret sealed: no plaintext in the row, and it opens with the data key', async () => {
      const created = await connect('BRIVO');
      const [row] = await h.ds.query(`SELECT config_sealed, webhook_secret_sealed FROM access_integrations WHERE id = $1`, [created.id]);
      const stored = JSON.stringify(row);
      for (const secret of [FAKE_SECRETS.brivoApiKey, FAKE_SECRETS.brivoClientSecret, FAKE_SECRETS.brivoPassword, created.webhookSecret]) {
        expect(stored).to.not.include(secret);
      }
      expect(JSON.parse(encryptor.decrypt(row.config_sealed))).to.deep.equal(fake.config('BRIVO'));
      expect(encryptor.decrypt(row.webhook_secret_sealed)).to.equal(created.webhookSecret);
    });

    it('never returns the webhook secret or a config secret again', async () => {
      const created = await connect('KISI');
      await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { displayName: 'Renamed' } });
      const responses = [
        await h.request('GET', '/access/integrations', { token: admin }),
        await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { config: { ...fake.config('KISI'), apiKey: MASK } } }),
        await h.request('POST', `/access/integrations/${created.id}/test-connection`, { token: admin }),
        await h.request('POST', `/access/integrations/${created.id}/sync-doors`, { token: admin }),
      ];
      for (const res of responses) {
        expect(res.status).to.equal(200);
        const text = JSON.stringify(res.body);
        expect(text).to.not.include(created.webhookSecret);
        expect(text).to.not.include(FAKE_SECRETS.kisiApiKey);
        expect(text).to.not.include('webhookSecret');
      }
    });

    it('400 naming each problem, the provider config included', async () => {
      const cases: Array<[unknown, string[]]> = [
        [{}, ['provider is required', 'displayName is required', 'config is required']],
        [{ provider: 'ACME', displayName: 'x', config: {} }, ['provider must be one of the following values: BRIVO, KISI, OPENPATH, VERKADA']],
        [{ provider: 'KISI', displayName: '', config: { apiKey: 'k' } }, ['displayName must be at least 1 characters']],
        [{ provider: 'KISI', displayName: 'x'.repeat(121), config: { apiKey: 'k' } }, ['displayName must be at most 120 characters']],
        [{ provider: 'KISI', displayName: 'x', config: 'k' }, ['config must be an object']],
        [{ provider: 'KISI', displayName: 'x', config: { apiKey: 'k' }, extra: 1 }, ['property extra should not exist']],
        [{ provider: 'KISI', displayName: 'x', config: {} }, ['config.apiKey is required']],
        [{ provider: 'KISI', displayName: 'x', config: { apiKey: 'k', token: 't' } }, ['property config.token should not exist']],
        [{ provider: 'KISI', displayName: 'x', config: { apiKey: 'k', placeId: 'p' } }, ['config.placeId must be a number']],
        [{ provider: 'KISI', displayName: 'x', config: { apiKey: MASK } }, [`config.apiKey must be the secret itself, not ${MASK}`]],
        [{ provider: 'OPENPATH', displayName: 'x', config: { orgId: 1, email: 'nope', password: 'p' } }, ['config.email must be an email']],
        [{ provider: 'VERKADA', displayName: 'x', config: { apiKey: 'k', baseUrl: 'nope' } }, ['config.baseUrl must be a URL address']],
        [
          { provider: 'VERKADA', displayName: 'x', config: { apiKey: 'k', baseUrl: 'http://api.verkada.com' } },
          ['config.baseUrl must be an https URL without credentials, query or fragment'],
        ],
        [
          { provider: 'KISI', displayName: 'x', config: { apiKey: 'k', baseUrl: `http://127.0.0.1:${fake.port}/kisi` } },
          ['config.baseUrl must be an https URL without credentials, query or fragment'],
        ],
        [
          { provider: 'BRIVO', displayName: 'x', config: { apiKey: 'k', clientId: 'c', username: 'u' } },
          ['config.clientSecret is required', 'config.password is required'],
        ],
      ];
      for (const [body, messages] of cases) {
        const res = await h.request('POST', '/access/integrations', { token: admin, body });
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(badRequest(...messages));
      }
      expect(await listed()).to.have.length(0);
    });
  });

  describe('provider addresses: the webhook egress check', () => {
    const ONLY_PUBLIC = 'only public addresses may be reached';
    const unprocessable = (message: string) => ({ message, error: 'Unprocessable Entity', statusCode: 422 });

    it('POST: 422 for an address the egress check refuses, naming no resolved address; nothing stored, nothing sent', async () => {
      const cases: Array<[Provider, Record<string, unknown>, string]> = [
        ['KISI', { baseUrl: 'https://10.0.0.1/kisi' }, `Egress check: 10.0.0.1 (private address); ${ONLY_PUBLIC}`],
        ['VERKADA', { baseUrl: 'https://169.254.169.254/latest' }, `Egress check: 169.254.169.254 (cloud-metadata address); ${ONLY_PUBLIC}`],
        ['KISI', { baseUrl: 'https://[::ffff:10.0.0.1]' }, `Egress check: ::ffff:a00:1 (embeds 10.0.0.1: private address); ${ONLY_PUBLIC}`],
        ['OPENPATH', { baseUrl: 'https://nothing-here.invalid' }, `Egress check: nothing-here.invalid does not resolve, or resolves to an address that is not public; ${ONLY_PUBLIC}`],
        // Brivo sends its credentials to authUrl first: that address is checked as well.
        ['BRIVO', { authUrl: 'https://192.168.1.10' }, `Egress check: 192.168.1.10 (private address); ${ONLY_PUBLIC}`],
      ];
      for (const [provider, over, message] of cases) {
        const res = await h.request('POST', '/access/integrations', { token: admin, body: { provider, displayName: 'x', config: { ...fake.config(provider), ...over } } });
        expect(res.status, JSON.stringify(over)).to.equal(422);
        expect(res.body).to.deep.equal(unprocessable(message));
      }
      expect(await listed()).to.have.length(0);
      expect(fake.connections).to.equal(0);
    });

    it('PATCH: 422 for a refused new address, and nothing changes; an unchanged address is not checked again', async () => {
      const created = await connect('KISI');
      const res = await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { config: { baseUrl: 'https://169.254.169.254', apiKey: 'new-key' } } });
      expect(res.status).to.equal(422);
      expect(res.body).to.deep.equal(unprocessable(`Egress check: 169.254.169.254 (cloud-metadata address); ${ONLY_PUBLIC}`));
      const [row] = await h.ds.query(`SELECT config_sealed FROM access_integrations WHERE id = $1`, [created.id]);
      expect(JSON.parse(encryptor.decrypt(row.config_sealed))).to.deep.equal(fake.config('KISI'));

      // A stored address that no longer passes (its name stopped resolving) does not block other edits.
      const stale = { baseUrl: 'https://nothing-here.invalid', apiKey: FAKE_SECRETS.kisiApiKey };
      await h.ds.query(`UPDATE access_integrations SET config_sealed = $2 WHERE id = $1`, [created.id, encryptor.encrypt(JSON.stringify(stale))]);
      const kept = await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { config: { ...stale, apiKey: MASK, placeId: 3 } } });
      expect(kept.status).to.equal(200);
      expect(kept.body.config).to.deep.equal({ baseUrl: 'https://nothing-here.invalid', apiKey: MASK, placeId: 3 });
    });
  });

  describe('PATCH /access/integrations/:id', () => {
    it('renames without touching the config or the last outcome', async () => {
      const created = await connect();
      await h.request('POST', `/access/integrations/${created.id}/test-connection`, { token: admin });
      h.clock.advance(60_000);
      const res = await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { displayName: 'Front office' } });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys(INTEGRATION_KEYS);
      expect(res.body).to.deep.include({ displayName: 'Front office', status: 'CONNECTED', config: created.config });
      expect(res.body.updatedAt).to.equal(h.clock.now().toISOString());
    });

    it('replaces the config whole; a masked secret keeps its stored value; the outcome resets to PENDING', async () => {
      const created = await connect('KISI', admin, { placeId: 9 });
      fake.mode = 'error';
      await h.request('POST', `/access/integrations/${created.id}/test-connection`, { token: admin });
      fake.mode = 'ok';
      const res = await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { config: { baseUrl: `${fake.url}/kisi`, apiKey: MASK } } });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ status: 'PENDING', lastError: null });
      expect(res.body.config).to.deep.equal({ baseUrl: `${fake.url}/kisi`, apiKey: MASK });
      const [row] = await h.ds.query(`SELECT config_sealed FROM access_integrations WHERE id = $1`, [created.id]);
      expect(JSON.parse(encryptor.decrypt(row.config_sealed))).to.deep.equal({ baseUrl: `${fake.url}/kisi`, apiKey: FAKE_SECRETS.kisiApiKey });
      const check = await h.request('POST', `/access/integrations/${created.id}/test-connection`, { token: admin });
      expect(check.body).to.deep.equal({ ok: true, message: 'Connected to Kisi' });
    });

    it('takes a new secret given in full', async () => {
      const created = await connect('VERKADA');
      await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { config: { ...fake.config('VERKADA'), apiKey: 'rotated-key' } } });
      const [row] = await h.ds.query(`SELECT config_sealed FROM access_integrations WHERE id = $1`, [created.id]);
      expect(JSON.parse(encryptor.decrypt(row.config_sealed)).apiKey).to.equal('rotated-key');
    });

    it('400 when a masked secret would be sent to a new address', async () => {
      const created = await connect('BRIVO');
      const config = { ...fake.config('BRIVO'), authUrl: 'https://auth.example.net', apiKey: MASK, clientSecret: MASK, password: 'typed-again' };
      const res = await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { config } });
      expect(res.status).to.equal(400);
      expect(res.body).to.deep.equal(
        badRequest('config.apiKey must be given again when the provider address changes', 'config.clientSecret must be given again when the provider address changes'),
      );
    });

    it('400 for an empty body, unknown properties, an invalid config and a malformed id', async () => {
      const created = await connect();
      const cases: Array<[string, unknown, string[]]> = [
        [created.id, {}, ['body must contain at least one of: displayName, config']],
        [created.id, { displayName: 'x', provider: 'BRIVO' }, ['property provider should not exist']],
        [created.id, { displayName: '' }, ['displayName must be at least 1 characters']],
        [created.id, { config: { baseUrl: `${fake.url}/kisi` } }, ['config.apiKey is required']],
        ['not-a-uuid', { displayName: 'x' }, ['id must be a UUID']],
      ];
      for (const [id, body, messages] of cases) {
        const res = await h.request('PATCH', `/access/integrations/${id}`, { token: admin, body });
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body).to.deep.equal(badRequest(...messages));
      }
    });
  });

  describe('DELETE /access/integrations/:id', () => {
    it('removes the integration and its doors', async () => {
      const created = await connect();
      await syncedDoors(created.id);
      const res = await h.request('DELETE', `/access/integrations/${created.id}`, { token: admin });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal({ deleted: true, id: created.id });
      const [{ n }] = await h.ds.query(`SELECT count(*)::int AS n FROM access_external_doors WHERE integration_id = $1`, [created.id]);
      expect(n).to.equal(0);
      expect(await listed()).to.have.length(0);
      const again = await h.request('DELETE', `/access/integrations/${created.id}`, { token: admin });
      expect(again.status).to.equal(404);
      expect(again.body).to.deep.equal(notFound('Integration not found'));
    });
  });

  describe('POST /access/integrations/:id/test-connection', () => {
    it('ok: true against the provider, recorded as CONNECTED', async () => {
      for (const provider of PROVIDERS) {
        const created = await connect(provider);
        const res = await h.request('POST', `/access/integrations/${created.id}/test-connection`, { token: admin });
        expect(res.status, provider).to.equal(200);
        expect(res.body.ok, provider).to.equal(true);
      }
      expect((await listed()).map((i) => i.status)).to.deep.equal(['CONNECTED', 'CONNECTED', 'CONNECTED', 'CONNECTED']);
    });

    it('a refusing or failing provider is 200 ok: false, recorded as ERROR with lastError; a later success clears it', async () => {
      const created = await connect('OPENPATH', admin, { password: 'wrong-password' });
      const refused = await h.request('POST', `/access/integrations/${created.id}/test-connection`, { token: admin });
      expect(refused.status).to.equal(200);
      expect(refused.body).to.deep.equal({ ok: false, message: 'Avigilon Alta rejected the credentials (HTTP 401)' });
      expect((await listed())[0]).to.deep.include({ status: 'ERROR', lastError: 'Avigilon Alta rejected the credentials (HTTP 401)' });

      await h.request('PATCH', `/access/integrations/${created.id}`, { token: admin, body: { config: fake.config('OPENPATH') } });
      fake.mode = 'error';
      const failing = await h.request('POST', `/access/integrations/${created.id}/test-connection`, { token: admin });
      expect(failing.body).to.deep.equal({ ok: false, message: 'Avigilon Alta answered HTTP 500' });
      fake.mode = 'ok';
      expect((await h.request('POST', `/access/integrations/${created.id}/test-connection`, { token: admin })).body.ok).to.equal(true);
      expect((await listed())[0]).to.deep.include({ status: 'CONNECTED', lastError: null });
    });
  });

  describe('POST /access/integrations/:id/sync-doors', () => {
    it('stores the discovered doors, following the provider paging', async () => {
      const created = await connect('BRIVO');
      const res = await h.request('POST', `/access/integrations/${created.id}/sync-doors`, { token: admin });
      expect(res.status).to.equal(200);
      expect(res.body).to.have.all.keys('doors', 'added', 'updated', 'removed');
      expect(res.body).to.deep.include({ added: 3, updated: 0, removed: 0 });
      expect(res.body.doors.map((d: { externalId: string; name: string }) => [d.externalId, d.name])).to.deep.equal([
        ['101', 'Front door'],
        ['102', 'Loading bay'],
        ['103', 'Server room'],
      ]);
      expect(res.body.doors[0]).to.have.all.keys(DOOR_KEYS);
      expect(res.body.doors[0]).to.deep.include({ zoneId: null, zone: null, discoveredAt: h.clock.now().toISOString() });
      expect((await listed())[0]).to.deep.include({ status: 'CONNECTED', lastError: null, lastSyncAt: h.clock.now().toISOString() });
    });

    it('counts added, renamed and removed doors and keeps zone mappings across syncs', async () => {
      const created = await connect('KISI');
      const doors = await syncedDoors(created.id);
      const lobby = await zone();
      const dock = await zone(tenantA, 'Dock');
      const byExternal = new Map(doors.map((d) => [d.externalId, d]));
      await h.request('POST', `/access/integrations/${created.id}/doors/${byExternal.get('201')!.id}/map`, { token: admin, body: { zoneId: lobby } });
      await h.request('POST', `/access/integrations/${created.id}/doors/${byExternal.get('202')!.id}/map`, { token: admin, body: { zoneId: dock } });
      await h.request('POST', `/access/integrations/${created.id}/doors/${byExternal.get('203')!.id}/map`, { token: admin, body: { zoneId: dock } });

      fake.doors.KISI = [
        { id: 201, name: 'Front door' },
        { id: 202, name: 'Loading bay (north)' },
        { id: 204, name: 'Roof' },
      ];
      h.clock.advance(60_000);
      const res = await h.request('POST', `/access/integrations/${created.id}/sync-doors`, { token: admin });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.include({ added: 1, updated: 1, removed: 1 });
      const after = new Map(res.body.doors.map((d: { externalId: string }) => [d.externalId, d])) as Map<string, any>;
      expect([...after.keys()].sort()).to.deep.equal(['201', '202', '204']);
      expect(after.get('201')).to.deep.include({ id: byExternal.get('201')!.id, zoneId: lobby, zone: { id: lobby, name: 'Lobby' } });
      expect(after.get('202')).to.deep.include({ id: byExternal.get('202')!.id, name: 'Loading bay (north)', zoneId: dock, updatedAt: h.clock.now().toISOString() });
      expect(after.get('204')).to.deep.include({ zoneId: null, zone: null });

      const unchanged = await h.request('POST', `/access/integrations/${created.id}/sync-doors`, { token: admin });
      expect(unchanged.body).to.deep.include({ added: 0, updated: 0, removed: 0 });
    });

    it('502 Bad Gateway when the provider fails or refuses; lastError recorded; stored doors untouched', async () => {
      const created = await connect('VERKADA');
      await syncedDoors(created.id);
      for (const [mode, message] of [
        ['error', 'Verkada answered HTTP 500'],
        ['unauthorized', 'Verkada rejected the credentials (HTTP 401)'],
        ['not-json', 'Verkada sent a response that is not JSON'],
      ] as const) {
        fake.mode = mode;
        const res = await h.request('POST', `/access/integrations/${created.id}/sync-doors`, { token: admin });
        expect(res.status, mode).to.equal(502);
        expect(res.body).to.deep.equal({ message, error: 'Bad Gateway', statusCode: 502 });
        expect((await listed())[0]).to.deep.include({ status: 'ERROR', lastError: message });
      }
      fake.mode = 'ok';
      const doors = await h.request('GET', `/access/integrations/${created.id}/doors`, { token: admin });
      expect(doors.body).to.have.length(3);
    });
  });

  describe('GET /access/integrations/:id/doors', () => {
    it('lists the doors by name with their zone; a door of a deleted zone reads as unmapped', async () => {
      const created = await connect('OPENPATH');
      const doors = await syncedDoors(created.id);
      const live = await zone(tenantA, 'Lobby');
      const doomed = await zone(tenantA, 'Annex');
      await h.request('POST', `/access/integrations/${created.id}/doors/${doors[0]!.id}/map`, { token: admin, body: { zoneId: live } });
      await h.request('POST', `/access/integrations/${created.id}/doors/${doors[1]!.id}/map`, { token: admin, body: { zoneId: doomed } });
      await h.ds.query(`UPDATE access_zones SET deleted_at = now() WHERE id = $1`, [doomed]);
      const res = await h.request('GET', `/access/integrations/${created.id}/doors`, { token: admin });
      expect(res.status).to.equal(200);
      expect(res.body.map((d: { name: string }) => d.name)).to.deep.equal(['Front door', 'Loading bay', 'Server room']);
      expect(res.body[0]).to.have.all.keys(DOOR_KEYS);
      expect(res.body[0]).to.deep.include({ zoneId: live, zone: { id: live, name: 'Lobby' } });
      expect(res.body[1]).to.deep.include({ zoneId: null, zone: null });
    });

    it('is empty before the first sync', async () => {
      const created = await connect();
      const res = await h.request('GET', `/access/integrations/${created.id}/doors`, { token: admin });
      expect(res.status).to.equal(200);
      expect(res.body).to.deep.equal([]);
    });
  });

  describe('POST /access/integrations/:id/doors/:doorId/map', () => {
    it('maps a door to a live zone of the tenant and unmaps it with null', async () => {
      const created = await connect();
      const [door] = await syncedDoors(created.id);
      const lobby = await zone();
      h.clock.advance(1000);
      const mapped = await h.request('POST', `/access/integrations/${created.id}/doors/${door!.id}/map`, { token: admin, body: { zoneId: lobby } });
      expect(mapped.status).to.equal(200);
      expect(mapped.body).to.have.all.keys(DOOR_KEYS);
      expect(mapped.body).to.deep.include({ id: door!.id, zoneId: lobby, zone: { id: lobby, name: 'Lobby' }, updatedAt: h.clock.now().toISOString() });
      const unmapped = await h.request('POST', `/access/integrations/${created.id}/doors/${door!.id}/map`, { token: admin, body: { zoneId: null } });
      expect(unmapped.status).to.equal(200);
      expect(unmapped.body).to.deep.include({ zoneId: null, zone: null });
    });

    it("404 for another tenant's zone, a deleted zone, an unknown door and a door of another tenant's integration", async () => {
      const created = await connect();
      const [door] = await syncedDoors(created.id);
      const tokenB = await tokenAs('COMPANY_ADMIN', tenantB);
      const foreign = await connect('KISI', tokenB);
      const [foreignDoor] = await syncedDoors(foreign.id, tokenB);
      const cases: Array<[string, string, string | null, string]> = [
        [created.id, door!.id, await zone(tenantB), 'Zone not found'],
        [created.id, door!.id, await zone(tenantA, 'Gone', true), 'Zone not found'],
        [created.id, uuid(), null, 'Door not found'],
        [created.id, foreignDoor!.id, null, 'Door not found'],
        [foreign.id, foreignDoor!.id, null, 'Integration not found'],
      ];
      for (const [integrationId, doorId, zoneId, message] of cases) {
        const res = await h.request('POST', `/access/integrations/${integrationId}/doors/${doorId}/map`, { token: admin, body: { zoneId } });
        expect(res.status, message).to.equal(404);
        expect(res.body).to.deep.equal(notFound(message));
      }
      const [{ zone_id }] = await h.ds.query(`SELECT zone_id FROM access_external_doors WHERE id = $1`, [door!.id]);
      expect(zone_id).to.equal(null);
    });

    it('400 for a missing or malformed zoneId, unknown properties and malformed ids', async () => {
      const created = await connect();
      const [door] = await syncedDoors(created.id);
      const cases: Array<[string, unknown, string[]]> = [
        [`${created.id}/doors/${door!.id}`, {}, ['zoneId is required']],
        [`${created.id}/doors/${door!.id}`, { zoneId: 'lobby' }, ['zoneId must be a UUID']],
        [`${created.id}/doors/${door!.id}`, { zoneId: null, note: 'x' }, ['property note should not exist']],
        [`${created.id}/doors/nope`, { zoneId: null }, ['doorId must be a UUID']],
      ];
      for (const [path, body, messages] of cases) {
        const res = await h.request('POST', `/access/integrations/${path}/map`, { token: admin, body });
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body).to.deep.equal(badRequest(...messages));
      }
    });
  });

  describe('authentication, roles, plan and tenancy on every route', () => {
    type Route = { method: string; path: (id: string, doorId: string) => string; body?: unknown; hasId: boolean };
    const routes: Route[] = [
      { method: 'GET', path: () => '/access/integrations', hasId: false },
      { method: 'POST', path: () => '/access/integrations', body: { provider: 'KISI', displayName: 'x', config: { apiKey: 'k' } }, hasId: false },
      { method: 'PATCH', path: (id) => `/access/integrations/${id}`, body: { displayName: 'changed' }, hasId: true },
      { method: 'DELETE', path: (id) => `/access/integrations/${id}`, hasId: true },
      { method: 'POST', path: (id) => `/access/integrations/${id}/test-connection`, hasId: true },
      { method: 'POST', path: (id) => `/access/integrations/${id}/sync-doors`, hasId: true },
      { method: 'GET', path: (id) => `/access/integrations/${id}/doors`, hasId: true },
      { method: 'POST', path: (id, doorId) => `/access/integrations/${id}/doors/${doorId}/map`, body: { zoneId: null }, hasId: true },
    ];

    for (const route of routes) {
      const name = `${route.method} ${route.path(':id', ':doorId')}`;
      it(`${name}: 401 without a token, 403 for roles that do not manage, 402 on FREE and BASIC${route.hasId ? ', 404 across tenants' : ''}`, async () => {
        const integrations = async () => (await h.ds.query(`SELECT count(*)::int AS n FROM access_integrations`))[0].n as number;
        const before = await integrations();
        const created = await connect();
        const [door] = await syncedDoors(created.id);
        const path = route.path(created.id, door!.id);
        const send = (token?: string) => h.request(route.method, path, { ...(token ? { token } : {}), ...(route.body ? { body: route.body } : {}) });

        const anon = await send();
        expect(anon.status).to.equal(401);
        expect(anon.body).to.deep.equal(UNAUTHORIZED);
        for (const role of ['STAFF', 'OUTLET_MANAGER', 'OPERATIONS_MANAGER'] as const) {
          const res = await send(await tokenAs(role));
          expect(res.status, role).to.equal(403);
          expect(res.body).to.deep.equal(FORBIDDEN);
        }
        for (const plan of ['FREE', 'BASIC'] as const) {
          // The plan gate comes before the role check.
          for (const role of ['COMPANY_ADMIN', 'STAFF'] as const) {
            const res = await send(await tokenOnPlan(plan, role));
            expect(res.status, `${plan} ${role}`).to.equal(402);
            expect(res.body).to.deep.equal(paymentRequired(plan));
          }
        }
        if (route.hasId) {
          const res = await send(await tokenAs('COMPANY_ADMIN', tenantB));
          expect(res.status).to.equal(404);
          expect(res.body.error).to.equal('Not Found');
        }
        const [row] = await h.ds.query(`SELECT display_name, status FROM access_integrations WHERE id = $1`, [created.id]);
        expect(row).to.deep.equal({ display_name: 'KISI HQ', status: 'CONNECTED' });
        expect(await integrations()).to.equal(before + 1);
      });
    }
  });
});

/**
 * Issue 9: integrations accepted loopback and private addresses, and sync-doors returned a loopback
 * listener's answer to the caller after sending it the stored provider key. Without an allow-list
 * the fake provider on 127.0.0.1 is exactly such a listener.
 */
describe('access integrations without an egress allow-list (HTTP)', () => {
  let h: ApiHarness;
  let fake: FakeProviders;
  let tenantId: string;
  let admin: string;
  const encryptor = new AesGcmEncryptor(TEST_DATA_ENCRYPTION_KEY);
  const ONLY_PUBLIC = 'only public addresses may be reached';
  const unprocessable = (message: string) => ({ message, error: 'Unprocessable Entity', statusCode: 422 });

  before(async () => {
    fake = await FakeProviders.start();
    h = await ApiHarness.start({ WEBHOOK_CA_FILE: fake.apiEnv().WEBHOOK_CA_FILE! });
  });
  after(async () => {
    await fake.stop();
    await h.stop();
  });
  beforeEach(async () => {
    fake.reset();
    tenantId = (await createTenant(h.ds, { plan: 'GROWTH' })).id;
    admin = await h.tokenFor(await createUser(h.ds, tenantId, { role: 'COMPANY_ADMIN' }));
  });

  it('POST: 422 for loopback, IPv4-mapped loopback and a name resolving to loopback; the listener receives nothing', async () => {
    const cases: Array<[string, string]> = [
      [`${fake.url}/kisi`, `Egress check: 127.0.0.1 (loopback address); ${ONLY_PUBLIC}`],
      [`https://[::ffff:127.0.0.1]:${fake.port}/kisi`, `Egress check: ::ffff:7f00:1 (embeds 127.0.0.1: loopback address); ${ONLY_PUBLIC}`],
      [`https://localhost:${fake.port}/kisi`, `Egress check: localhost does not resolve, or resolves to an address that is not public; ${ONLY_PUBLIC}`],
    ];
    for (const [baseUrl, message] of cases) {
      const res = await h.request('POST', '/access/integrations', { token: admin, body: { provider: 'KISI', displayName: 'x', config: { ...fake.config('KISI'), baseUrl } } });
      expect(res.status, baseUrl).to.equal(422);
      expect(res.body).to.deep.equal(unprocessable(message));
    }
    expect(await h.ds.query(`SELECT id FROM access_integrations WHERE tenant_id = $1`, [tenantId])).to.deep.equal([]);
    expect(fake.connections).to.equal(0);
  });

  it('an integration stored with a loopback address: test-connection and sync-doors are 422 and recorded; the key is never sent', async () => {
    const id = uuid();
    await h.ds.query(
      `INSERT INTO access_integrations (id, tenant_id, provider, display_name, config_sealed, webhook_secret_sealed, status)
       VALUES ($1, $2, 'KISI', 'Old', $3, $4, 'CONNECTED')`,
      [id, tenantId, encryptor.encrypt(JSON.stringify(fake.config('KISI'))), encryptor.encrypt('whsec_old')],
    );
    const refusal = unprocessable(`Egress check: 127.0.0.1 (loopback address); ${ONLY_PUBLIC}`);
    const check = await h.request('POST', `/access/integrations/${id}/test-connection`, { token: admin });
    expect(check.status).to.equal(422);
    expect(check.body).to.deep.equal(refusal);
    const sync = await h.request('POST', `/access/integrations/${id}/sync-doors`, { token: admin });
    expect(sync.status).to.equal(422);
    expect(sync.body).to.deep.equal(refusal);
    const [listed] = (await h.request('GET', '/access/integrations', { token: admin })).body;
    expect(listed).to.deep.include({ status: 'ERROR', lastError: refusal.message });
    expect(await h.ds.query(`SELECT id FROM access_external_doors WHERE integration_id = $1`, [id])).to.deep.equal([]);
    expect(fake.connections).to.equal(0);
    expect(fake.requests).to.deep.equal([]);
  });
});
