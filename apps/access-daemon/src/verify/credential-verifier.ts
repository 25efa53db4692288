import { LRUCache } from 'lru-cache';
import { verifyCredential, type CredentialClaims } from '@wfm/access/credential';
import type { AccessCache } from '../cache/access-cache.js';

/**
 * Verified credentials by token, so a repeat tap skips the Ed25519 check (~65 µs). Expiry and
 * tenant are still checked on every tap; only the signature work is remembered.
 */
export class CredentialVerifier {
  private readonly verified: LRUCache<string, CredentialClaims>;

  constructor(private readonly cache: AccessCache, max = 200_000) {
    this.verified = new LRUCache({ max });
  }

  claimsFor(token: string, tenantId: string, nowMs: number): CredentialClaims | null {
    let claims = this.verified.get(token);
    if (!claims) {
      claims = verifyCredential(token, (kid) => this.cache.publicKey(kid, nowMs), new Date(nowMs)) ?? undefined;
      if (!claims) return null;
      this.verified.set(token, claims);
    }
    if (claims.exp * 1000 <= nowMs || claims.tid !== tenantId) return null;
    return claims;
  }
}
