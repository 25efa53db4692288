import type { HoursJson } from './hours.js';

/**
 * The access change feed (API → daemons). After each committed change the API publishes one
 * message; `version` rises by one per tenant per change, so a daemon that sees a gap knows it
 * missed a message (pub/sub drops what is sent while disconnected) and reloads that tenant.
 * A message carries the changed row as the change's transaction saw it (`payload`), so a daemon
 * applies it without reading the database; without a payload it reads the row itself.
 */
export const ACCESS_CHANGES_CHANNEL = 'access.changes';

/** Rows as they travel: timestamps as ISO 8601 strings. */
export interface WireTenant { id: string; plan: string; timezone: string; offlineWindowMinutes: number }
export interface WireZone { id: string; tenantId: string; name: string; active: boolean; hoursJson: HoursJson | null; readerIds: string[] }
export interface WireGrant { id: string; tenantId: string; userId: string | null; visitorPassId: string | null; zoneId: string; expiresAt: string | null }
export interface WireUser { id: string; tenantId: string; fullName: string }
export interface WirePass { id: string; tenantId: string; visitorName: string; expiresAt: string; revokedAt: string | null }
export interface WireReaderKey { id: string; tenantId: string; keyHash: string }
export interface WireSigningKey { id: string; tenantId: string; publicKey: string; retiredAt: string | null }

/**
 * What a daemon needs to apply a change, by kind; null means the row is gone (deleted, revoked,
 * no longer able to open doors). A grant carries its holder's name so a daemon that has never seen
 * the user can answer with it; a pass carries its active grants.
 */
export type AccessPayload =
  | { kind: 'tenant'; tenant: WireTenant | null }
  | { kind: 'zone'; zone: WireZone | null }
  | { kind: 'grant'; grant: WireGrant | null; user: WireUser | null }
  | { kind: 'visitor-pass'; pass: WirePass | null; grants: WireGrant[] }
  | { kind: 'reader-key'; readerKey: WireReaderKey | null }
  | { kind: 'user'; user: WireUser | null }
  | { kind: 'signing-key'; signingKey: WireSigningKey | null };

export type AccessEntityKind = 'tenant' | 'zone' | 'grant' | 'visitor-pass' | 'reader-key' | 'user' | 'signing-key';

export interface AccessChange {
  tenantId: string;
  version: number;
  kind: AccessEntityKind;
  /** The changed row's id (for `tenant`, the tenant id; for `visitor-pass`, the invite's pass id). */
  id: string;
  op: 'upsert' | 'delete';
  /** When it was published (epoch ms), for the daemons' sync-lag metric. */
  at?: number;
  payload?: AccessPayload;
}

export function encodeAccessChange(c: AccessChange): string {
  return JSON.stringify(c);
}

/**
 * Changes published together (a bulk grant, a cascade) travel in messages of up to this many, in
 * version order: 10,000 grants are 20 messages for a daemon to parse and apply, not 10,000.
 */
export const ACCESS_CHANGES_PER_MESSAGE = 500;

export function encodeAccessChanges(changes: readonly AccessChange[]): string {
  return JSON.stringify(changes);
}

/** One change or a batch; malformed entries are dropped (the version gap then reloads the tenant). */
export function decodeAccessChanges(raw: string): AccessChange[] {
  let v: unknown;
  try {
    v = JSON.parse(raw);
  } catch {
    return [];
  }
  const list = Array.isArray(v) ? v : [v];
  return list.map((c) => toChange(c)).filter((c): c is AccessChange => c !== null);
}

const KINDS: readonly string[] = ['tenant', 'zone', 'grant', 'visitor-pass', 'reader-key', 'user', 'signing-key'];

/** Null for anything that is not a well-formed change (a daemon ignores it and relies on reconcile). */
export function decodeAccessChange(raw: string): AccessChange | null {
  try {
    return toChange(JSON.parse(raw));
  } catch {
    return null;
  }
}

function toChange(raw: unknown): AccessChange | null {
  if (!raw || typeof raw !== 'object') return null;
  const v = raw as Partial<AccessChange>;
  if (typeof v.tenantId !== 'string' || typeof v.id !== 'string' || !Number.isSafeInteger(v.version) || !KINDS.includes(v.kind as string)) return null;
  if (v.op !== 'upsert' && v.op !== 'delete') return null;
  const change: AccessChange = { tenantId: v.tenantId, version: v.version!, kind: v.kind as AccessEntityKind, id: v.id, op: v.op };
  if (Number.isFinite(v.at)) change.at = v.at!;
  // A payload of another kind than the change is ignored: the daemon then reads the row itself.
  if (v.payload && typeof v.payload === 'object' && v.payload.kind === change.kind) change.payload = v.payload;
  return change;
}
