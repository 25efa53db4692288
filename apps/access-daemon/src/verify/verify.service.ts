import { hash } from 'node:crypto';
import { decide, eventTypeFor, type Decision, type TapFacts } from '@wfm/access/decision';
import { evaluateHours } from '@wfm/access/hours';
import type { Clock } from '@wfm/core/clock';
import type { AccessCache } from '../cache/access-cache.js';
import { newAuditRowId, type AuditRow } from '../audit/audit-row.js';
import type { CredentialVerifier } from './credential-verifier.js';
import { ReplayWindow, type ReplayAnswer } from './replay-window.js';

export const DEFAULT_SOURCE = 'BRIDGE_HTTP';
/** Spec 02, Limits: the same credential at the same reader within 2 s is a replay. */
export const REPLAY_WINDOW_MS = 2000;

export interface VerifyRequest {
  credentialId?: string;
  readerId?: string;
  source?: string;
}

export type VerifyResponse =
  | { decision: 'GRANT'; userId?: string; userName: string; zoneId: string; zoneName: string; replay?: true }
  | { decision: 'DENY'; reason: string; replay?: true };

/** Takes note of a grant found expired, for the database; never waits for it. */
export interface GrantExpiry {
  record(grantId: string, at: Date): void;
}

export interface AuditSink {
  /** `atMs`: the row's decision time, which the caller has as a number already. */
  write(row: AuditRow, atMs: number): Promise<void>;
}

/**
 * The credential's part of a tap's replay key, never the credential itself (a few hundred
 * characters): for a credential whose signature this daemon checked, its id (`jti`, unique, signed,
 * a string the verified-credential cache keeps); for any other, a SHA-256 of it. The two forms
 * differ in length, so they never meet.
 */
function replayCredentialOf(token: string, known: { jti?: string } | undefined): string {
  return known?.jti ?? hash('sha256', token, 'binary');
}

/** The name an audit row keeps for a credential: never the live token itself. */
function auditCredentialId(token: string, jti: string | undefined): string {
  if (jti) return jti;
  return `sha256:${hash('sha256', token, 'hex').slice(0, 32)}`;
}

/** A replay's answer: the original decision, marked. */
function replayed(a: ReplayAnswer): VerifyResponse {
  if (a.reason !== undefined) return { decision: 'DENY', reason: a.reason, replay: true };
  const grant = { userName: a.userName ?? '', zoneId: a.zoneId ?? '', zoneName: a.zoneName ?? '', replay: true } as const;
  return a.userId === undefined ? { decision: 'GRANT', ...grant } : { decision: 'GRANT', userId: a.userId, ...grant };
}

/**
 * Spec 02's verify: every decision from memory in the order of the reasons table, one audit row
 * per decision committed before the answer, replays answered from the window without a row.
 */
export class VerifyService {
  private readonly recent = new ReplayWindow(REPLAY_WINDOW_MS, 100_000);

  constructor(
    private readonly cache: AccessCache,
    private readonly credentials: CredentialVerifier,
    private readonly expiry: GrantExpiry,
    private readonly audit: AuditSink,
    private readonly clock: Clock,
    private readonly onDecision: (reason: string, seconds: number) => void = () => {},
  ) {}

  async verify(tenantId: string, req: VerifyRequest, startedAt = performance.now()): Promise<VerifyResponse> {
    const now = this.clock.now();
    const nowMs = now.getTime();
    const token = req.credentialId ?? '';
    const readerId = req.readerId ?? '';
    const known = token ? this.credentials.known(token) : undefined;
    const reader = readerId ? this.cache.reader(tenantId, readerId) : undefined;
    // The cache's copy of the reader id: a key that outlives the tap keeps no string of its request.
    const replayReader = reader?.id ?? readerId;
    const replayCredential = replayCredentialOf(token, known);
    const seen = this.recent.get(tenantId, replayReader, replayCredential, nowMs);
    if (seen) return replayed(seen);

    const zone = reader?.zone;
    const found = token ? this.credentials.claimsFor(token, tenantId, nowMs, known) : null;
    const claims = found instanceof Promise ? await found : found;
    const facts: TapFacts = { zone: zone ?? null, credentialValid: claims !== null, grant: 'none', hours: 'OPEN' };

    if (zone && zone.active && claims) {
      const pass = claims.typ === 'visitor' ? this.cache.pass(tenantId, claims.sub) : undefined;
      // A user credential opens doors only while its holder is a live, ACTIVE user.
      const holderValid =
        claims.typ === 'user' ? this.cache.userName(tenantId, claims.sub) !== undefined : pass !== undefined && pass.revokedAt === null && claims.zones.includes(zone.id);
      const grant = holderValid ? this.cache.grantFor(tenantId, claims.sub, zone.id) : undefined;
      if (grant) {
        if (grant.expiresAtMs !== null && nowMs >= grant.expiresAtMs) {
          // Decided here, from memory: the first refused tap at this daemon says so; the database hears of it after.
          this.cache.removeGrant(tenantId, grant.id);
          this.expiry.record(grant.id, now);
          facts.grant = 'expired-now';
        } else {
          facts.grant = 'active';
          facts.hours = evaluateHours(zone.hours, now, this.cache.tenant(tenantId)?.timezone ?? 'UTC');
        }
      }
    }

    const decision: Decision = decide(facts);
    const response = this.respond(tenantId, decision, claims, zone);
    const isVisitor = claims?.typ === 'visitor';
    await this.audit.write({
      id: newAuditRowId(nowMs),
      tenantId,
      userId: claims && !isVisitor ? claims.sub : null,
      zoneId: zone?.id ?? null,
      visitorPassId: claims && isVisitor ? claims.sub : null,
      credentialId: auditCredentialId(token, claims?.jti),
      readerId,
      eventType: decision.decision === 'GRANT' ? 'GRANTED' : eventTypeFor(decision.reason),
      reason: decision.decision === 'GRANT' ? null : decision.reason,
      occurredAt: now.toISOString(),
      source: req.source ?? DEFAULT_SOURCE,
    }, nowMs);
    // A credential checked by this very tap is known from now on: its repeat is looked up by its id.
    const learned = !known && token ? this.credentials.known(token) : undefined;
    this.recent.set(tenantId, replayReader, learned?.jti ? replayCredentialOf(token, learned) : replayCredential, response, nowMs);
    this.onDecision(decision.decision === 'GRANT' ? 'GRANTED' : decision.reason, (performance.now() - startedAt) / 1000);
    return response;
  }

  private respond(tenantId: string, decision: Decision, claims: Awaited<ReturnType<CredentialVerifier['claimsFor']>>, zone: { id: string; name: string } | undefined): VerifyResponse {
    if (decision.decision === 'DENY') return { decision: 'DENY', reason: decision.reason };
    if (claims!.typ === 'visitor') {
      return { decision: 'GRANT', userName: this.cache.pass(tenantId, claims!.sub)?.visitorName ?? '', zoneId: zone!.id, zoneName: zone!.name };
    }
    return { decision: 'GRANT', userId: claims!.sub, userName: this.cache.userName(tenantId, claims!.sub) ?? '', zoneId: zone!.id, zoneName: zone!.name };
  }
}
