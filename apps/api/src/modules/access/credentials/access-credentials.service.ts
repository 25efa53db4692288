import { createPrivateKey, generateKeyPair, type KeyObject } from 'node:crypto';
import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import type { Encryptor } from '@wfm/core/encryption';
import type { TransactionRunner } from '@wfm/db/transaction';
import { CREDENTIAL_LIFETIME_SECONDS, RETIRED_KEY_GRACE_SECONDS, signCredential, type SigningKey } from '@wfm/access/credential';
import type { AccessChange } from '@wfm/access/change-feed';
import type { AccessFeed } from '../feed/access-feed.service.js';
import type { Propagated, Propagation } from '../feed/propagation.js';
import type { AccessCredentialsRepository } from './access-credentials.repository.js';
import type { CredentialDto, SigningKeyRotatedDto } from './access-credentials.schemas.js';

function newKeyPair(): Promise<{ publicKey: KeyObject; privateKey: KeyObject }> {
  return new Promise((resolve, reject) =>
    generateKeyPair('ed25519', undefined, (err, publicKey, privateKey) => (err ? reject(err) : resolve({ publicKey, privateKey }))),
  );
}

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * Mints door credentials with the tenant's current Ed25519 key. Each tenant gets its first key on
 * its first mint; rotation retires the current key (it keeps verifying for RETIRED_KEY_GRACE_SECONDS,
 * so credentials already handed out live their full lifetime) and makes a new one current.
 *
 * Decrypted private keys are cached per tenant, but the current key id is read on every mint: with
 * several API instances, one instance's rotation must not leave another signing with a retired key.
 */
export class AccessCredentialsService {
  private readonly keys = new Map<string, SigningKey>();

  constructor(
    private readonly repo: AccessCredentialsRepository,
    private readonly transaction: TransactionRunner,
    private readonly feed: AccessFeed,
    private readonly encryptor: Encryptor,
    private readonly clock: Clock,
  ) {}

  /** Propagated: the tenant's first credential creates its first signing key, which daemons must know before the first tap. */
  async mintForUser(tenantId: string, userId: string): Promise<Propagated<CredentialDto>> {
    const { key, propagation } = await this.currentKey(tenantId);
    const iat = seconds(this.clock.now());
    const credentialId = signCredential({ sub: userId, tid: tenantId, typ: 'user', iat, exp: iat + CREDENTIAL_LIFETIME_SECONDS, jti: uuid() }, key);
    return { value: { credentialId, expiresIn: '24h' }, propagation };
  }

  /** Valid only on `zoneIds`, and until the pass expires or 24 hours pass, whichever comes first. */
  async mintForVisitor(tenantId: string, visitorPassId: string, zoneIds: string[], passExpiresAt: Date): Promise<{ credentialId: string; expiresAt: Date; propagation: Propagation }> {
    const { key, propagation } = await this.currentKey(tenantId);
    const iat = seconds(this.clock.now());
    const exp = Math.min(seconds(passExpiresAt), iat + CREDENTIAL_LIFETIME_SECONDS);
    const credentialId = signCredential({ sub: visitorPassId, tid: tenantId, typ: 'visitor', zones: zoneIds, iat, exp, jti: uuid() }, key);
    return { credentialId, expiresAt: new Date(exp * 1000), propagation };
  }

  async rotate(tenantId: string): Promise<Propagated<SigningKeyRotatedDto>> {
    const pair = await newKeyPair();
    const now = this.clock.now();
    const id = uuid();
    const { retiredId, changes } = await this.transaction(async (tx) => {
      await this.repo.lockTenantKeys(tx, tenantId);
      const retiredId = await this.repo.retireCurrent(tx, tenantId, now);
      await this.repo.insert(tx, { id, tenantId, ...this.sealed(pair), createdAt: now });
      const changes: AccessChange[] = [await this.feed.record(tx, tenantId, 'signing-key', id)];
      if (retiredId) changes.push(await this.feed.record(tx, tenantId, 'signing-key', retiredId));
      return { retiredId, changes };
    });
    this.keys.set(tenantId, { kid: id, privateKey: pair.privateKey });
    const propagation = await this.feed.publish(changes);
    const value: SigningKeyRotatedDto = {
      keyId: id,
      createdAt: now.toISOString(),
      retired: retiredId
        ? { keyId: retiredId, retiredAt: now.toISOString(), verifiesUntil: new Date(now.getTime() + RETIRED_KEY_GRACE_SECONDS * 1000).toISOString() }
        : null,
    };
    return { value, propagation };
  }

  private async currentKey(tenantId: string): Promise<{ key: SigningKey; propagation: Propagation }> {
    const kid = await this.repo.currentKeyId(null, tenantId);
    if (!kid) return this.createFirstKey(tenantId);
    const cached = this.keys.get(tenantId);
    if (cached?.kid === kid) return { key: cached, propagation: 'complete' };
    const sealed = await this.repo.sealedPrivateKey(tenantId, kid);
    if (!sealed) throw new Error(`Signing key ${kid} vanished`);
    const key = { kid, privateKey: createPrivateKey(this.encryptor.decrypt(sealed)) };
    this.keys.set(tenantId, key);
    return { key, propagation: 'complete' };
  }

  private async createFirstKey(tenantId: string): Promise<{ key: SigningKey; propagation: Propagation }> {
    const pair = await newKeyPair();
    const id = uuid();
    const change = await this.transaction(async (tx) => {
      await this.repo.lockTenantKeys(tx, tenantId);
      if (await this.repo.currentKeyId(tx, tenantId)) return null;
      await this.repo.insert(tx, { id, tenantId, ...this.sealed(pair), createdAt: this.clock.now() });
      return this.feed.record(tx, tenantId, 'signing-key', id);
    });
    // Another request created the tenant's first key at the same moment: use that one.
    if (!change) return this.currentKey(tenantId);
    const propagation = await this.feed.publish(change);
    const key = { kid: id, privateKey: pair.privateKey };
    this.keys.set(tenantId, key);
    return { key, propagation };
  }

  private sealed(pair: { publicKey: KeyObject; privateKey: KeyObject }): { publicKey: string; privateKeySealed: string } {
    return {
      publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      privateKeySealed: this.encryptor.encrypt(pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    };
  }
}
