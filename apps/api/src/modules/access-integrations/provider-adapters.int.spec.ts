import { expect } from 'chai';
import { z } from 'zod';
import { FakeProviders, FAKE_SECRETS } from './fake-providers.js';
import { FetchHttpClient } from './provider-http.js';
import { ProviderError, providerUrl } from './provider-adapter.js';
import { createProviderAdapters, PROVIDERS, type Provider, type ProviderAdapters } from './providers.js';

describe('access provider adapters (against a local fake provider)', () => {
  let fake: FakeProviders;
  let adapters: ProviderAdapters;
  /** For the timeout cases only: a client that gives up after 200 ms. */
  let impatient: ProviderAdapters;

  before(async () => {
    fake = await FakeProviders.start();
    adapters = createProviderAdapters(new FetchHttpClient());
    impatient = createProviderAdapters(new FetchHttpClient(0.2));
  });
  after(async () => fake.stop());
  beforeEach(() => fake.reset());

  function config(provider: Provider) {
    return adapters[provider].configSchema.parse(fake.config(provider)) as Record<string, unknown>;
  }

  for (const provider of PROVIDERS) {
    describe(provider, () => {
      it('testConnection is ok with valid credentials', async () => {
        expect(await adapters[provider].testConnection(config(provider))).to.deep.equal({ ok: true, message: `Connected to ${adapters[provider].label}` });
      });

      it('testConnection is not ok when the provider rejects the credentials', async () => {
        const wrong = { ...config(provider) };
        for (const f of adapters[provider].secretFields) wrong[f] = 'wrong-secret';
        const check = await adapters[provider].testConnection(wrong);
        expect(check.ok).to.equal(false);
        expect(check.message).to.equal(`${adapters[provider].label} rejected the credentials (HTTP 401)`);
      });

      it('testConnection reports a provider server error and a redirect, which it does not follow', async () => {
        fake.mode = 'error';
        expect(await adapters[provider].testConnection(config(provider))).to.deep.equal({ ok: false, message: `${adapters[provider].label} answered HTTP 500` });
        fake.mode = 'redirect';
        const before = fake.requests.length;
        const check = await adapters[provider].testConnection(config(provider));
        expect(check).to.deep.equal({ ok: false, message: `${adapters[provider].label} answered with a redirect (HTTP 302), which is not followed` });
        expect(fake.requests.length).to.equal(before + 1);
      });

      it('testConnection reports a provider that does not answer in time', async () => {
        fake.mode = 'hang';
        expect(await impatient[provider].testConnection(config(provider))).to.deep.equal({
          ok: false,
          message: `${adapters[provider].label} did not answer within 0.2 s`,
        });
      });

      it('listDoors returns every door across pages the provider caps', async () => {
        fake.doors[provider] = Array.from({ length: 5 }, (_, i) => ({ id: provider === 'VERKADA' ? `door-${i}` : 900 + i, name: `Door ${i}` }));
        const doors = await adapters[provider].listDoors(config(provider));
        expect(doors).to.deep.equal(fake.doors[provider].map((d) => ({ externalId: String(d.id), name: d.name })));
      });

      it('listDoors fails with a ProviderError on 401, 500, a non-JSON answer and a timeout', async () => {
        for (const [mode, message, client] of [
          ['unauthorized', 'rejected the credentials (HTTP 401)', adapters],
          ['error', 'answered HTTP 500', adapters],
          ['not-json', 'sent a response that is not JSON', adapters],
          ['hang', 'did not answer within 0.2 s', impatient],
        ] as const) {
          fake.mode = mode;
          const err = await client[provider].listDoors(config(provider)).catch((e: unknown) => e);
          expect(err, mode).to.be.instanceOf(ProviderError);
          expect((err as Error).message).to.equal(`${adapters[provider].label} ${message}`);
        }
      });

      it('masks exactly the secret fields of its config', () => {
        const secrets = Object.values(FAKE_SECRETS) as string[];
        const cfg = config(provider);
        const secretValues = Object.entries(cfg).filter(([, v]) => secrets.includes(v as string)).map(([k]) => k);
        expect([...adapters[provider].secretFields].sort()).to.deep.equal(secretValues.sort());
      });
    });
  }

  describe('provider authentication styles', () => {
    it('KISI sends the API key as KISI-LOGIN and narrows to a place', async () => {
      await adapters.KISI.listDoors({ ...config('KISI'), placeId: 9 });
      expect(fake.requests[0]!.headers.authorization).to.equal(`KISI-LOGIN ${FAKE_SECRETS.kisiApiKey}`);
      expect(fake.requests[0]!.path).to.equal('/kisi/locks?limit=100&offset=0&place_id=9');
    });

    it('BRIVO takes a password-grant token with the client as Basic auth, then calls with Bearer and api-key', async () => {
      await adapters.BRIVO.listDoors(config('BRIVO'));
      const [token, list] = fake.requests;
      expect(token!.method).to.equal('POST');
      expect(token!.path).to.equal('/brivo-auth/oauth/token');
      expect(new URLSearchParams(token!.body).get('grant_type')).to.equal('password');
      expect(list!.headers.authorization).to.equal('Bearer brivo-access-token');
      expect(list!.headers['api-key']).to.equal(FAKE_SECRETS.brivoApiKey);
    });

    it('OPENPATH logs in with email and password and lists the org entries', async () => {
      await adapters.OPENPATH.listDoors(config('OPENPATH'));
      expect(JSON.parse(fake.requests[0]!.body)).to.deep.equal({ email: 'api-user@example.test', password: FAKE_SECRETS.openpathPassword });
      expect(fake.requests[1]!.path).to.equal('/openpath/orgs/4242/entries?offset=0&limit=100');
    });

    it('VERKADA exchanges the API key for a token and narrows to a site', async () => {
      await adapters.VERKADA.listDoors({ ...config('VERKADA'), siteId: 'site-1' });
      expect(fake.requests[0]!.headers['x-api-key']).to.equal(FAKE_SECRETS.verkadaApiKey);
      expect(fake.requests[1]!.headers['x-verkada-auth']).to.equal('verkada-token');
      expect(fake.requests[1]!.path).to.equal('/verkada/access/v1/doors?site_ids=site-1');
    });
  });

  describe('provider addresses', () => {
    const schema = z.object({ baseUrl: providerUrl('https://api.example.com') });
    it('accepts https anywhere and http to localhost only, without a trailing slash', () => {
      expect(schema.parse({}).baseUrl).to.equal('https://api.example.com');
      expect(schema.parse({ baseUrl: 'https://api.eu.verkada.com/' }).baseUrl).to.equal('https://api.eu.verkada.com');
      expect(schema.parse({ baseUrl: 'http://127.0.0.1:8080/kisi' }).baseUrl).to.equal('http://127.0.0.1:8080/kisi');
      expect(schema.parse({ baseUrl: 'http://localhost:8080' }).baseUrl).to.equal('http://localhost:8080');
    });
    it('rejects plain http elsewhere, embedded credentials, queries and other schemes', () => {
      for (const baseUrl of ['http://api.kisi.io', 'https://user:pw@api.kisi.io', 'https://api.kisi.io?x=1', 'ftp://api.kisi.io', 'not a url']) {
        expect(schema.safeParse({ baseUrl }).success, baseUrl).to.equal(false);
      }
    });
  });

  describe('mapEvent', () => {
    const at = '2026-01-05T09:00:00Z';
    const when = new Date(at);

    it('KISI: unlocks of locks, granted or refused; other events are dropped', () => {
      const events = adapters.KISI.mapEvent([
        { id: 1, action: 'unlock', object_type: 'Lock', object_id: 201, actor_id: 5, actor_email: 'ann@example.test', success: true, created_at: at },
        { id: 2, action: 'unlock', object_type: 'Lock', object_id: 202, actor_id: 6, success: false, message: 'Outside schedule', created_at: at },
        { id: 3, action: 'create', object_type: 'Group', object_id: 1, success: true, created_at: at },
        { id: 4, action: 'unlock', object_type: 'Lock', object_id: 203, success: true },
      ]);
      expect(events).to.deep.equal([
        { externalDoorId: '201', occurredAt: when, granted: true, externalUserRef: '5', userEmail: 'ann@example.test', externalEventId: '1', reason: undefined },
        { externalDoorId: '202', occurredAt: when, granted: false, externalUserRef: '6', userEmail: undefined, externalEventId: '2', reason: 'Outside schedule' },
      ]);
    });

    it('BRIVO: exception marks a refusal; the credential id is the reference', () => {
      const events = adapters.BRIVO.mapEvent({
        eventId: 'e-9',
        occurred: at,
        securityAction: { securityActionId: 2004, action: 'Failed Access: Not Authorized', exception: true },
        eventObject: { id: 101, name: 'Front door' },
        actor: { id: 55, name: 'Ann', email: 'ann@example.test' },
        credential: { id: 777 },
      });
      expect(events).to.deep.equal([
        { externalDoorId: '101', occurredAt: when, granted: false, externalUserRef: '777', userEmail: 'ann@example.test', externalEventId: 'e-9', reason: 'Failed Access: Not Authorized' },
      ]);
    });

    it('OPENPATH: granted/denied results, Unix-second times', () => {
      const events = adapters.OPENPATH.mapEvent({ id: 'x1', time: when.getTime() / 1000, result: 'granted', entry: { id: 301 }, user: { id: 8, email: 'bo@example.test' } });
      expect(events).to.deep.equal([{ externalDoorId: '301', occurredAt: when, granted: true, externalUserRef: '8', userEmail: 'bo@example.test', externalEventId: 'x1', reason: undefined }]);
      expect(adapters.OPENPATH.mapEvent({ id: 'x2', time: at, result: 'unlocked-remotely', entry: { id: 301 } })).to.deep.equal([]);
    });

    it('VERKADA: door_granted and door_rejected only', () => {
      const body = (event_type: string) => ({ webhook_type: 'access', org_id: 'o', created_at: when.getTime() / 1000, data: { event_id: 'v1', event_type, door_id: 'd-1', user_id: 'u-1' } });
      expect(adapters.VERKADA.mapEvent(body('door_rejected'))).to.deep.equal([
        { externalDoorId: 'd-1', occurredAt: when, granted: false, externalUserRef: 'u-1', userEmail: undefined, externalEventId: 'v1', reason: 'Access refused by Verkada' },
      ]);
      expect(adapters.VERKADA.mapEvent(body('door_held_open'))).to.deep.equal([]);
      expect(adapters.VERKADA.mapEvent(body('toString'))).to.deep.equal([]);
    });

    it('is null for payloads that are not event objects', () => {
      for (const provider of PROVIDERS) {
        expect(adapters[provider].mapEvent('hello'), provider).to.equal(null);
        expect(adapters[provider].mapEvent(42), provider).to.equal(null);
      }
    });
  });
});
