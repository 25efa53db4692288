/**
 * The access change feed (API → daemons). After each committed change the API publishes one
 * message; `version` rises by one per tenant per change, so a daemon that sees a gap knows it
 * missed a message (pub/sub drops what is sent while disconnected) and reloads that tenant.
 */
export const ACCESS_CHANGES_CHANNEL = 'access.changes';

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
}

export function encodeAccessChange(c: AccessChange): string {
  return JSON.stringify(c);
}

const KINDS: readonly string[] = ['tenant', 'zone', 'grant', 'visitor-pass', 'reader-key', 'user', 'signing-key'];

/** Null for anything that is not a well-formed change (a daemon ignores it and relies on reconcile). */
export function decodeAccessChange(raw: string): AccessChange | null {
  try {
    const v = JSON.parse(raw) as Partial<AccessChange>;
    if (typeof v.tenantId !== 'string' || typeof v.id !== 'string' || !Number.isSafeInteger(v.version) || !KINDS.includes(v.kind as string)) return null;
    if (v.op !== 'upsert' && v.op !== 'delete') return null;
    const change: AccessChange = { tenantId: v.tenantId, version: v.version!, kind: v.kind as AccessEntityKind, id: v.id, op: v.op };
    if (Number.isFinite(v.at)) change.at = v.at!;
    return change;
  } catch {
    return null;
  }
}
