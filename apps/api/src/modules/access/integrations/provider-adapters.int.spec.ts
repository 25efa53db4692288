import { expect } from 'chai';
import { z } from 'zod';
import { EgressRefusedError, NO_ALLOWED_TARGETS, parseAllowedTargets, type AllowedTargets, type Resolver } from '@wfm/webhooks/egress';
import { FakeProviders, FAKE_SECRETS } from '../../../test-support/fake-providers.js';
import { EgressHttpClient } from './provider-http.js';
import { ProviderError, providerUrl } from './provider-adapter.js';
import { createProviderAdapters, PROVIDERS, type Provider, type ProviderAdapters } from './providers.js';

describe('access provider adapters (against a local fake provider)', () => {
  let fake: FakeProviders;
  let adapters: ProviderAdapters;
  /** For the timeout cases only: a client that gives up after 200 ms. */
  let impatient: ProviderAdapters;

  /** Adapters whose requests pass the egress check under `allowedTargets` and trust the fake's certificate. */
  function adaptersFor(allowedTargets: AllowedTargets, opts: { resolver?: Resolver; timeoutSeconds?: number } = {}): ProviderAdapters {
    const resolver = opts.resolver ? { resolver: opts.resolver } : {};
    return createProviderAdapters(new EgressHttpClient({ egress: { allowedTargets, ...resolver }, ca: fake.ca, timeoutSeconds: opts.timeoutSeconds }));
  }

  before(async () => {
    fake = await FakeProviders.start();
    adapters = adaptersFor(parseAllowedTargets('127.0.0.1'));
    impatient = adaptersFor(parseAllowedTargets('127.0.0.1'), { timeoutSeconds: 0.2 });
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
          message: `${adapters[provider].label} could not be reached or did not answer within 0.2 s`,
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
          ['hang', 'could not be reached or did not answer within 0.2 s', impatient],
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
    it('accepts https URLs, without a trailing slash', () => {
      expect(schema.parse({}).baseUrl).to.equal('https://api.example.com');
      expect(schema.parse({ baseUrl: 'https://api.eu.verkada.com/' }).baseUrl).to.equal('https://api.eu.verkada.com');
      expect(schema.parse({ baseUrl: 'https://127.0.0.1:8443/kisi' }).baseUrl).to.equal('https://127.0.0.1:8443/kisi');
    });
    it('rejects plain http (localhost included), embedded credentials, queries and other schemes', () => {
      for (const baseUrl of [
        'http://api.kisi.io',
        'http://127.0.0.1:8080/kisi',
        'http://localhost:8080',
        'https://user:pw@api.kisi.io',
        'https://api.kisi.io?x=1',
        'ftp://api.kisi.io',
        'not a url',
      ]) {
        expect(schema.safeParse({ baseUrl }).success, baseUrl).to.equal(false);
      }
    });
  });

  describe('egress: the webhook check before every request', () => {
    /** A listener standing in for an internal service: nothing may ever reach it. */
    let internal: FakeProviders;
    before(async () => {
      internal = await FakeProviders.start();
    });
    after(async () => internal.stop());
    beforeEach(() => internal.reset());

    const kisiAt = (baseUrl: string) => ({ baseUrl, apiKey: FAKE_SECRETS.kisiApiKey });

    async function refused(client: ProviderAdapters, baseUrl: string): Promise<string> {
      const listing = await client.KISI.listDoors(kisiAt(baseUrl)).catch((e: unknown) => e);
      expect(listing, baseUrl).to.be.instanceOf(EgressRefusedError);
      const check = await client.KISI.testConnection(kisiAt(baseUrl)).catch((e: unknown) => e);
      expect(check, baseUrl).to.be.instanceOf(EgressRefusedError);
      return (listing as Error).message;
    }

    it('refuses loopback, IPv4-mapped loopback, private, metadata and plain http addresses; the listener receives nothing', async () => {
      const strict = adaptersFor(NO_ALLOWED_TARGETS, { resolver: async () => [] });
      const cases: Array<[string, string]> = [
        [`https://127.0.0.1:${internal.port}/kisi`, '127.0.0.1 (loopback address)'],
        [`https://[::ffff:127.0.0.1]:${internal.port}/kisi`, 'embeds 127.0.0.1: loopback address'],
        ['https://10.0.0.1/kisi', '10.0.0.1 (private address)'],
        ['https://169.254.169.254/latest', '169.254.169.254 (cloud-metadata address)'],
        [`http://127.0.0.1:${internal.port}/kisi`, 'url must use https'],
      ];
      for (const [url, reason] of cases) expect(await refused(strict, url), url).to.contain(reason);
      expect(internal.requests).to.deep.equal([]);
    });

    it('refuses a host name that resolves to a private address without naming the address; the listener receives nothing', async () => {
      const resolver: Resolver = async (host) => (host === 'receiver.test' ? [{ address: '127.0.0.1', family: 4 }] : []);
      const strict = adaptersFor(NO_ALLOWED_TARGETS, { resolver });
      for (const url of [`https://receiver.test:${internal.port}/kisi`, `https://localhost:${internal.port}/kisi`]) {
        const message = await refused(strict, url);
        expect(message, url).to.match(/^Egress check: (receiver\.test|localhost) does not resolve, or resolves to an address that is not public; /);
        expect(message, url).to.not.contain('127.0.0.1');
      }
      expect(internal.requests).to.deep.equal([]);
    });

    it('connects to the address that passed the check, not to a second lookup', async () => {
      const lookups: string[] = [];
      // receiver.test exists in no DNS: the requests can only arrive through the pinned address.
      const resolver: Resolver = async (host) => {
        lookups.push(host);
        return [{ address: '127.0.0.1', family: 4 }];
      };
      const pinned = adaptersFor(parseAllowedTargets('127.0.0.1'), { resolver });
      const doors = await pinned.KISI.listDoors(kisiAt(`https://receiver.test:${fake.port}/kisi`));
      expect(doors).to.have.length(3);
      expect(fake.requests).to.have.length(2);
      expect(fake.requests[0]!.headers.host).to.equal(`receiver.test:${fake.port}`);
      // Checked before every request: each page is its own check.
      expect(lookups).to.deep.equal(['receiver.test', 'receiver.test']);
    });

    it('does not follow a redirect to a private address: the credentials go nowhere else', async () => {
      fake.mode = 'redirect';
      fake.redirectTo = `${internal.url}/kisi/locks`;
      for (const provider of PROVIDERS) {
        const err = await adapters[provider].listDoors(config(provider)).catch((e: unknown) => e);
        expect(err, provider).to.be.instanceOf(ProviderError);
        expect((err as Error).message).to.equal(`${adapters[provider].label} answered with a redirect (HTTP 302), which is not followed`);
      }
      expect(fake.requests).to.have.length(PROVIDERS.length);
      expect(internal.requests).to.deep.equal([]);
    });

    it('reports a refused connection like a timeout, naming neither the address nor the cause', async () => {
      const closed = await FakeProviders.start();
      await closed.stop();
      const err = await adapters.KISI.listDoors(kisiAt(`https://127.0.0.1:${closed.port}/kisi`)).catch((e: unknown) => e);
      expect(err).to.be.instanceOf(ProviderError);
      expect((err as Error).message).to.equal('Kisi could not be reached or did not answer within 10 s');
    });

    it('refuses an untrusted certificate as unreachable', async () => {
      const untrusting = createProviderAdapters(new EgressHttpClient({ egress: { allowedTargets: parseAllowedTargets('127.0.0.1') } }));
      const check = await untrusting.KISI.testConnection(config('KISI'));
      expect(check).to.deep.equal({ ok: false, message: 'Kisi could not be reached or did not answer within 10 s' });
      expect(fake.requests).to.deep.equal([]);
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
