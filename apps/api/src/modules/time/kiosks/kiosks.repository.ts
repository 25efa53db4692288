import type { Plan, Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { KioskEntity, KioskPinEntity } from '@wfm/db/entities/kiosk.entity';
import { exec, live, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { outletZoneSql } from '../../organization/outlets/outlets.repository.js';

export type KioskRow = Row<KioskEntity>;

export interface LiveKiosk extends KioskRow {
  plan: Plan;
  timezone: string;
}

export type PinRow = Row<KioskPinEntity, 'pinHash' | 'failedAttempts' | 'lockedUntil'>;

const KIOSK = `k.id, k.tenant_id AS "tenantId", k.outlet_id AS "outletId", k.name, k.token_hash AS "tokenHash", k.token_hint AS "tokenHint",
  k.created_by_user_id AS "createdByUserId", k.created_at AS "createdAt", k.last_used_at AS "lastUsedAt", k.revoked_at AS "revokedAt"`;

/**
 * Who a kiosk serves: live, active people with a shift at its outlet today (the outlet's day) that
 * is still to be worked or under way, or who are clocked in there now. `$4` narrows it to one person.
 */
const WORKERS = `
  WITH zone AS (SELECT ${outletZoneSql('o', 't')} AS name FROM outlets o JOIN tenants t ON t.id = o.tenant_id WHERE o.tenant_id = $1 AND o.id = $2),
       day AS (SELECT date_trunc('day', $3::timestamptz AT TIME ZONE zone.name) AT TIME ZONE zone.name AS start FROM zone)
  SELECT u.id, u.full_name AS "fullName" FROM users u
   WHERE u.tenant_id = $1 AND ${live('u')} AND u.status = 'ACTIVE' AND ($4::uuid IS NULL OR u.id = $4)
     AND (EXISTS (SELECT 1 FROM shift_assignments s, day
                   WHERE s.tenant_id = $1 AND s.user_id = u.id AND s.outlet_id = $2 AND s.status IN ('SCHEDULED','IN_PROGRESS')
                     AND s.scheduled_start < day.start + interval '1 day' AND s.scheduled_end > day.start)
       OR EXISTS (SELECT 1 FROM attendance_events a WHERE a.tenant_id = $1 AND a.user_id = u.id AND a.outlet_id = $2 AND a.status = 'OPEN'))
   ORDER BY u.full_name, u.id`;

export class KiosksRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(k: KioskRow): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO kiosks (id, tenant_id, outlet_id, name, token_hash, token_hint, created_by_user_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [k.id, k.tenantId, k.outletId, k.name, k.tokenHash, k.tokenHint, k.createdByUserId, k.createdAt],
    );
  }

  list(tenantId: string, outletIds: string[] | null): Promise<KioskRow[]> {
    return many(this.ds, `SELECT ${KIOSK} FROM kiosks k WHERE k.tenant_id = $1 AND ($2::uuid[] IS NULL OR k.outlet_id = ANY($2)) ORDER BY k.created_at, k.id`, [tenantId, outletIds]);
  }

  find(tenantId: string, id: string): Promise<KioskRow | null> {
    return one(this.ds, `SELECT ${KIOSK} FROM kiosks k WHERE k.tenant_id = $1 AND k.id = $2`, [tenantId, id]);
  }

  async revoke(tenantId: string, id: string, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE kiosks SET revoked_at = $3 WHERE tenant_id = $1 AND id = $2 AND revoked_at IS NULL`, [tenantId, id, at]);
  }

  /** The unrevoked kiosk with this token hash, at an active outlet, with its tenant's time zone. */
  byTokenHash(hash: string): Promise<LiveKiosk | null> {
    return one(
      this.ds,
      `SELECT ${KIOSK}, t.plan, t.timezone FROM kiosks k JOIN tenants t ON t.id = k.tenant_id JOIN outlets o ON o.id = k.outlet_id AND o.tenant_id = k.tenant_id
        WHERE k.token_hash = $1 AND k.revoked_at IS NULL AND o.status = 'ACTIVE'`,
      [hash],
    );
  }

  /** Written at most once a minute per kiosk, so a busy entrance does not write on every tap. */
  async touch(id: string, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE kiosks SET last_used_at = $2 WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < $2::timestamptz - interval '1 minute')`, [id, at]);
  }

  async activeOutlet(tenantId: string, outletId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2 AND status = 'ACTIVE'`, [tenantId, outletId])) !== null;
  }

  workers(tenantId: string, outletId: string, now: Date): Promise<Array<{ id: string; fullName: string }>> {
    return many(this.ds, WORKERS, [tenantId, outletId, now, null]);
  }

  async workerRole(tenantId: string, outletId: string, userId: string, now: Date): Promise<Role | null> {
    const found = await one<{ id: string }>(this.ds, WORKERS, [tenantId, outletId, now, userId]);
    if (!found) return null;
    return (await one<{ role: Role }>(this.ds, `SELECT role FROM users WHERE tenant_id = $1 AND id = $2`, [tenantId, userId]))?.role ?? null;
  }

  /** The person's scheduled shift at the outlet that a clock-in now belongs to: under way, or starting within `earlyMs`. */
  async shiftToClockInto(tenantId: string, outletId: string, userId: string, now: Date, earlyMs: number): Promise<string | null> {
    const row = await one<{ id: string }>(
      this.ds,
      `SELECT id FROM shift_assignments WHERE tenant_id = $1 AND outlet_id = $2 AND user_id = $3 AND status = 'SCHEDULED'
          AND scheduled_start <= $4::timestamptz + $5 * interval '1 millisecond' AND scheduled_end > $4
        ORDER BY scheduled_start LIMIT 1`,
      [tenantId, outletId, userId, now, earlyMs],
    );
    return row?.id ?? null;
  }

  lockPin(tx: Tx, tenantId: string, userId: string): Promise<PinRow | null> {
    return one(tx, `SELECT pin_hash AS "pinHash", failed_attempts AS "failedAttempts", locked_until AS "lockedUntil" FROM kiosk_pins WHERE tenant_id = $1 AND user_id = $2 FOR UPDATE`, [tenantId, userId]);
  }

  async savePin(tenantId: string, userId: string, pinHash: string, at: Date): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO kiosk_pins (tenant_id, user_id, pin_hash, failed_attempts, locked_until, updated_at) VALUES ($1, $2, $3, 0, NULL, $4)
       ON CONFLICT (user_id) DO UPDATE SET pin_hash = EXCLUDED.pin_hash, failed_attempts = 0, locked_until = NULL, updated_at = EXCLUDED.updated_at`,
      [tenantId, userId, pinHash, at],
    );
  }

  async recordAttempt(tx: Tx, tenantId: string, userId: string, failedAttempts: number, lockedUntil: Date | null, at: Date): Promise<void> {
    await exec(tx, `UPDATE kiosk_pins SET failed_attempts = $3, locked_until = $4, updated_at = $5 WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId, failedAttempts, lockedUntil, at]);
  }

  async deletePin(tenantId: string, userId: string): Promise<boolean> {
    return (await exec(this.ds, `DELETE FROM kiosk_pins WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId])) > 0;
  }

  async liveUser(tenantId: string, userId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId])) !== null;
  }
}
