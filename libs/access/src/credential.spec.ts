import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { expect } from 'chai';
import {
  CLOCK_SKEW_SECONDS,
  CREDENTIAL_LIFETIME_SECONDS,
  signCredential,
  verifyCredential,
  verifyCredentialAsync,
  type UserCredentialClaims,
  type VisitorCredentialClaims,
} from './credential.js';

const NOW = new Date('2026-03-01T12:00:00Z');
const T = NOW.getTime() / 1000;

const keyA = generateKeyPairSync('ed25519');
const keyB = generateKeyPairSync('ed25519');
const keys = new Map<string, KeyObject>([
  ['kid-a', keyA.publicKey],
  ['kid-b', keyB.publicKey],
]);
const lookup = (kid: string) => keys.get(kid);

const userClaims: UserCredentialClaims = { sub: 'user-1', tid: 'tenant-1', typ: 'user', iat: T, exp: T + CREDENTIAL_LIFETIME_SECONDS, jti: 'j1' };
const visitorClaims: VisitorCredentialClaims = { sub: 'pass-1', tid: 'tenant-1', typ: 'visitor', zones: ['z1', 'z2'], iat: T, exp: T + 3600, jti: 'j2' };

const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const partsOf = (token: string) => token.split('.') as [string, string, string];
const signedWith = (privateKey: KeyObject, header: unknown, payload: unknown) => {
  const input = `${part(header)}.${part(payload)}`;
  return `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`;
};

describe('door credentials (EdDSA compact JWS)', () => {
  it('round-trips a user credential with header {alg: EdDSA, typ: JWT, kid}', () => {
    const token = signCredential(userClaims, { kid: 'kid-a', privateKey: keyA.privateKey });
    expect(JSON.parse(Buffer.from(partsOf(token)[0], 'base64url').toString())).to.deep.equal({ alg: 'EdDSA', typ: 'JWT', kid: 'kid-a' });
    expect(verifyCredential(token, lookup, NOW)).to.deep.equal(userClaims);
  });

  it('round-trips a visitor credential with its zones', () => {
    const token = signCredential(visitorClaims, { kid: 'kid-b', privateKey: keyB.privateKey });
    expect(verifyCredential(token, lookup, NOW, 'tenant-1')).to.deep.equal(visitorClaims);
  });

  it('rejects a tampered payload', () => {
    const [h, , s] = partsOf(signCredential(userClaims, { kid: 'kid-a', privateKey: keyA.privateKey }));
    expect(verifyCredential(`${h}.${part({ ...userClaims, sub: 'user-2' })}.${s}`, lookup, NOW)).to.equal(null);
  });

  it('rejects a signature made by another key than the kid names', () => {
    const token = signCredential(userClaims, { kid: 'kid-a', privateKey: keyB.privateKey });
    expect(verifyCredential(token, lookup, NOW)).to.equal(null);
  });

  it('rejects an unknown kid (including a retired key the verifier no longer trusts)', () => {
    const token = signCredential(userClaims, { kid: 'kid-gone', privateKey: keyA.privateKey });
    expect(verifyCredential(token, lookup, NOW)).to.equal(null);
  });

  it('accepts until the second before exp and rejects from exp on', () => {
    const token = signCredential(userClaims, { kid: 'kid-a', privateKey: keyA.privateKey });
    expect(verifyCredential(token, lookup, new Date((userClaims.exp - 1) * 1000))).to.not.equal(null);
    expect(verifyCredential(token, lookup, new Date(userClaims.exp * 1000))).to.equal(null);
  });

  it('rejects a credential for another tenant when the verifier names its tenant', () => {
    const token = signCredential(userClaims, { kid: 'kid-a', privateKey: keyA.privateKey });
    expect(verifyCredential(token, lookup, NOW, 'tenant-2')).to.equal(null);
  });

  it('rejects alg none', () => {
    const token = `${part({ alg: 'none', typ: 'JWT', kid: 'kid-a' })}.${part(userClaims)}.`;
    expect(verifyCredential(token, lookup, NOW)).to.equal(null);
    expect(verifyCredential(`${token}AAAA`, lookup, NOW)).to.equal(null);
  });

  it('rejects HS256 keyed with the public key (algorithm confusion)', () => {
    const input = `${part({ alg: 'HS256', typ: 'JWT', kid: 'kid-a' })}.${part(userClaims)}`;
    const pem = keyA.publicKey.export({ type: 'spki', format: 'pem' });
    const mac = createHmac('sha256', pem).update(input).digest('base64url');
    expect(verifyCredential(`${input}.${mac}`, lookup, NOW)).to.equal(null);
  });

  it('rejects an EdDSA header naming a critical extension', () => {
    expect(verifyCredential(signedWith(keyA.privateKey, { alg: 'EdDSA', kid: 'kid-a', crit: ['exp'] }, userClaims), lookup, NOW)).to.equal(null);
  });

  it('rejects a lifetime longer than 24 hours even when properly signed', () => {
    const token = signedWith(keyA.privateKey, { alg: 'EdDSA', kid: 'kid-a' }, { ...userClaims, exp: T + CREDENTIAL_LIFETIME_SECONDS + 1 });
    expect(verifyCredential(token, lookup, NOW)).to.equal(null);
  });

  it('tolerates a minute of clock skew on iat and no more', () => {
    const ahead = (s: number) => signedWith(keyA.privateKey, { alg: 'EdDSA', kid: 'kid-a' }, { ...userClaims, iat: T + s, exp: T + s + 60 });
    expect(verifyCredential(ahead(CLOCK_SKEW_SECONDS), lookup, NOW)).to.not.equal(null);
    expect(verifyCredential(ahead(CLOCK_SKEW_SECONDS + 1), lookup, NOW)).to.equal(null);
  });

  it('rejects a not-yet-valid nbf', () => {
    const token = signedWith(keyA.privateKey, { alg: 'EdDSA', kid: 'kid-a' }, { ...userClaims, nbf: T + 3600 });
    expect(verifyCredential(token, lookup, NOW)).to.equal(null);
  });

  it('rejects signed payloads with missing or mistyped claims', () => {
    for (const payload of [
      { ...userClaims, typ: 'admin' },
      { ...userClaims, tid: undefined },
      { ...userClaims, exp: '9999999999' },
      { ...visitorClaims, zones: 'z1' },
      [userClaims],
    ]) {
      expect(verifyCredential(signedWith(keyA.privateKey, { alg: 'EdDSA', kid: 'kid-a' }, payload), lookup, NOW), JSON.stringify(payload)).to.equal(null);
    }
  });

  it('rejects malformed tokens without throwing', () => {
    const good = signCredential(userClaims, { kid: 'kid-a', privateKey: keyA.privateKey });
    for (const token of ['', 'abc', 'a.b', 'a.b.c.d', `${good}=`, `${good.replace('.', '.!')}`, `not-json.${partsOf(good)[1]}.${partsOf(good)[2]}`, 'x'.repeat(5000)]) {
      expect(verifyCredential(token, lookup, NOW), token.slice(0, 40)).to.equal(null);
    }
  });

  it('verifies on the thread pool with exactly the same verdicts', async () => {
    const good = signCredential(userClaims, { kid: 'kid-a', privateKey: keyA.privateKey });
    const [h, p] = partsOf(good);
    const wrongKey = signCredential(userClaims, { kid: 'kid-a', privateKey: keyB.privateKey });
    const tampered = `${h}.${part({ ...userClaims, sub: 'someone-else' })}.${partsOf(good)[2]}`;
    const expired = signCredential({ ...userClaims, iat: T - 90_000, exp: T - 3_600 }, { kid: 'kid-a', privateKey: keyA.privateKey });
    for (const token of [good, wrongKey, tampered, expired, `${h}.${p}`, 'garbage']) {
      expect(await verifyCredentialAsync(token, lookup, NOW, 'tenant-1')).to.deep.equal(verifyCredential(token, lookup, NOW, 'tenant-1'));
    }
    expect(await verifyCredentialAsync(good, lookup, NOW, 'tenant-1')).to.deep.equal(userClaims);
  });
});
