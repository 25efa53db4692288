import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { AesGcmEncryptor } from './encryption.js';

describe('AesGcmEncryptor', () => {
  const key = randomBytes(32).toString('hex');

  it('round-trips and never stores the plaintext', () => {
    const e = new AesGcmEncryptor(key);
    const sealed = e.encrypt('whsec_secret-value');
    expect(sealed).to.not.include('secret-value');
    expect(e.decrypt(sealed)).to.equal('whsec_secret-value');
  });

  it('uses a fresh IV each time', () => {
    const e = new AesGcmEncryptor(key);
    expect(e.encrypt('same')).to.not.equal(e.encrypt('same'));
  });

  it('accepts base64url key material', () => {
    const raw = randomBytes(32);
    const a = new AesGcmEncryptor(raw.toString('hex'));
    const b = new AesGcmEncryptor(raw.toString('base64url'));
    expect(b.decrypt(a.encrypt('x'))).to.equal('x');
  });

  it('refuses a value sealed under another key', () => {
    const sealed = new AesGcmEncryptor(key).encrypt('x');
    expect(() => new AesGcmEncryptor(randomBytes(32).toString('hex')).decrypt(sealed)).to.throw('different DATA_ENCRYPTION_KEY');
  });

  it('refuses a tampered value', () => {
    const e = new AesGcmEncryptor(key);
    const parts = e.encrypt('hello').split('.');
    parts[3] = Buffer.from('jello').toString('base64url');
    expect(() => e.decrypt(parts.join('.'))).to.throw();
  });

  it('refuses key material of the wrong length', () => {
    expect(() => new AesGcmEncryptor('abcd')).to.throw('32 bytes');
  });
});
