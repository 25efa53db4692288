import { sign, verify, type KeyObject } from 'node:crypto';

/**
 * Door credentials: compact JWS (RFC 7515) signed with Ed25519 (`alg: EdDSA`, RFC 8037). The API
 * holds each tenant's private key; daemons hold public keys only and verify with this same code,
 * so a compromised edge daemon can check credentials but never mint one. Hand-rolled rather than
 * a JWT library: one algorithm, one header shape, and nothing else is accepted (no `none`, no
 * HMAC with a public key mistaken for a secret).
 */

/** Spec 02, Limits: credential lifetime. */
export const CREDENTIAL_LIFETIME_SECONDS = 24 * 3600;

/**
 * How long a retired signing key keeps verifying: a credential signed just before the rotation
 * lives its full 24 hours. The extra minutes cover an API instance that read the current key id
 * an instant before another instance committed the rotation and signed with it just after.
 */
export const RETIRED_KEY_GRACE_SECONDS = CREDENTIAL_LIFETIME_SECONDS + 5 * 60;

/** Tolerated clock difference between the minting API and a verifying daemon, for `iat`/`nbf`. */
export const CLOCK_SKEW_SECONDS = 60;

/** Longest token a verifier will parse; a real credential is about 400 characters. */
const MAX_TOKEN_LENGTH = 4096;

interface BaseClaims {
  /** Tenant the credential belongs to. */
  tid: string;
  iat: number;
  exp: number;
  /** Unique id of this credential. */
  jti: string;
}

/** A staff member's credential: `sub` is the user id. */
export interface UserCredentialClaims extends BaseClaims {
  typ: 'user';
  sub: string;
}

/** A visitor's credential: `sub` is the visitor pass id; it opens only `zones`. */
export interface VisitorCredentialClaims extends BaseClaims {
  typ: 'visitor';
  sub: string;
  zones: string[];
}

export type CredentialClaims = UserCredentialClaims | VisitorCredentialClaims;

export interface SigningKey {
  /** Id of the signing key, carried as `kid` so verifiers pick the right public key across rotations. */
  kid: string;
  privateKey: KeyObject;
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * Synchronous on purpose: an Ed25519 signature takes about 50 µs, less than a hop to the thread
 * pool would cost, and minting is not a hot path.
 */
export function signCredential(claims: CredentialClaims, key: SigningKey): string {
  const input = `${b64({ alg: 'EdDSA', typ: 'JWT', kid: key.kid })}.${b64(claims)}`;
  return `${input}.${sign(null, Buffer.from(input), key.privateKey).toString('base64url')}`;
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const isStr = (v: unknown): v is string => typeof v === 'string' && v.length > 0 && v.length <= 200;
const isTime = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) >= 0;

function decodeJson(part: string): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function claimsOf(p: Record<string, unknown>): CredentialClaims | null {
  if (!isStr(p.sub) || !isStr(p.tid) || !isStr(p.jti) || !isTime(p.iat) || !isTime(p.exp)) return null;
  const base = { sub: p.sub, tid: p.tid, iat: p.iat, exp: p.exp, jti: p.jti };
  if (p.typ === 'user') return { ...base, typ: 'user' };
  if (p.typ === 'visitor' && Array.isArray(p.zones) && p.zones.every(isStr)) return { ...base, typ: 'visitor', zones: [...p.zones] };
  return null;
}

interface ParsedCredential {
  kid: string;
  signingInput: Buffer;
  signature: Buffer;
  payload: Record<string, unknown>;
  claims: CredentialClaims;
}

/** Structure only: three base64url parts, the one header shape we sign with, well-formed claims. */
function parse(token: string): ParsedCredential | null {
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts.every((p) => BASE64URL.test(p))) return null;
  const [h, p, s] = parts as [string, string, string];
  const header = decodeJson(h);
  if (!header || header.alg !== 'EdDSA' || (header.typ !== undefined && header.typ !== 'JWT') || !isStr(header.kid) || header.crit !== undefined) return null;
  const signature = Buffer.from(s, 'base64url');
  if (signature.length !== 64) return null;
  const payload = decodeJson(p);
  const claims = payload ? claimsOf(payload) : null;
  if (!payload || !claims) return null;
  return { kid: header.kid, signingInput: Buffer.from(`${h}.${p}`), signature, payload, claims };
}

function trustedKey(kid: string, publicKeyFor: (kid: string) => KeyObject | undefined): KeyObject | undefined {
  const key = publicKeyFor(kid);
  return key && key.asymmetricKeyType === 'ed25519' ? key : undefined;
}

/** Time and tenant checks, applied after the signature. */
function current(c: ParsedCredential, now: Date, tenantId: string | undefined): CredentialClaims | null {
  const { claims, payload } = c;
  const t = Math.floor(now.getTime() / 1000);
  if (claims.exp <= t || claims.iat > t + CLOCK_SKEW_SECONDS || claims.exp <= claims.iat) return null;
  if (claims.exp - claims.iat > CREDENTIAL_LIFETIME_SECONDS) return null;
  if (payload.nbf !== undefined && (!isTime(payload.nbf) || payload.nbf > t + CLOCK_SKEW_SECONDS)) return null;
  if (tenantId !== undefined && claims.tid !== tenantId) return null;
  return claims;
}

/**
 * The claims of a credential that is well formed, signed by the key its `kid` names, current at
 * `now` and (when `tenantId` is given) issued for that tenant; null for anything else, whatever
 * the cause, so a caller cannot branch on why. `publicKeyFor` answers only keys the verifier
 * trusts right now (current, or retired within RETIRED_KEY_GRACE_SECONDS).
 *
 * Synchronous, like signing (about 100 µs): for the API, which checks rarely.
 */
export function verifyCredential(
  token: string,
  publicKeyFor: (kid: string) => KeyObject | undefined,
  now: Date,
  tenantId?: string,
): CredentialClaims | null {
  const c = parse(token);
  const key = c ? trustedKey(c.kid, publicKeyFor) : undefined;
  if (!c || !key || !verify(null, c.signingInput, key, c.signature)) return null;
  return current(c, now, tenantId);
}

/**
 * The same checks with the signature verified on libuv's thread pool: the daemon's hot path must not
 * block its event loop for a first-seen credential (repeats are served from its cache).
 */
export async function verifyCredentialAsync(
  token: string,
  publicKeyFor: (kid: string) => KeyObject | undefined,
  now: Date,
  tenantId?: string,
): Promise<CredentialClaims | null> {
  const c = parse(token);
  const key = c ? trustedKey(c.kid, publicKeyFor) : undefined;
  if (!c || !key) return null;
  const valid = await new Promise<boolean>((resolve) => verify(null, c.signingInput, key, c.signature, (err, ok) => resolve(!err && ok)));
  return valid ? current(c, now, tenantId) : null;
}
