import { createHash, createPublicKey, randomBytes, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import type { Plan, Role } from '@wfm/core/tenancy';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import { uuid } from '@wfm/core/crypto';
import { CREDENTIAL_LIFETIME_SECONDS, verifyCredential } from '@wfm/access/credential';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_DATA_ENCRYPTION_KEY, type HttpResult } from '../../../test-support/harness.js';
import {
  checkPassSignature,
  derOf,
  openPkpass,
  startFakeApns,
  TEST_ORGANIZATION,
  TEST_PASS_TYPE,
  TEST_TEAM,
  walletEnv,
  walletTestCertificates,
  type FakeApns,
  type OpenedPass,
  type WalletTestCertificates,
} from '../../../test-support/wallet.js';

const UNAUTHORIZED = { message: 'Unauthorized', statusCode: 401 };
const PKPASS = 'application/vnd.apple.pkpass';
const HOUR = 3600_000;
const badRequest = (...message: string[]) => ({ message, error: 'Bad Request', statusCode: 400 });
const newDevice = () => randomBytes(16).toString('hex');
const newPushToken = () => randomBytes(32).toString('hex');
const credentialOf = (p: OpenedPass): string | undefined => p.pass.barcodes?.[0]?.message;
const statusOf = (p: OpenedPass): string => p.pass.generic.secondaryFields.find((f: { key: string }) => f.key === 'status').value;

interface Person {
  tenantId: string;
  userId: string;
  /** Valid for the access-token lifetime (15 minutes of the test clock): after moving the clock further, use `freshToken`. */
  token: string;
  freshToken(): Promise<string>;
  ownerToken: string;
  zoneId: string;
  grantId: string | null;
}

interface Issued {
  res: HttpResult<Buffer>;
  opened: OpenedPass;
  serial: string;
  auth: Record<string, string>;
}

describe('Apple Wallet passes (issue 17): the pass, the Wallet web service and update pushes', () => {
  let h: ApiHarness;
  let apns: FakeApns;
  let certs: WalletTestCertificates;
  let ipSeq = 0;
  let ip = '';

  before(async () => {
    certs = await walletTestCertificates();
    apns = await startFakeApns();
    // Its own database: the push job sweeps every tenant's passes.
    h = await ApiHarness.start({ ...walletEnv(certs, apns.url), TRUST_PROXY: 'true' }, { freshDatabase: true, captureLogs: true });
  });
  after(async () => {
    await h.stop();
    await apns.close();
  });
  beforeEach(() => {
    ipSeq += 1;
    ip = `100.66.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
    apns.reply(() => ({ status: 200 }));
  });

  /** Every protocol route counts per source address: each test speaks from its own. */
  const call = (method: string, path: string, opts: { body?: unknown; headers?: Record<string, string>; binary?: boolean; rawBody?: string } = {}) =>
    h.request(method, path, { ...opts, headers: { 'x-forwarded-for': ip, ...opts.headers } });
  const passPath = (serial: string, type = TEST_PASS_TYPE) => `/access/wallet/v1/passes/${type}/${serial}`;
  const registrationPath = (device: string, serial: string, type = TEST_PASS_TYPE) => `/access/wallet/v1/devices/${device}/registrations/${type}/${serial}`;
  const listPath = (device: string, tag?: string, type = TEST_PASS_TYPE) => `/access/wallet/v1/devices/${device}/registrations/${type}${tag === undefined ? '' : `?passesUpdatedSince=${tag}`}`;

  async function person(opts: { plan?: Plan; role?: Role; grant?: boolean; grantExpiresAt?: Date; tenantId?: string } = {}): Promise<Person> {
    const tenantId = opts.tenantId ?? (await createTenant(h.ds, { plan: opts.plan ?? 'GROWTH', name: `Acme ${uuid().slice(0, 6)}` })).id;
    const ownerToken = await h.tokenFor(await createUser(h.ds, tenantId, { role: 'TENANT_OWNER' }));
    const user = await createUser(h.ds, tenantId, { role: opts.role ?? 'STAFF', fullName: 'Ada Lovelace' });
    let zoneId = '';
    let grantId: string | null = null;
    if (opts.grant !== false) {
      const zone = await h.request('POST', '/access/zones', { token: ownerToken, body: { name: 'Front door', readerIds: [`R-${uuid()}`] } });
      expect(zone.status).to.equal(201);
      zoneId = zone.body.id;
      grantId = await grant(ownerToken, user.id, zoneId, opts.grantExpiresAt);
    }
    return { tenantId, userId: user.id, token: await h.tokenFor(user), freshToken: () => h.tokenFor(user), ownerToken, zoneId, grantId };
  }

  async function grant(ownerToken: string, userId: string, zoneId: string, expiresAt?: Date): Promise<string> {
    const res = await h.request('POST', '/access/grants', { token: ownerToken, body: { userId, zoneId, ...(expiresAt ? { expiresAt: expiresAt.toISOString() } : {}) } });
    expect(res.status).to.equal(201);
    return res.body.id;
  }

  async function issue(token: string, expected = [200, 201]): Promise<Issued> {
    const res = await h.request<Buffer>('POST', '/access/wallet/pass', { token, binary: true });
    expect(expected, res.body.toString('utf8').slice(0, 200)).to.include(res.status);
    const opened = openPkpass(res.body);
    return { res, opened, serial: opened.pass.serialNumber, auth: { authorization: `ApplePass ${opened.pass.authenticationToken}` } };
  }

  async function fetchPass(i: Issued, headers: Record<string, string> = {}): Promise<{ res: HttpResult<Buffer>; opened: OpenedPass | null }> {
    const res = await call('GET', passPath(i.serial), { headers: { ...i.auth, ...headers }, binary: true });
    return { res, opened: res.status === 200 ? openPkpass(res.body) : null };
  }

  async function register(i: Issued, device = newDevice(), pushToken = newPushToken()): Promise<{ device: string; pushToken: string }> {
    const res = await call('POST', registrationPath(device, i.serial), { headers: i.auth, body: { pushToken } });
    expect(res.status).to.equal(201);
    return { device, pushToken };
  }

  async function keysOf(tenantId: string): Promise<(kid: string) => KeyObject | undefined> {
    const rows: Array<{ id: string; public_key: string }> = await h.ds.query(`SELECT id, public_key FROM access_signing_keys WHERE tenant_id = $1`, [tenantId]);
    const keys = new Map(rows.map((r) => [r.id, createPublicKey(r.public_key)]));
    return (kid) => keys.get(kid);
  }

  /** The check the access daemon makes: signature by a key of the tenant, current, for that tenant. */
  async function daemonAccepts(tenantId: string, credential: string | undefined) {
    return credential === undefined ? null : verifyCredential(credential, await keysOf(tenantId), h.clock.now(), tenantId);
  }

  const pushesTo = (pushToken: string) => apns.requests.filter((r) => r.path === `/3/device/${pushToken}`);
  const runJob = () => h.job('wallet-pass-updates').run();

  describe('POST /access/wallet/pass', () => {
    it('201: a signed .pkpass whose barcode is a door credential the daemon accepts, with the web service settings of the pass', async () => {
      const p = await person();
      const { res, opened, serial } = await issue(p.token, [201]);
      expect(res.headers.get('content-type')).to.equal(PKPASS);
      expect(res.headers.get('content-disposition')).to.equal('attachment; filename="door-access.pkpass"');
      expect(res.headers.get('cache-control')).to.equal('no-store');
      expect(res.headers.get('last-modified')).to.equal(new Date(Math.floor(h.clock.now().getTime() / 1000) * 1000).toUTCString());
      expect(res.body.subarray(0, 4).toString('hex')).to.equal('504b0304');

      const { pass } = opened;
      expect(serial).to.match(/^[0-9a-f-]{36}$/);
      expect(pass).to.deep.include({
        formatVersion: 1,
        passTypeIdentifier: TEST_PASS_TYPE,
        teamIdentifier: TEST_TEAM,
        organizationName: TEST_ORGANIZATION,
        webServiceURL: `${h.config.publicAppUrl}/api/v1/access/wallet`,
        sharingProhibited: true,
      });
      expect(pass.logoText).to.match(/^Acme /);
      expect(pass.authenticationToken).to.match(/^[A-Za-z0-9_-]{43}$/);
      expect(pass).to.not.have.property('nfc');
      expect(pass).to.not.have.property('voided');
      expect(pass.generic.primaryFields).to.deep.equal([{ key: 'holder', label: 'Name', value: 'Ada Lovelace' }]);
      expect(statusOf(opened)).to.equal('Active');
      expect(pass.barcodes).to.have.length(1);
      expect(pass.barcodes[0]).to.deep.include({ format: 'PKBarcodeFormatQR', messageEncoding: 'iso-8859-1' });

      const claims = await daemonAccepts(p.tenantId, credentialOf(opened));
      expect(claims).to.deep.include({ sub: p.userId, tid: p.tenantId, typ: 'user' });
      expect(claims!.exp - claims!.iat).to.equal(CREDENTIAL_LIFETIME_SECONDS);
      const validUntil = pass.generic.auxiliaryFields.find((f: { key: string }) => f.key === 'validUntil');
      expect(validUntil.value).to.equal(new Date(claims!.exp * 1000).toISOString());

      for (const name of ['pass.json', 'icon.png', 'icon@2x.png', 'logo.png', 'manifest.json', 'signature']) expect(opened.files, name).to.have.property(name);
      const hashed = Object.keys(opened.files).filter((n) => n !== 'manifest.json' && n !== 'signature');
      expect(Object.keys(opened.manifest).sort()).to.deep.equal(hashed.sort());
      for (const name of hashed) expect(opened.manifest[name], name).to.equal(createHash('sha1').update(opened.files[name]!).digest('hex'));

      const signature = checkPassSignature(opened, certs.signer.cert);
      expect(signature.detached).to.equal(true);
      expect(signature.digestMatches).to.equal(true);
      expect(signature.signatureValid).to.equal(true);
      expect(checkPassSignature(opened, certs.wwdr.cert).signatureValid).to.equal(false);
      expect(signature.certificates.map((c) => c.toString('hex'))).to.have.members([derOf(certs.signer.cert), derOf(certs.wwdr.cert)].map((c) => c.toString('hex')));
    });

    it('answers the same pass afterwards (200): same serial number, token and credential, one pass row', async () => {
      const p = await person();
      const first = await issue(p.token, [201]);
      h.clock.advance(HOUR);
      const second = await issue(await p.freshToken(), [200]);
      expect(second.serial).to.equal(first.serial);
      expect(second.opened.pass.authenticationToken).to.equal(first.opened.pass.authenticationToken);
      expect(credentialOf(second.opened)).to.equal(credentialOf(first.opened));
      expect(second.res.headers.get('last-modified')).to.equal(first.res.headers.get('last-modified'));
      const rows = await h.ds.query(`SELECT id FROM access_wallet_passes WHERE tenant_id = $1`, [p.tenantId]);
      expect(rows).to.deep.equal([{ id: first.serial }]);
    });

    it('makes one pass when the first requests come at once', async () => {
      const p = await person();
      const all = await Promise.all([1, 2, 3].map(() => h.request<Buffer>('POST', '/access/wallet/pass', { token: p.token, binary: true })));
      expect(all.map((r) => r.status).sort()).to.deep.equal([200, 200, 201]);
      expect(new Set(all.map((r) => openPkpass(r.body).pass.serialNumber)).size).to.equal(1);
      expect(await h.ds.query(`SELECT id FROM access_wallet_passes WHERE tenant_id = $1`, [p.tenantId])).to.have.length(1);
    });

    it('keeps the authentication token only hashed and sealed, and the credential sealed', async () => {
      const p = await person();
      const { opened } = await issue(p.token);
      const token: string = opened.pass.authenticationToken;
      const credential = credentialOf(opened)!;
      const [row] = await h.ds.query(`SELECT t::text AS all_columns, auth_token_sealed, credential_sealed FROM access_wallet_passes t WHERE tenant_id = $1`, [p.tenantId]);
      expect(row.all_columns).to.not.contain(token);
      expect(row.all_columns).to.not.contain(credential.split('.')[2]);
      const encryptor = new AesGcmEncryptor(TEST_DATA_ENCRYPTION_KEY);
      expect(encryptor.decrypt(row.auth_token_sealed)).to.equal(token);
      expect(encryptor.decrypt(row.credential_sealed)).to.equal(credential);
    });

    it('gives a person without any door grant a pass with no code', async () => {
      const p = await person({ grant: false });
      const { opened } = await issue(p.token, [201]);
      expect(opened.pass).to.not.have.property('barcodes');
      expect(statusOf(opened)).to.equal('No doors right now');
      expect(opened.pass.generic.auxiliaryFields).to.deep.equal([]);
    });

    for (const role of ['STAFF', 'OUTLET_MANAGER', 'TENANT_OWNER'] as const) {
      it(`is open to any signed-in person (${role})`, async () => {
        await issue((await person({ role })).token, [201]);
      });
    }

    it('401 without a token', async () => {
      const res = await h.request('POST', '/access/wallet/pass');
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal(UNAUTHORIZED);
    });

    for (const plan of ['FREE', 'BASIC'] as const) {
      it(`402 on the ${plan} plan, and no pass is made`, async () => {
        const p = await person({ plan, grant: false });
        const res = await h.request('POST', '/access/wallet/pass', { token: p.token });
        expect(res.status).to.equal(402);
        expect(res.body).to.deep.equal({ message: `Your ${plan} plan does not include access control. Upgrade at /admin/billing.`, error: 'Payment Required', statusCode: 402 });
        expect(await h.ds.query(`SELECT id FROM access_wallet_passes WHERE tenant_id = $1`, [p.tenantId])).to.deep.equal([]);
      });
    }
  });

  describe('registering devices (POST and DELETE /access/wallet/v1/devices/…/registrations/…)', () => {
    const registrationsOf = (serial: string) =>
      h.ds.query(`SELECT device_library_identifier AS device, push_token AS "pushToken" FROM access_wallet_registrations WHERE pass_id = $1 ORDER BY created_at, device_library_identifier`, [serial]);

    it('201 on registration, 200 when the device registers again (its push token replaced)', async () => {
      const i = await issue((await person()).token);
      const device = newDevice();
      const first = await call('POST', registrationPath(device, i.serial), { headers: i.auth, body: { pushToken: 'ab'.repeat(32) } });
      expect(first.status).to.equal(201);
      expect(first.headers.get('x-ratelimit-limit')).to.equal('120');
      const again = await call('POST', registrationPath(device, i.serial), { headers: i.auth, body: { pushToken: 'cd'.repeat(32) } });
      expect(again.status).to.equal(200);
      expect(await registrationsOf(i.serial)).to.deep.equal([{ device, pushToken: 'cd'.repeat(32) }]);
    });

    it('keeps the ten devices registered last', async () => {
      const i = await issue((await person()).token);
      const devices: string[] = [];
      for (let n = 0; n < 11; n++) {
        h.clock.advance(1000);
        devices.push((await register(i)).device);
      }
      expect((await registrationsOf(i.serial)).map((r: { device: string }) => r.device).sort()).to.deep.equal(devices.slice(1).sort());
    });

    it('DELETE: 200, the registration is gone; 200 again when there is none', async () => {
      const i = await issue((await person()).token);
      const { device } = await register(i);
      const other = await register(i);
      expect((await call('DELETE', registrationPath(device, i.serial), { headers: i.auth })).status).to.equal(200);
      expect(await registrationsOf(i.serial)).to.deep.equal([{ device: other.device, pushToken: other.pushToken }]);
      expect((await call('DELETE', registrationPath(device, i.serial), { headers: i.auth })).status).to.equal(200);
    });

    it('400 for a malformed device identifier or push token, or an unknown body property', async () => {
      const i = await issue((await person()).token);
      const path = registrationPath(newDevice(), i.serial);
      const cases: Array<[string, unknown, unknown]> = [
        [path, {}, badRequest('pushToken is required')],
        [path, { pushToken: 'not-hex-at-all-not-hex' }, badRequest('pushToken must be an APNs device token (hex)')],
        [path, { pushToken: 'ab'.repeat(101) }, badRequest('pushToken must be an APNs device token (hex)')],
        [path, { pushToken: newPushToken(), extra: 1 }, badRequest('property extra should not exist')],
        [registrationPath('bad$device', i.serial), { pushToken: newPushToken() }, badRequest('deviceLibraryIdentifier must be 1 to 128 letters, digits, dots, dashes or underscores')],
        [registrationPath('d'.repeat(129), i.serial), { pushToken: newPushToken() }, badRequest('deviceLibraryIdentifier must be 1 to 128 letters, digits, dots, dashes or underscores')],
      ];
      for (const [p, body, expected] of cases) {
        const res = await call('POST', p, { headers: i.auth, body });
        expect(res.status, JSON.stringify(body)).to.equal(400);
        expect(res.body, JSON.stringify(body)).to.deep.equal(expected);
      }
      expect((await call('DELETE', registrationPath('bad$device', i.serial), { headers: i.auth })).status).to.equal(400);
      expect(await registrationsOf(i.serial)).to.deep.equal([]);
    });

    it("401 without the pass's ApplePass token, with someone else's, or for a pass that is not there, and nothing is registered", async () => {
      const i = await issue((await person()).token);
      const other = await issue((await person()).token);
      const token = i.opened.pass.authenticationToken as string;
      const attempts: Array<[string, Record<string, string>]> = [
        [registrationPath(newDevice(), i.serial), {}],
        [registrationPath(newDevice(), i.serial), { authorization: `Bearer ${token}` }],
        [registrationPath(newDevice(), i.serial), { authorization: `ApplePass ${token.slice(0, -1)}x` }],
        [registrationPath(newDevice(), i.serial), { authorization: `ApplePass  ${token}` }],
        [registrationPath(newDevice(), i.serial), other.auth],
        [registrationPath(newDevice(), other.serial), i.auth],
        [registrationPath(newDevice(), uuid()), i.auth],
        [registrationPath(newDevice(), 'not-a-serial'), i.auth],
        [registrationPath(newDevice(), i.serial, 'pass.other.identifier'), i.auth],
      ];
      for (const [path, headers] of attempts) {
        for (const method of ['POST', 'DELETE']) {
          const res = await call(method, path, { headers, body: { pushToken: newPushToken() } });
          expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).to.equal(401);
          expect(res.body).to.deep.equal(UNAUTHORIZED);
        }
      }
      expect(await registrationsOf(i.serial)).to.deep.equal([]);
      expect(await registrationsOf(other.serial)).to.deep.equal([]);
    });
  });

  describe('GET /access/wallet/v1/devices/…/registrations/… (passes updated since a tag)', () => {
    it('lists the device’s pass, then nothing once the tag is past its change; reports it again when its credential is due, before anyone fetched it', async () => {
      const i = await issue((await person()).token);
      const { device } = await register(i);
      const all = await call('GET', listPath(device));
      expect(all.status).to.equal(200);
      expect(all.body).to.deep.equal({ serialNumbers: [i.serial], lastUpdated: String(h.clock.now().getTime() - 60_000) });

      h.clock.advance(2 * 60_000);
      // The first tag lags the pass's creation by a minute: the pass is reported once more.
      const again = await call('GET', listPath(device, all.body.lastUpdated));
      expect(again.body.serialNumbers).to.deep.equal([i.serial]);
      const quiet = await call('GET', listPath(device, again.body.lastUpdated));
      expect(quiet.status).to.equal(204);
      expect(quiet.body).to.equal(undefined);

      h.clock.advance(12 * HOUR);
      const due = await call('GET', listPath(device, again.body.lastUpdated));
      expect(due.status).to.equal(200);
      expect(due.body.serialNumbers).to.deep.equal([i.serial]);
      const fetched = await fetchPass(i, { 'if-modified-since': i.res.headers.get('last-modified')! });
      expect(fetched.res.status).to.equal(200);
      h.clock.advance(2 * 60_000);
      const afterFetch = await call('GET', listPath(device, again.body.lastUpdated));
      expect(afterFetch.body.serialNumbers).to.deep.equal([i.serial]);
      expect((await call('GET', listPath(device, afterFetch.body.lastUpdated))).status).to.equal(204);
    });

    it("lists a device's passes of several tenants, and nothing for another device", async () => {
      const a = await issue((await person()).token);
      const b = await issue((await person()).token);
      const device = newDevice();
      await register(a, device);
      await register(b, device);
      await register(b);
      const res = await call('GET', listPath(device));
      expect(res.body.serialNumbers).to.deep.equal([a.serial, b.serial].sort());
      expect((await call('GET', listPath(newDevice()))).status).to.equal(204);
      expect((await call('GET', listPath(device, undefined, 'pass.other.identifier'))).status).to.equal(204);
    });

    it('400 for a malformed tag, device identifier or pass type identifier, or an unknown query parameter', async () => {
      const device = newDevice();
      const cases: Array<[string, unknown]> = [
        [listPath(device, 'yesterday'), badRequest('passesUpdatedSince must be a tag this service answered as lastUpdated')],
        [listPath(device, '1'.repeat(16)), badRequest('passesUpdatedSince must be a tag this service answered as lastUpdated')],
        [`${listPath(device)}?since=1`, badRequest('property since should not exist')],
        [listPath('bad$device'), badRequest('deviceLibraryIdentifier must be 1 to 128 letters, digits, dots, dashes or underscores')],
        [listPath(device, undefined, 'com.example.not-a-pass-type'), badRequest('passTypeIdentifier must be a pass type identifier (pass.…)')],
      ];
      for (const [path, expected] of cases) {
        const res = await call('GET', path);
        expect(res.status, path).to.equal(400);
        expect(res.body, path).to.deep.equal(expected);
      }
    });
  });

  describe('GET /access/wallet/v1/passes/… (the latest version)', () => {
    it('200 with Last-Modified; 304 for If-Modified-Since at or after it; an unreadable or future date is ignored', async () => {
      const i = await issue((await person()).token);
      const lastModified = i.res.headers.get('last-modified')!;
      const first = await fetchPass(i);
      expect(first.res.status).to.equal(200);
      expect(first.res.headers.get('content-type')).to.equal(PKPASS);
      expect(first.res.headers.get('last-modified')).to.equal(lastModified);
      expect(first.opened!.pass.serialNumber).to.equal(i.serial);
      expect(credentialOf(first.opened!)).to.equal(credentialOf(i.opened));

      const unchanged = await fetchPass(i, { 'if-modified-since': lastModified });
      expect(unchanged.res.status).to.equal(304);
      expect(unchanged.res.body.length).to.equal(0);
      expect(unchanged.res.headers.get('last-modified')).to.equal(lastModified);
      h.clock.advance(5000);
      expect((await fetchPass(i, { 'if-modified-since': new Date(Date.parse(lastModified) + 2000).toUTCString() })).res.status).to.equal(304);
      expect((await fetchPass(i, { 'if-modified-since': new Date(Date.parse(lastModified) - 1000).toUTCString() })).res.status).to.equal(200);
      expect((await fetchPass(i, { 'if-modified-since': 'last tuesday' })).res.status).to.equal(200);
      expect((await fetchPass(i, { 'if-modified-since': new Date(h.clock.now().getTime() + HOUR).toUTCString() })).res.status).to.equal(200);
    });

    it('a fresh credential once the last one is 12 hours old: a later Last-Modified, renewed once for fetches at the same moment', async () => {
      const p = await person();
      const i = await issue(p.token);
      const before = credentialOf(i.opened)!;
      h.clock.advance(12 * HOUR - 1000);
      expect((await fetchPass(i, { 'if-modified-since': i.res.headers.get('last-modified')! })).res.status).to.equal(304);
      h.clock.advance(1000);
      const renewed = await Promise.all([1, 2, 3].map(() => fetchPass(i, { 'if-modified-since': i.res.headers.get('last-modified')! })));
      expect(renewed.map((r) => r.res.status)).to.deep.equal([200, 200, 200]);
      const credentials = new Set(renewed.map((r) => credentialOf(r.opened!)));
      expect(credentials.size).to.equal(1);
      const after = [...credentials][0]!;
      expect(after).to.not.equal(before);
      const claims = await daemonAccepts(p.tenantId, after);
      expect(claims!.iat).to.equal(Math.floor(h.clock.now().getTime() / 1000));
      expect(Date.parse(renewed[0]!.res.headers.get('last-modified')!)).to.be.greaterThan(Date.parse(i.res.headers.get('last-modified')!));
      expect(renewed[0]!.opened!.pass.authenticationToken).to.equal(i.opened.pass.authenticationToken);
      // The holder's own request answers the renewed pass too.
      expect(credentialOf((await issue(await p.freshToken(), [200])).opened)).to.equal(after);
    });

    it("401 without the pass's token, with another pass's, or for a pass that is not there", async () => {
      const i = await issue((await person()).token);
      const other = await issue((await person()).token);
      for (const [path, headers] of [
        [passPath(i.serial), {}],
        [passPath(i.serial), other.auth],
        [passPath(other.serial), i.auth],
        [passPath(uuid()), i.auth],
        [passPath(i.serial, 'pass.other.identifier'), i.auth],
      ] as Array<[string, Record<string, string>]>) {
        const res = await call('GET', path, { headers });
        expect(res.status, path).to.equal(401);
        expect(res.body).to.deep.equal(UNAUTHORIZED);
      }
    });
  });

  describe('revoking door access', () => {
    async function refetch(i: Issued) {
      const { res, opened } = await fetchPass(i, { 'if-modified-since': i.res.headers.get('last-modified')! });
      expect(res.status).to.equal(200);
      return opened!;
    }

    it('revoking the last grant: the pass is reported as updated at once, and its next version carries no code; a new grant brings one back', async () => {
      const p = await person();
      const i = await issue(p.token);
      const { device } = await register(i);
      h.clock.advance(2 * 60_000);
      const tag = (await call('GET', listPath(device))).body.lastUpdated as string;
      expect((await call('GET', listPath(device, tag))).status).to.equal(204);

      expect((await h.request('POST', `/access/grants/${p.grantId}/revoke`, { token: p.ownerToken, body: {} })).status).to.equal(200);
      expect((await call('GET', listPath(device, tag))).body.serialNumbers).to.deep.equal([i.serial]);
      const revoked = await refetch(i);
      expect(revoked.pass).to.not.have.property('barcodes');
      expect(statusOf(revoked)).to.equal('No doors right now');

      await grant(p.ownerToken, p.userId, p.zoneId);
      const restored = (await fetchPass(i)).opened!;
      expect(await daemonAccepts(p.tenantId, credentialOf(restored))).to.deep.include({ sub: p.userId });
      expect(credentialOf(restored)).to.not.equal(credentialOf(i.opened));
    });

    it('a grant reaching its expiresAt: no code', async () => {
      const p = await person({ grantExpiresAt: new Date(h.clock.now().getTime() + HOUR) });
      const i = await issue(p.token);
      expect(credentialOf(i.opened)).to.be.a('string');
      h.clock.advance(HOUR + 1000);
      expect((await refetch(i)).pass).to.not.have.property('barcodes');
    });

    it('deactivating the person: no code until they are active again', async () => {
      const p = await person();
      const i = await issue(p.token);
      expect((await h.request('PATCH', `/users/${p.userId}/status`, { token: p.ownerToken, body: { status: 'INACTIVE' } })).status).to.equal(200);
      expect((await refetch(i)).pass).to.not.have.property('barcodes');
      expect((await h.request('PATCH', `/users/${p.userId}/status`, { token: p.ownerToken, body: { status: 'ACTIVE' } })).status).to.equal(200);
      expect(await daemonAccepts(p.tenantId, credentialOf((await fetchPass(i)).opened!))).to.not.equal(null);
    });

    it('removing the person: the pass is voided, with no code', async () => {
      const p = await person();
      const i = await issue(p.token);
      expect((await h.request('DELETE', `/users/${p.userId}`, { token: p.ownerToken })).status).to.equal(200);
      const voided = await refetch(i);
      expect(voided.pass.voided).to.equal(true);
      expect(voided.pass).to.not.have.property('barcodes');
      expect(statusOf(voided)).to.equal('Ended');
      expect(checkPassSignature(voided, certs.signer.cert).signatureValid).to.equal(true);
    });

    it('a plan without access control: no code on the web service, 402 on the holder’s route', async () => {
      const p = await person();
      const i = await issue(p.token);
      await h.ds.query(`UPDATE tenants SET plan = 'BASIC' WHERE id = $1`, [p.tenantId]);
      expect((await refetch(i)).pass).to.not.have.property('barcodes');
      expect((await h.request('POST', '/access/wallet/pass', { token: p.token })).status).to.equal(402);
    });
  });

  describe('update pushes (job wallet-pass-updates)', () => {
    it('pushes to every device of a pass whose credential is due, once, with the pass-type certificate; no event fires (spec 03 lists none)', async () => {
      const p = await person();
      const i = await issue(p.token);
      const a = await register(i);
      const b = await register(i);
      const unregistered = await issue((await person()).token);
      await runJob();
      expect(pushesTo(a.pushToken)).to.have.length(0);

      h.clock.advance(12 * HOUR);
      await runJob();
      for (const { pushToken } of [a, b]) {
        const [push] = pushesTo(pushToken);
        expect(push, pushToken).to.not.equal(undefined);
        expect(push!.headers['apns-topic']).to.equal(TEST_PASS_TYPE);
        expect(push!.body).to.equal('{}');
      }
      const [row] = await h.ds.query(`SELECT updated_at, pushed_at FROM access_wallet_passes WHERE id = $1`, [i.serial]);
      expect(row.pushed_at.getTime()).to.equal(row.updated_at.getTime());
      expect(row.updated_at.getTime()).to.be.greaterThan(Date.parse(i.res.headers.get('last-modified')!));
      const [untouched] = await h.ds.query(`SELECT updated_at FROM access_wallet_passes WHERE id = $1`, [unregistered.serial]);
      expect(untouched.updated_at.getTime()).to.equal(Date.parse(unregistered.res.headers.get('last-modified')!));

      await runJob();
      expect(pushesTo(a.pushToken)).to.have.length(1);
      // The device then finds the renewed pass.
      expect((await fetchPass(i, { 'if-modified-since': i.res.headers.get('last-modified')! })).res.status).to.equal(200);
      expect(await h.ds.query(`SELECT type FROM domain_events WHERE tenant_id = $1`, [p.tenantId])).to.deep.equal([]);
    });

    it('pushes when access is revoked, and tells the other devices of a version one device fetched', async () => {
      const p = await person();
      const i = await issue(p.token);
      const { pushToken } = await register(i);
      await h.request('POST', `/access/grants/${p.grantId}/revoke`, { token: p.ownerToken, body: {} });
      await runJob();
      expect(pushesTo(pushToken)).to.have.length(1);

      await grant(p.ownerToken, p.userId, p.zoneId);
      expect(credentialOf((await fetchPass(i)).opened!)).to.be.a('string');
      await runJob();
      expect(pushesTo(pushToken)).to.have.length(2);
    });

    it('drops registrations APNs says are gone, retries failed pushes on the next run, and carries on past a failing pass', async () => {
      const i = await issue((await person()).token);
      const gone = await register(i);
      const bad = await register(i);
      const flaky = await register(i);
      const j = await issue((await person()).token);
      const fine = await register(j);
      let flakyFails = true;
      apns.reply((token) => {
        if (token === gone.pushToken) return { status: 410, body: { reason: 'Unregistered' } };
        if (token === bad.pushToken) return { status: 400, body: { reason: 'BadDeviceToken' } };
        if (token === flaky.pushToken && flakyFails) return { status: 503, body: { reason: 'ServiceUnavailable' } };
        return { status: 200 };
      });
      h.clock.advance(12 * HOUR);
      await runJob();
      expect(pushesTo(fine.pushToken)).to.have.length(1);
      const left = await h.ds.query(`SELECT push_token FROM access_wallet_registrations WHERE pass_id = $1`, [i.serial]);
      expect(left.map((r: { push_token: string }) => r.push_token)).to.deep.equal([flaky.pushToken]);
      const [row] = await h.ds.query(`SELECT updated_at, pushed_at FROM access_wallet_passes WHERE id = $1`, [i.serial]);
      expect(row.pushed_at === null || row.pushed_at < row.updated_at).to.equal(true);

      flakyFails = false;
      await runJob();
      expect(pushesTo(flaky.pushToken)).to.have.length(2);
      await runJob();
      expect(pushesTo(flaky.pushToken)).to.have.length(2);
      expect(pushesTo(fine.pushToken)).to.have.length(1);
    });
  });

  describe('POST /access/wallet/v1/log', () => {
    it('200, and the messages are in the server log', async () => {
      const logged = h.logLines.length;
      const res = await call('POST', '/access/wallet/v1/log', { body: { logs: ['Web service error for pass.test: unexpected response 500', 'second line'] } });
      expect(res.status).to.equal(200);
      const lines = h.logLines.slice(logged).join('\n');
      expect(lines).to.contain('Apple Wallet device log');
      expect(lines).to.contain('unexpected response 500');
    });

    it('400 beyond 50 messages or 1000 characters a message, and for anything but a list of strings', async () => {
      const cases: Array<[unknown, string]> = [
        [{ logs: Array.from({ length: 51 }, () => 'x') }, 'logs must contain at most 50 elements'],
        [{ logs: ['x'.repeat(1001)] }, 'logs.0 must be at most 1000 characters'],
        [{ logs: 'one line' }, 'logs must be an array'],
        [{ logs: [], extra: true }, 'property extra should not exist'],
      ];
      for (const [body, message] of cases) {
        const res = await call('POST', '/access/wallet/v1/log', { body });
        expect(res.status, message).to.equal(400);
        expect(res.body).to.deep.equal(badRequest(message));
      }
    });

    it('10 per 60 s per source address, then 429 with Retry-After; another address is not held back', async () => {
      for (let n = 1; n <= 10; n++) {
        const res = await call('POST', '/access/wallet/v1/log', { body: { logs: [] } });
        expect(res.status, `call ${n}`).to.equal(200);
        expect(res.headers.get('x-ratelimit-limit')).to.equal('10');
        expect(res.headers.get('x-ratelimit-remaining')).to.equal(String(10 - n));
      }
      const throttled = await call('POST', '/access/wallet/v1/log', { body: { logs: [] } });
      expect(throttled.status).to.equal(429);
      expect(throttled.body).to.deep.equal({ statusCode: 429, message: 'ThrottlerException: Too Many Requests' });
      expect(Number(throttled.headers.get('retry-after'))).to.be.within(1, 60);
      const elsewhere = await h.request('POST', '/access/wallet/v1/log', { body: { logs: [] }, headers: { 'x-forwarded-for': '100.67.0.1' } });
      expect(elsewhere.status).to.equal(200);
    });
  });

  it('the protocol routes count per source address under the default limit (120 per 60 s)', async () => {
    const i = await issue((await person()).token);
    const first = await call('GET', passPath(i.serial), { headers: i.auth });
    const second = await call('GET', passPath(i.serial), { headers: i.auth });
    expect(first.headers.get('x-ratelimit-limit')).to.equal('120');
    expect(Number(first.headers.get('x-ratelimit-remaining')) - Number(second.headers.get('x-ratelimit-remaining'))).to.equal(1);
    const elsewhere = await h.request('GET', passPath(i.serial), { headers: { ...i.auth, 'x-forwarded-for': '100.67.0.2' } });
    expect(elsewhere.headers.get('x-ratelimit-remaining')).to.equal('119');
  });
});

describe('Apple Wallet passes without the operator settings', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  it('503 on every wallet route', async () => {
    const tenant = await createTenant(h.ds, { plan: 'GROWTH' });
    const token = await h.tokenFor(await createUser(h.ds, tenant.id));
    const serial = uuid();
    const device = newDevice();
    const requests: Array<[string, string, { token?: string; body?: unknown; headers?: Record<string, string> }]> = [
      ['POST', '/access/wallet/pass', { token }],
      ['POST', `/access/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE}/${serial}`, { body: { pushToken: newPushToken() }, headers: { authorization: 'ApplePass abcdefghijklmnopqrstuvwxyz' } }],
      ['DELETE', `/access/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE}/${serial}`, { headers: { authorization: 'ApplePass abcdefghijklmnopqrstuvwxyz' } }],
      ['GET', `/access/wallet/v1/devices/${device}/registrations/${TEST_PASS_TYPE}`, {}],
      ['GET', `/access/wallet/v1/passes/${TEST_PASS_TYPE}/${serial}`, { headers: { authorization: 'ApplePass abcdefghijklmnopqrstuvwxyz' } }],
      ['POST', '/access/wallet/v1/log', { body: { logs: [] } }],
    ];
    for (const [method, path, opts] of requests) {
      const res = await h.request(method, path, opts);
      expect(res.status, `${method} ${path}`).to.equal(503);
      expect(res.body).to.deep.equal({ message: 'Apple Wallet passes are not configured on this server', error: 'Service Unavailable', statusCode: 503 });
    }
    expect(() => h.job('wallet-pass-updates')).to.throw('no job named wallet-pass-updates');
  });
});
