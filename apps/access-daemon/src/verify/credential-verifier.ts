import { LRUCache } from 'lru-cache';
import { verifyCredentialAsync, type CredentialClaims } from '@wfm/access/credential';
import type { AccessCache } from '../cache/access-cache.js';

/**
 * Verified credentials by token, so a repeat tap skips the Ed25519 check. A first-seen token is
 * checked on the thread pool (never blocking the event loop), once even when several taps of it
 * arrive together. Expiry and tenant are still checked on every tap.
 */
export class CredentialVerifier {
  private readonly verified: LRUCache<string, CredentialClaims>;
  private readonly pending = new Map<string, Promise<CredentialClaims | null>>();

  constructor(private readonly cache: AccessCache, max = 200_000) {
    this.verified = new LRUCache({ max });
  }

  /** The claims of a token whose signature was checked before, whatever its expiry and tenant; undefined for one not seen (or not valid). */
  known(token: string): CredentialClaims | undefined {
    return this.verified.get(token);
  }

  /**
   * Answers at once for a token verified before (no promise, no turn of the microtask queue); a
   * first-seen one is checked asynchronously. `known`: what `known(token)` answered, when the caller asked already.
   */
  claimsFor(token: string, tenantId: string, nowMs: number, known = this.verified.get(token)): CredentialClaims | null | Promise<CredentialClaims | null> {
    if (known) return current(known, tenantId, nowMs);
    let check = this.pending.get(token);
    if (!check) {
      check = verifyCredentialAsync(token, (kid) => this.cache.publicKey(kid, nowMs), new Date(nowMs)).finally(() => this.pending.delete(token));
      this.pending.set(token, check);
    }
    return check.then((claims) => {
      if (!claims) return null;
      this.verified.set(token, claims);
      return current(claims, tenantId, nowMs);
    });
  }
}

function current(claims: CredentialClaims, tenantId: string, nowMs: number): CredentialClaims | null {
  return claims.exp * 1000 <= nowMs || claims.tid !== tenantId ? null : claims;
}
