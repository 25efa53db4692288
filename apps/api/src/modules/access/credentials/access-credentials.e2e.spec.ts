import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import type { Plan, Role } from '@wfm/core/tenancy';
import { AesGcmEncryptor } from '@wfm/core/encryption';
import { uuid } from '@wfm/core/crypto';
import { CREDENTIAL_LIFETIME_SECONDS, RETIRED_KEY_GRACE_SECONDS, verifyCredential } from '@wfm/access/credential';
import { createTenant, createUser } from '@wfm/testing/factories';
import { ApiHarness, TEST_DATA_ENCRYPTION_KEY } from '../../../test-support/harness.js';

interface KeyRow {
  id: string;
  public_key: string;
  private_key_sealed: string;
  retired_at: Date | null;
}

const decodePart = (token: string, i: number) => JSON.parse(Buffer.from(token.split('.')[i]!, 'base64url').toString('utf8'));

describe('door credentials and signing keys (spec 02)', () => {
  let h: ApiHarness;
  before(async () => {
    h = await ApiHarness.start();
  });
  after(async () => h.stop());

  async function signIn(role: Role = 'STAFF', plan: Plan = 'GROWTH') {
    const tenant = await createTenant(h.ds, { plan });
    const user = await createUser(h.ds, tenant.id, { role });
    return { tenant, user, token: await h.tokenFor(user) };
  }

  const keysOf = (tenantId: string): Promise<KeyRow[]> =>
    h.ds.query(`SELECT id, public_key, private_key_sealed, retired_at FROM access_signing_keys WHERE tenant_id = $1 ORDER BY created_at, id`, [tenantId]);
  const feedVersion = async (tenantId: string): Promise<number> => {
    const rows: Array<{ version: string }> = await h.ds.query(`SELECT version FROM access_feed_versions WHERE tenant_id = $1`, [tenantId]);
    return rows.length ? Number(rows[0]!.version) : 0;
  };
  const trusting = (rows: KeyRow[]) => {
    const keys = new Map<string, KeyObject>(rows.map((r) => [r.id, createPublicKey(r.public_key)]));
    return (kid: string) => keys.get(kid);
  };
  const mint = (token: string) => h.request('POST', '/access/credential', { token });

  describe('POST /access/credential', () => {
    it('201 {credentialId, expiresIn: 24h}: an EdDSA JWT bound to the caller, signed by the tenant key named in kid', async () => {
      const { tenant, user, token } = await signIn('STAFF');
      const res = await mint(token);
      expect(res.status).to.equal(201);
      expect(res.body).to.have.all.keys('credentialId', 'expiresIn');
      expect(res.body.expiresIn).to.equal('24h');
      const [key] = await keysOf(tenant.id);
      expect(decodePart(res.body.credentialId, 0)).to.deep.equal({ alg: 'EdDSA', typ: 'JWT', kid: key!.id });
      const iat = Math.floor(h.clock.now().getTime() / 1000);
      const claims = verifyCredential(res.body.credentialId, trusting([key!]), h.clock.now(), tenant.id);
      expect(claims).to.deep.include({ sub: user.id, tid: tenant.id, typ: 'user', iat, exp: iat + CREDENTIAL_LIFETIME_SECONDS });
      expect(claims!.jti).to.be.a('string').that.is.not.empty;
    });

    it('expires 24 hours after minting', async () => {
      const { tenant, token } = await signIn();
      const { body } = await mint(token);
      const lookup = trusting(await keysOf(tenant.id));
      expect(verifyCredential(body.credentialId, lookup, new Date(h.clock.now().getTime() + CREDENTIAL_LIFETIME_SECONDS * 1000 - 1000))).to.not.equal(null);
      expect(verifyCredential(body.credentialId, lookup, new Date(h.clock.now().getTime() + CREDENTIAL_LIFETIME_SECONDS * 1000))).to.equal(null);
    });

    it("does not verify with another tenant's public key", async () => {
      const a = await signIn();
      const b = await signIn();
      const credential = (await mint(a.token)).body.credentialId;
      await mint(b.token);
      const [keyA] = await keysOf(a.tenant.id);
      const [keyB] = await keysOf(b.tenant.id);
      // B's key offered under A's kid: the signature does not match.
      expect(verifyCredential(credential, (kid) => (kid === keyA!.id ? createPublicKey(keyB!.public_key) : undefined), h.clock.now())).to.equal(null);
      expect(verifyCredential(credential, trusting([keyB!]), h.clock.now())).to.equal(null);
      expect(verifyCredential(credential, trusting([keyA!]), h.clock.now(), b.tenant.id)).to.equal(null);
    });

    it('creates the tenant key on first use, once, publishes it on the access feed, and reuses it', async () => {
      const { tenant, token } = await signIn();
      expect(await keysOf(tenant.id)).to.have.length(0);
      const [first, second] = await Promise.all([mint(token), mint(token)]);
      const third = await mint(token);
      const keys = await keysOf(tenant.id);
      expect(keys).to.have.length(1);
      for (const res of [first, second, third]) expect(decodePart(res.body.credentialId, 0).kid).to.equal(keys[0]!.id);
      expect(await feedVersion(tenant.id)).to.equal(1);
    });

    it('keeps the private key sealed: the column holds neither the PEM nor its body, and decrypts to the pair of the public key', async () => {
      const { tenant, token } = await signIn();
      await mint(token);
      const [key] = await keysOf(tenant.id);
      const pem = new AesGcmEncryptor(TEST_DATA_ENCRYPTION_KEY).decrypt(key!.private_key_sealed);
      const body = pem.split('\n').filter((l) => l && !l.startsWith('-----')).join('');
      expect(body).to.have.length.greaterThan(40);
      expect(key!.private_key_sealed).to.not.contain('PRIVATE KEY');
      expect(key!.private_key_sealed).to.not.contain(body);
      expect(key!.private_key_sealed).to.not.contain(body.slice(0, 24));
      const rows: Array<{ row: string }> = await h.ds.query(`SELECT t::text AS row FROM access_signing_keys t WHERE tenant_id = $1`, [tenant.id]);
      expect(rows[0]!.row).to.not.contain(body.slice(0, 24));
      const derived = createPublicKey(createPrivateKey(pem)).export({ type: 'spki', format: 'pem' }).toString();
      expect(derived).to.equal(key!.public_key);
    });

    it('signs with a key another API instance made current, without waiting for a cache to expire', async () => {
      const { tenant, token } = await signIn();
      await mint(token);
      const pair = generateKeyPairSync('ed25519');
      const id = uuid();
      await h.ds.query(`UPDATE access_signing_keys SET retired_at = now() WHERE tenant_id = $1`, [tenant.id]);
      await h.ds.query(`INSERT INTO access_signing_keys (id, tenant_id, public_key, private_key_sealed) VALUES ($1, $2, $3, $4)`, [
        id,
        tenant.id,
        pair.publicKey.export({ type: 'spki', format: 'pem' }),
        new AesGcmEncryptor(TEST_DATA_ENCRYPTION_KEY).encrypt(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
      ]);
      const res = await mint(token);
      expect(decodePart(res.body.credentialId, 0).kid).to.equal(id);
      expect(verifyCredential(res.body.credentialId, (kid) => (kid === id ? pair.publicKey : undefined), h.clock.now())).to.not.equal(null);
    });

    for (const role of ['STAFF', 'OUTLET_MANAGER', 'TENANT_OWNER'] as const) {
      it(`is open to any signed-in user (${role})`, async () => {
        expect((await mint((await signIn(role)).token)).status).to.equal(201);
      });
    }

    it('401 without a token', async () => {
      const res = await h.request('POST', '/access/credential');
      expect(res.status).to.equal(401);
      expect(res.body).to.deep.equal({ message: 'Unauthorized', statusCode: 401 });
    });

    for (const plan of ['FREE', 'BASIC'] as const) {
      it(`402 on the ${plan} plan, and no key is made`, async () => {
        const { tenant, token } = await signIn('TENANT_OWNER', plan);
        const res = await mint(token);
        expect(res.status).to.equal(402);
        expect(res.body).to.deep.equal({
          message: `Your ${plan} plan does not include access control. Upgrade at /admin/billing.`,
          error: 'Payment Required',
          statusCode: 402,
        });
        expect(await keysOf(tenant.id)).to.have.length(0);
      });
    }

    it('carries the default rate-limit headers', async () => {
      const res = await mint((await signIn()).token);
      expect(res.headers.get('x-ratelimit-limit')).to.equal('120');
    });
  });

  describe('POST /access/signing-keys/rotate', () => {
    const rotate = (token: string) => h.request('POST', '/access/signing-keys/rotate', { token });

    it('makes a new key current; credentials signed with the retired key still verify, new ones carry the new kid', async () => {
      const { tenant, token } = await signIn('TENANT_OWNER');
      const before = (await mint(token)).body.credentialId;
      const [old] = await keysOf(tenant.id);
      const versionBefore = await feedVersion(tenant.id);

      h.clock.advance(60_000);
      const res = await rotate(token);
      expect(res.status).to.equal(201);
      const now = h.clock.now();
      const keys = await keysOf(tenant.id);
      const current = keys.find((k) => k.retired_at === null)!;
      expect(res.body).to.deep.equal({
        keyId: current.id,
        createdAt: now.toISOString(),
        retired: { keyId: old!.id, retiredAt: now.toISOString(), verifiesUntil: new Date(now.getTime() + RETIRED_KEY_GRACE_SECONDS * 1000).toISOString() },
      });
      expect(keys).to.have.length(2);
      expect(keys.find((k) => k.id === old!.id)!.retired_at!.toISOString()).to.equal(now.toISOString());
      expect(await feedVersion(tenant.id)).to.equal(versionBefore + 2);

      const after = (await mint(token)).body.credentialId;
      expect(decodePart(after, 0).kid).to.equal(current.id);
      const lookup = trusting(keys);
      expect(verifyCredential(before, lookup, now)).to.not.equal(null);
      expect(verifyCredential(after, lookup, now)).to.not.equal(null);
      expect(verifyCredential(after, trusting([old!]), now)).to.equal(null);
    });

    it('on a tenant without a key, creates the first one and retires nothing', async () => {
      const { tenant, token } = await signIn('COMPANY_ADMIN');
      const res = await rotate(token);
      expect(res.status).to.equal(201);
      expect(res.body.retired).to.equal(null);
      expect((await keysOf(tenant.id)).map((k) => k.id)).to.deep.equal([res.body.keyId]);
    });

    it('concurrent rotations leave exactly one current key', async () => {
      const { tenant, token } = await signIn('TENANT_OWNER');
      await mint(token);
      const results = await Promise.all([rotate(token), rotate(token), rotate(token)]);
      expect(results.map((r) => r.status)).to.deep.equal([201, 201, 201]);
      const keys = await keysOf(tenant.id);
      expect(keys).to.have.length(4);
      expect(keys.filter((k) => k.retired_at === null)).to.have.length(1);
      // Each rotation retired the key the previous one made: a chain, not three retirements of one key.
      const retired = results.map((r) => r.body.retired.keyId as string);
      expect(new Set(retired).size).to.equal(3);
      expect(new Set([...retired, ...results.map((r) => r.body.keyId as string)]).size).to.equal(4);
    });

    for (const role of ['HR_MANAGER', 'AREA_MANAGER', 'OUTLET_MANAGER', 'STAFF'] as const) {
      it(`403 for ${role}`, async () => {
        const res = await rotate((await signIn(role)).token);
        expect(res.status).to.equal(403);
        expect(res.body).to.deep.equal({ message: 'Forbidden resource', error: 'Forbidden', statusCode: 403 });
      });
    }

    it('TENANT_GROUP_OWNER passes the role check', async () => {
      expect((await rotate((await signIn('TENANT_GROUP_OWNER')).token)).status).to.equal(201);
    });

    it('401 without a token', async () => {
      expect((await h.request('POST', '/access/signing-keys/rotate')).status).to.equal(401);
    });

    for (const plan of ['FREE', 'BASIC'] as const) {
      it(`402 on the ${plan} plan`, async () => {
        const res = await rotate((await signIn('TENANT_OWNER', plan)).token);
        expect(res.status).to.equal(402);
        expect(res.body.error).to.equal('Payment Required');
      });
    }
  });
});
