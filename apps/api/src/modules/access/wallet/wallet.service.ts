import type { Clock } from '@wfm/core/clock';
import { randomToken, timingSafeEqualStr, uuid, type SecretHasher } from '@wfm/core/crypto';
import type { Encryptor } from '@wfm/core/encryption';
import { UnauthorizedError } from '@wfm/core/errors';
import { isUuid } from '@wfm/core/identity';
import type { Logger } from '@wfm/core/logger';
import { PLANS, planIncludes } from '@wfm/core/tenancy';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { PassUpdatePusher } from './apns.client.js';
import type { PassBuilder } from './pass-signing.thread.js';
import type { PassContentColumns, PassState, WalletPassView, WalletRepository } from './wallet.repository.js';

/** A credential is renewed when half its 24-hour life is gone: a phone that misses one update still holds a valid code. */
export const RENEW_AFTER_MS = 12 * 3600_000;
/**
 * The update tag answered to a device lags the clock by this much, so a pass changed by a
 * transaction that committed late, or on an instance whose clock is a little behind, is still
 * reported next time. A pass changed in that last minute may be reported twice; its fetch then
 * answers 304.
 */
export const TAG_LAG_MS = 60_000;
/** Registrations kept per pass; a further device replaces the one registered longest ago. */
export const MAX_DEVICES_PER_PASS = 10;
/** Passes the push job reads at a time. */
const PUSH_BATCH = 100;

const ACCESS_PLANS = PLANS.filter((p) => planIncludes(p, 'accessControl'));
const AUTHORIZATION = /^ApplePass ([A-Za-z0-9_-]{16,128})$/;
const NO_PASS = '00000000-0000-0000-0000-000000000000';

/** Mints a door credential; AccessCredentialsService in the app. */
export interface CredentialMinter {
  mintForUser(tenantId: string, userId: string): Promise<{ value: { credentialId: string } }>;
}

/** A pass a web-service request proved it holds the authentication token of. */
export interface AuthenticatedPass {
  tenantId: string;
  passId: string;
}

export interface PassFile {
  pkpass: Buffer;
  lastModified: Date;
}

export interface WalletDeps {
  repo: WalletRepository;
  transaction: TransactionRunner;
  credentials: CredentialMinter;
  passes: PassBuilder;
  pusher: PassUpdatePusher;
  secrets: SecretHasher;
  encryptor: Encryptor;
  clock: Clock;
  logger: Logger;
  passTypeIdentifier: string;
}

const wholeSecond = (ms: number) => Math.floor(ms / 1000) * 1000;

/** The claims of a credential this service minted itself (no verification needed: only its expiry is read). */
function expiryOf(credential: string): Date {
  const payload = JSON.parse(Buffer.from(credential.split('.')[1]!, 'base64url').toString('utf8')) as { exp: number };
  return new Date(payload.exp * 1000);
}

/**
 * Apple Wallet passes carrying door credentials, and the Wallet web service that keeps them
 * current. A pass is refreshed whenever it is read (by its holder, by a device, by the push job)
 * and is due: a new credential after RENEW_AFTER_MS, none once the holder has no door access, and
 * voided once the holder is removed. Each refresh moves the pass's `updatedAt` (its Last-Modified
 * and update tag); the push job tells registered devices, which then fetch it.
 */
export class WalletService {
  constructor(private readonly d: WalletDeps) {}

  /** The signed-in person's pass, made on first use; `created` tells which. */
  async passFor(tenantId: string, userId: string): Promise<PassFile & { created: boolean }> {
    let id = await this.d.repo.idForUser(tenantId, userId, this.d.passTypeIdentifier);
    let created = false;
    if (!id) {
      id = uuid();
      created = await this.create(tenantId, userId, id);
      if (!created) id = (await this.d.repo.idForUser(tenantId, userId, this.d.passTypeIdentifier))!;
    }
    return { ...(await this.file(await this.refreshed(tenantId, id))), created };
  }

  /** Checks `Authorization: ApplePass <token>` against the pass the path names; 401 for anything else. */
  async authenticate(passTypeIdentifier: string, serialNumber: string, authorization: string | undefined): Promise<AuthenticatedPass> {
    const presented = AUTHORIZATION.exec(authorization ?? '')?.[1];
    if (!presented || passTypeIdentifier !== this.d.passTypeIdentifier || !isUuid(serialNumber)) throw new UnauthorizedError();
    const pass = await this.d.repo.forAuthentication(passTypeIdentifier, serialNumber.toLowerCase());
    const hash = this.d.secrets.hash(presented);
    if (!pass || !timingSafeEqualStr(hash, pass.authTokenHash)) throw new UnauthorizedError();
    return { tenantId: pass.tenantId, passId: pass.id };
  }

  /** 'created' for a new registration, 'existing' when the device had one (its push token is replaced). */
  async register(pass: AuthenticatedPass, device: string, pushToken: string): Promise<'created' | 'existing'> {
    const created = await this.d.transaction((tx) =>
      this.d.repo.register(tx, { tenantId: pass.tenantId, passId: pass.passId, device, pushToken, at: this.d.clock.now() }, MAX_DEVICES_PER_PASS),
    );
    return created ? 'created' : 'existing';
  }

  unregister(pass: AuthenticatedPass, device: string): Promise<void> {
    return this.d.repo.unregister(pass.tenantId, pass.passId, device);
  }

  /**
   * The device's passes changed after the tag (all of them without one), counting those due for a
   * change that no one has fetched yet; null when there are none.
   */
  async updatedSince(device: string, passTypeIdentifier: string, tag: string | undefined): Promise<{ serialNumbers: string[]; lastUpdated: string } | null> {
    if (passTypeIdentifier !== this.d.passTypeIdentifier) return null;
    const now = this.d.clock.now();
    const since = tag === undefined ? null : Number(tag);
    const rows = await this.d.repo.deviceRegistrations(device, passTypeIdentifier, now, ACCESS_PLANS);
    const serialNumbers = rows.filter((r) => since === null || r.stale || r.updatedAt.getTime() > since).map((r) => r.serialNumber);
    return serialNumbers.length ? { serialNumbers, lastUpdated: String(now.getTime() - TAG_LAG_MS) } : null;
  }

  /** The latest version of the pass; `notModified` when it has not changed since the device's copy. */
  async latest(pass: AuthenticatedPass, ifModifiedSince: Date | null): Promise<PassFile | { notModified: true; lastModified: Date }> {
    const view = await this.refreshed(pass.tenantId, pass.passId);
    // RFC 9110 §13.1.3: a date later than the server's clock is not a valid If-Modified-Since.
    const since = ifModifiedSince && ifModifiedSince.getTime() <= this.d.clock.now().getTime() ? ifModifiedSince : null;
    if (since && view.updatedAt.getTime() <= since.getTime()) return { notModified: true, lastModified: view.updatedAt };
    return this.file(view);
  }

  deviceLogs(logs: string[]): void {
    if (logs.length) this.d.logger.info({ walletDeviceLogs: logs }, 'Apple Wallet device log');
  }

  /**
   * The push job: refreshes every registered pass that is due and pushes to the devices of every
   * pass with a version they were not told of. A push APNs refuses for good drops that
   * registration; any other failure is retried on the next run. One pass failing does not stop
   * the others.
   */
  async pushUpdates(): Promise<{ pushed: number; failed: number; unregistered: number }> {
    const totals = { pushed: 0, failed: 0, unregistered: 0 };
    const now = this.d.clock.now();
    let after = NO_PASS;
    for (;;) {
      const batch = await this.d.repo.toPush(this.d.passTypeIdentifier, now, ACCESS_PLANS, after, PUSH_BATCH);
      for (const pass of batch) {
        after = pass.id;
        try {
          await this.pushPass(pass.tenantId, pass.id, totals);
        } catch (err) {
          totals.failed++;
          this.d.logger.error({ err, tenantId: pass.tenantId, passId: pass.id }, 'Apple Wallet pass update failed');
        }
      }
      if (batch.length < PUSH_BATCH) return totals;
    }
  }

  private async pushPass(tenantId: string, passId: string, totals: { pushed: number; failed: number; unregistered: number }): Promise<void> {
    const view = await this.refreshed(tenantId, passId);
    if (view.pushedAt && view.pushedAt.getTime() >= view.updatedAt.getTime()) return;
    const outcomes = await this.d.pusher.push(await this.d.repo.pushTokens(tenantId, passId));
    const gone = outcomes.filter((o) => o.outcome === 'unregistered').map((o) => o.pushToken);
    const failed = outcomes.filter((o) => o.outcome === 'failed');
    if (gone.length) totals.unregistered += await this.d.repo.removePushTokens(tenantId, passId, gone);
    totals.pushed += outcomes.filter((o) => o.outcome === 'delivered').length;
    totals.failed += failed.length;
    for (const f of failed) if (f.outcome === 'failed') this.d.logger.warn({ tenantId, passId, status: f.status, reason: f.reason }, 'APNs push failed; retried on the next run');
    if (!failed.length) await this.d.repo.markPushed(tenantId, passId, view.updatedAt);
  }

  private async create(tenantId: string, userId: string, id: string): Promise<boolean> {
    const now = this.d.clock.now();
    const state = await this.d.repo.stateForUser(tenantId, userId, now, ACCESS_PLANS);
    if (!state) throw new UnauthorizedError();
    const token = randomToken(32);
    return this.d.repo.insert({
      id,
      tenantId,
      userId,
      passTypeIdentifier: this.d.passTypeIdentifier,
      authTokenHash: this.d.secrets.hash(token),
      authTokenSealed: this.d.encryptor.encrypt(token),
      content: { ...(await this.content(tenantId, userId, state)), updatedAt: new Date(wholeSecond(now.getTime())) },
      createdAt: now,
    });
  }

  /**
   * The pass as it should be now, rewritten first when it is due. The credential is minted before
   * the row is locked, so no transaction waits on another connection; when a concurrent request
   * renewed the pass meanwhile, that credential is simply not used.
   */
  private async refreshed(tenantId: string, passId: string, attempt = 1): Promise<WalletPassView> {
    const now = this.d.clock.now();
    const view = await this.d.repo.view(tenantId, passId, now, ACCESS_PLANS);
    if (!view) throw new UnauthorizedError();
    if (!due(view, now)) return view;
    const content = await this.content(tenantId, view.userId, view.currentState);
    const saved = await this.d.transaction(async (tx) => {
      const locked = (await this.d.repo.lockView(tx, tenantId, passId, now, ACCESS_PLANS))!;
      if (!due(locked, now)) return locked;
      // The holder's access changed again while the credential was minted: start over.
      if (locked.currentState !== content.state) return null;
      const columns = { ...content, updatedAt: new Date(Math.max(wholeSecond(now.getTime()), locked.updatedAt.getTime() + 1000)) };
      await this.d.repo.saveContent(tx, tenantId, passId, columns);
      return { ...locked, ...columns };
    });
    if (saved) return saved;
    if (attempt >= 3) throw new Error(`Wallet pass ${passId}: access kept changing during its refresh`);
    return this.refreshed(tenantId, passId, attempt + 1);
  }

  private async content(tenantId: string, userId: string, state: PassState): Promise<Omit<PassContentColumns, 'updatedAt'>> {
    if (state !== 'ACTIVE') return { state, credentialSealed: null, credentialExpiresAt: null, renewAt: null };
    const { credentialId } = (await this.d.credentials.mintForUser(tenantId, userId)).value;
    return {
      state,
      credentialSealed: this.d.encryptor.encrypt(credentialId),
      credentialExpiresAt: expiryOf(credentialId),
      renewAt: new Date(this.d.clock.now().getTime() + RENEW_AFTER_MS),
    };
  }

  private async file(view: WalletPassView): Promise<PassFile> {
    const pkpass = await this.d.passes.build({
      serialNumber: view.id,
      authenticationToken: this.d.encryptor.decrypt(view.authTokenSealed),
      state: view.state,
      credential: view.credentialSealed ? this.d.encryptor.decrypt(view.credentialSealed) : null,
      credentialExpiresAt: view.credentialExpiresAt,
      holderName: view.holderName,
      tenantName: view.tenantName,
    });
    return { pkpass, lastModified: view.updatedAt };
  }
}

function due(view: WalletPassView, now: Date): boolean {
  return view.currentState !== view.state || (view.state === 'ACTIVE' && view.renewAt !== null && view.renewAt.getTime() <= now.getTime());
}
