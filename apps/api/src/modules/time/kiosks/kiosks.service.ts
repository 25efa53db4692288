import type { Clock } from '@wfm/core/clock';
import { randomToken, uuid, type PasswordHasher, type SecretHasher } from '@wfm/core/crypto';
import { ForbiddenError, NotFoundError, TooManyRequestsError } from '@wfm/core/errors';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { Actor, KioskPrincipal } from '@wfm/core/principal';
import type { OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { AttendanceEvent } from '../attendance/attendance.repository.js';
import type { AttendanceService } from '../attendance/attendance.service.js';
import type { KioskRow, KiosksRepository } from './kiosks.repository.js';
import type { KioskClockBody, KioskDto } from './kiosks.schemas.js';

import { KIOSK_TOKEN_PREFIX } from './kiosk-auth.service.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
/** Wrong PINs in a row before the PIN locks, and for how long (issue 17). */
export const PIN_ATTEMPTS = 5;
export const PIN_LOCK_MS = 15 * 60_000;
/** How early before its start a kiosk clock-in counts against a scheduled shift. */
export const EARLY_CLOCK_IN_MS = 60 * 60_000;

const kioskNotFound = () => new NotFoundError('Kiosk not found');

export function toKioskDto(k: KioskRow): KioskDto {
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return { id: k.id, outletId: k.outletId, name: k.name, tokenHint: k.tokenHint, createdAt: new Date(k.createdAt).toISOString(), lastUsedAt: iso(k.lastUsedAt), revokedAt: iso(k.revokedAt) };
}

/**
 * Kiosk devices: a shared tablet at an outlet's entrance. An admin registers one and gets its
 * token once; the token lets the device list who works at its outlet today and clock them in and
 * out with their own PIN, through the same attendance rules and events as the mobile app.
 */
export class KiosksService {
  constructor(
    private readonly repo: KiosksRepository,
    private readonly transaction: TransactionRunner,
    private readonly secrets: SecretHasher,
    private readonly passwords: PasswordHasher,
    private readonly attendance: AttendanceService,
    private readonly scopes: OutletScopeService,
    private readonly clock: Clock,
    private readonly people: PeoplePolicy,
  ) {}

  async create(actor: Actor, input: { outletId: string; name: string }): Promise<KioskDto & { token: string }> {
    await this.assertOutletInScope(actor, input.outletId);
    if (!(await this.repo.activeOutlet(actor.tenantId, input.outletId))) throw new NotFoundError('Outlet not found');
    const token = `${KIOSK_TOKEN_PREFIX}${randomToken(32)}`;
    const row: KioskRow = {
      id: uuid(),
      tenantId: actor.tenantId,
      outletId: input.outletId,
      name: input.name,
      tokenHash: this.secrets.hash(token),
      tokenHint: token.slice(-4),
      createdByUserId: actor.userId,
      createdAt: this.clock.now(),
      lastUsedAt: null,
      revokedAt: null,
    };
    await this.repo.insert(row);
    return { ...toKioskDto(row), token };
  }

  async list(actor: Actor): Promise<KioskDto[]> {
    const scope = await this.scopes.of(actor);
    return (await this.repo.list(actor.tenantId, scope.kind === 'tenant' ? null : scope.outletIds)).map(toKioskDto);
  }

  /** Revoked at once: the device's next call is a 401. */
  async revoke(actor: Actor, id: string): Promise<void> {
    const kiosk = await this.repo.find(actor.tenantId, id);
    const scope = await this.scopes.of(actor);
    if (!kiosk || (scope.kind === 'outlets' && !scope.outletIds.includes(kiosk.outletId))) throw kioskNotFound();
    await this.repo.revoke(actor.tenantId, id, this.clock.now());
  }

  /** Sets the caller's own PIN (and lifts a lock-out). */
  async setPin(actor: Actor, pin: string): Promise<void> {
    await this.repo.savePin(actor.tenantId, actor.userId, await this.passwords.hash(pin), this.clock.now());
  }

  async removeOwnPin(actor: Actor): Promise<void> {
    await this.repo.deletePin(actor.tenantId, actor.userId);
  }

  /** A manager clears someone's PIN (forgotten, or locked out); they set a new one in the app. */
  async removePinOf(actor: Actor, userId: string): Promise<void> {
    const scope = await this.scopes.of(actor);
    if (!(await this.repo.liveUser(actor.tenantId, userId)) || !(await this.scopes.coversUser(actor.tenantId, scope, userId))) throw new NotFoundError('User not found');
    // A PIN clears the way to clocking as that person: an account matter, like their password.
    await this.people.assert(null, actor, userId, 'account');
    await this.repo.deletePin(actor.tenantId, userId);
  }

  workers(kiosk: KioskPrincipal): Promise<Array<{ id: string; fullName: string }>> {
    return this.repo.workers(kiosk.tenantId, kiosk.outletId, this.clock.now());
  }

  /**
   * A clock at the kiosk: the person must work at its outlet today, and their PIN must match.
   * Five wrong PINs in a row lock it for fifteen minutes (429 with Retry-After), whatever kiosk
   * they were typed at. A clock-in takes the person's scheduled shift at this outlet that is under
   * way or starts within the hour; a clock-out closes their open attendance, as the app does.
   */
  async clockWorker(kiosk: KioskPrincipal, input: KioskClockBody): Promise<AttendanceEvent> {
    const now = this.clock.now();
    const role = await this.repo.workerRole(kiosk.tenantId, kiosk.outletId, input.userId, now);
    if (!role) throw new NotFoundError('Nobody with this id works at this outlet today');
    await this.checkPin(kiosk.tenantId, input.userId, input.pin, now);
    const actor: Actor = { tenantId: kiosk.tenantId, userId: input.userId, role };
    if (input.action === 'OUT') return this.attendance.clockOut(actor, {});
    const shiftAssignmentId = await this.repo.shiftToClockInto(kiosk.tenantId, kiosk.outletId, input.userId, now, EARLY_CLOCK_IN_MS);
    return this.attendance.clockIn(actor, { outletId: kiosk.outletId, ...(shiftAssignmentId ? { shiftAssignmentId } : {}) });
  }

  private async checkPin(tenantId: string, userId: string, pin: string, now: Date): Promise<void> {
    const refusal = await this.transaction(async (tx) => {
      const row = await this.repo.lockPin(tx, tenantId, userId);
      if (!row) return new ForbiddenError('No kiosk PIN is set for this person: set one in the app', 'PIN_NOT_SET');
      if (row.lockedUntil && new Date(row.lockedUntil) > now) return new TooManyRequestsError(Math.ceil((new Date(row.lockedUntil).getTime() - now.getTime()) / 1000));
      if (await this.passwords.verify(pin, row.pinHash)) {
        if (row.failedAttempts > 0 || row.lockedUntil) await this.repo.recordAttempt(tx, tenantId, userId, 0, null, now);
        return null;
      }
      const failed = row.failedAttempts + 1;
      const locks = failed >= PIN_ATTEMPTS;
      await this.repo.recordAttempt(tx, tenantId, userId, locks ? 0 : failed, locks ? new Date(now.getTime() + PIN_LOCK_MS) : null, now);
      return new ForbiddenError(locks ? 'Wrong PIN: it is now locked for 15 minutes' : `Wrong PIN: ${PIN_ATTEMPTS - failed} attempt(s) left`, 'INVALID_PIN');
    });
    if (refusal) throw refusal;
  }

  private async assertOutletInScope(actor: Actor, outletId: string): Promise<void> {
    const scope = await this.scopes.of(actor);
    if (scope.kind === 'outlets' && !scope.outletIds.includes(outletId)) throw new NotFoundError('Outlet not found');
  }
}
