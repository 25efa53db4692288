/**
 * Spec 02, Errors: the reasons a tap is refused, in the order they are checked, and the audit event
 * type each one writes. The daemon and any tool share this table so the order cannot drift.
 */
export type AuditEventType =
  | 'GRANTED'
  | 'DENIED_NO_GRANT'
  | 'DENIED_EXPIRED'
  | 'DENIED_OUTSIDE_HOURS'
  | 'DENIED_ZONE_INACTIVE'
  | 'UNKNOWN_CREDENTIAL'
  | 'UNKNOWN_READER'
  | 'REVOKED';

export const DENY_REASONS = [
  { reason: 'Unknown reader', eventType: 'UNKNOWN_READER' },
  { reason: 'Zone inactive', eventType: 'DENIED_ZONE_INACTIVE' },
  { reason: 'Unknown credential', eventType: 'UNKNOWN_CREDENTIAL' },
  { reason: 'No access to this zone', eventType: 'DENIED_NO_GRANT' },
  { reason: 'Access expired', eventType: 'DENIED_EXPIRED' },
  { reason: 'Zone closed today', eventType: 'DENIED_OUTSIDE_HOURS' },
  { reason: 'Outside allowed hours', eventType: 'DENIED_OUTSIDE_HOURS' },
] as const;

export type DenyReason = (typeof DENY_REASONS)[number]['reason'];

export function eventTypeFor(reason: DenyReason): AuditEventType {
  return DENY_REASONS.find((r) => r.reason === reason)!.eventType;
}

/** What a decision needs to know, each answer already looked up (from cache or database). */
export interface TapFacts {
  /** The live zone bound to the reader, or null (also when the request had no readerId). */
  zone: { id: string; active: boolean } | null;
  /** Whether the credential verified for this tenant (signature, expiry, tenant). */
  credentialValid: boolean;
  /**
   * The holder's grant on that zone: `active` (usable), `expired-now` (active until this tap but
   * past its expiresAt: the first refused tap), or `none` (never granted, revoked, or already expired).
   */
  grant: 'active' | 'expired-now' | 'none';
  hours: 'OPEN' | 'CLOSED_TODAY' | 'OUTSIDE_HOURS';
}

export type Decision = { decision: 'GRANT' } | { decision: 'DENY'; reason: DenyReason };

/** Applies spec 02's reasons in their order; the first that holds wins. */
export function decide(f: TapFacts): Decision {
  if (!f.zone) return { decision: 'DENY', reason: 'Unknown reader' };
  if (!f.zone.active) return { decision: 'DENY', reason: 'Zone inactive' };
  if (!f.credentialValid) return { decision: 'DENY', reason: 'Unknown credential' };
  if (f.grant === 'none') return { decision: 'DENY', reason: 'No access to this zone' };
  if (f.grant === 'expired-now') return { decision: 'DENY', reason: 'Access expired' };
  if (f.hours === 'CLOSED_TODAY') return { decision: 'DENY', reason: 'Zone closed today' };
  if (f.hours === 'OUTSIDE_HOURS') return { decision: 'DENY', reason: 'Outside allowed hours' };
  return { decision: 'GRANT' };
}
