import { createCipheriv, createDecipheriv, createHash, randomBytes, type KeyObject, createSecretKey } from 'node:crypto';

/**
 * AES-256-GCM for secrets the platform must read back (webhook signing secrets, access signing
 * keys, integration credentials). The output names the key by a short fingerprint, so a rotated
 * key can be told apart from a wrong one.
 */
export interface Encryptor {
  encrypt(plaintext: string): string;
  decrypt(sealed: string): string;
}

const VERSION = 'v1';

export class AesGcmEncryptor implements Encryptor {
  private readonly key: KeyObject;
  private readonly keyId: string;

  /** `keyMaterial`: 32 bytes, given as 64 hex characters or 43–44 base64/base64url characters. */
  constructor(keyMaterial: string) {
    const raw = /^[0-9a-fA-F]{64}$/.test(keyMaterial) ? Buffer.from(keyMaterial, 'hex') : Buffer.from(keyMaterial, 'base64url');
    if (raw.length !== 32) throw new Error('DATA_ENCRYPTION_KEY must be 32 bytes (64 hex or 43 base64url characters)');
    this.key = createSecretKey(raw);
    this.keyId = createHash('sha256').update(raw).digest('base64url').slice(0, 8);
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, this.keyId, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
  }

  decrypt(sealed: string): string {
    const [version, keyId, iv, body, tag] = sealed.split('.');
    if (version !== VERSION || !iv || !body || !tag) throw new Error('Not a sealed value');
    if (keyId !== this.keyId) throw new Error('Sealed with a different DATA_ENCRYPTION_KEY');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}
