import type { DataSource } from '@wfm/db/data-source';
import { many, one } from '@wfm/db/sql';
import type { PayType } from '../../payroll/runs/payroll-engine.js';
import { outletZoneSql } from '../../organization/outlets/outlets.repository.js';
import { MAX_SOURCE_ROWS } from './report-limits.js';
import { ReportTooLargeError, type ReportWindow } from './report-scope.js';

/** The zone a row's local day is read in: its outlet's, else the company's (`t` is the tenant). */
export const OUTLET_ZONE = outletZoneSql('o', 't');

/**
 * The instants in `column` that fall on a local day of [from, to] (parameters 2 and 3) in `zone`. The
 * first two terms are a UTC window a day wider on each side than any zone's offset, so the
 * (tenant, instant) indexes narrow the rows before each one's local day is computed.
 */
export function localDaysSql(column: string, zone: string): string {
  return `${column} >= ($2::date - 1)::timestamp AT TIME ZONE 'UTC' AND ${column} < ($3::date + 2)::timestamp AT TIME ZONE 'UTC'
          AND (${column} AT TIME ZONE ${zone})::date BETWEEN $2::date AND $3::date`;
}

/** The local day of `column` in `zone`, as YYYY-MM-DD. */
export const localDaySql = (column: string, zone: string) => `to_char((${column} AT TIME ZONE ${zone})::date, 'YYYY-MM-DD')`;

/** The window's outlet and person filters on a row's outlet and user columns; parameters from $4 on. */
export function windowFilters(w: ReportWindow, params: unknown[], outletColumn: string, userColumn: string): string[] {
  const where: string[] = [];
  if (w.outletIds !== null) where.push(`${outletColumn} = ANY($${params.push(w.outletIds)}::uuid[])`);
  if (w.userId !== null) where.push(`${userColumn} = $${params.push(w.userId)}`);
  return where;
}

/** Reads more than MAX_SOURCE_ROWS are refused, never cut short. */
async function boundedMany<T>(ds: DataSource, sql: string, params: unknown[]): Promise<T[]> {
  const rows = await many<T>(ds, `${sql} LIMIT ${MAX_SOURCE_ROWS + 1}`, params);
  if (rows.length > MAX_SOURCE_ROWS) throw new ReportTooLargeError();
  return rows;
}

export interface ClockRecord {
  userId: string;
  userName: string;
  outletId: string;
  outletName: string;
  /** At an outlet the window covers: a record the report shows. */
  inScope: boolean;
  /** The local day of the clock-in at its outlet. */
  day: string;
  clockInAt: Date;
  clockOutAt: Date | null;
}

export interface ScheduledShift {
  id: string;
  userId: string;
  userName: string;
  outletId: string;
  outletName: string;
  /** The local day of the scheduled start at its outlet. */
  day: string;
  scheduledStart: Date;
  scheduledEnd: Date;
  status: string;
  /** The first clock record made against the shift, if any. */
  attendance: { id: string; clockInAt: Date; clockOutAt: Date | null; status: string } | null;
}

type RawShift = Omit<ScheduledShift, 'attendance'> & { attendance: { id: string; clockInAt: string; clockOutAt: string | null; status: string } | null };

export interface PayRule {
  userId: string;
  type: PayType;
  rateMinor: number;
  currency: string;
  overtimeDailyMinutes: number;
  overtimeMultiplierPct: number;
}

/** What more than one report reads: the filters' subjects, clock records, shifts and pay settings. */
export class ReportsRepository {
  constructor(private readonly ds: DataSource) {}

  async outletExists(tenantId: string, outletId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, outletId])) !== null;
  }

  /** Removed people too: a report of a past period names who worked then. */
  async userExists(tenantId: string, userId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM users WHERE tenant_id = $1 AND id = $2`, [tenantId, userId])) !== null;
  }

  async timezone(tenantId: string): Promise<string> {
    return (await one<{ timezone: string }>(this.ds, `SELECT timezone FROM tenants WHERE id = $1`, [tenantId]))!.timezone;
  }

  /**
   * Clock records of the window not rejected by a manager, by person then clock-in. With an outlet
   * filter, the same people's records at other outlets come too (`inScope` false): overtime is a
   * matter of the person's whole day, so the minutes worked elsewhere decide which minutes at the
   * filtered outlets are overtime; those records are never shown.
   */
  clockRecords(w: ReportWindow): Promise<ClockRecord[]> {
    const params: unknown[] = [w.tenantId, w.from, w.to];
    const where = ['a.tenant_id = $1', `a.status <> 'REJECTED'`, localDaysSql('a.clock_in_at', OUTLET_ZONE)];
    if (w.userId !== null) where.push(`a.user_id = $${params.push(w.userId)}`);
    let inScope = 'true';
    if (w.outletIds !== null) {
      const outlets = `$${params.push(w.outletIds)}::uuid[]`;
      inScope = `a.outlet_id = ANY(${outlets})`;
      where.push(`a.user_id IN (SELECT e.user_id FROM attendance_events e WHERE e.tenant_id = $1 AND e.outlet_id = ANY(${outlets})
                   AND e.clock_in_at >= ($2::date - 1)::timestamp AT TIME ZONE 'UTC' AND e.clock_in_at < ($3::date + 2)::timestamp AT TIME ZONE 'UTC')`);
    }
    return boundedMany(
      this.ds,
      `SELECT a.user_id AS "userId", u.full_name AS "userName", a.outlet_id AS "outletId", o.name AS "outletName", ${inScope} AS "inScope",
              ${localDaySql('a.clock_in_at', OUTLET_ZONE)} AS day, a.clock_in_at AS "clockInAt", a.clock_out_at AS "clockOutAt"
         FROM attendance_events a
         JOIN tenants t ON t.id = a.tenant_id
         JOIN outlets o ON o.tenant_id = a.tenant_id AND o.id = a.outlet_id
         JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.user_id
        WHERE ${where.join(' AND ')}
        ORDER BY a.user_id, a.clock_in_at, a.id`,
      params,
    );
  }

  /** Shifts of the window that were on the roster (neither proposed nor cancelled), each with its first clock record. */
  async shifts(w: ReportWindow): Promise<ScheduledShift[]> {
    const params: unknown[] = [w.tenantId, w.from, w.to];
    const where = ['s.tenant_id = $1', `s.status NOT IN ('PROPOSED', 'CANCELLED')`, localDaysSql('s.scheduled_start', OUTLET_ZONE), ...windowFilters(w, params, 's.outlet_id', 's.user_id')];
    const rows = await boundedMany<RawShift>(
      this.ds,
      `SELECT s.id, s.user_id AS "userId", u.full_name AS "userName", s.outlet_id AS "outletId", o.name AS "outletName",
              ${localDaySql('s.scheduled_start', OUTLET_ZONE)} AS day, s.scheduled_start AS "scheduledStart", s.scheduled_end AS "scheduledEnd", s.status,
              CASE WHEN a.id IS NULL THEN NULL
                   ELSE json_build_object('id', a.id, 'clockInAt', a.clock_in_at, 'clockOutAt', a.clock_out_at, 'status', a.status) END AS attendance
         FROM shift_assignments s
         JOIN tenants t ON t.id = s.tenant_id
         JOIN outlets o ON o.tenant_id = s.tenant_id AND o.id = s.outlet_id
         JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
         LEFT JOIN LATERAL (SELECT e.id, e.clock_in_at, e.clock_out_at, e.status FROM attendance_events e
                             WHERE e.tenant_id = s.tenant_id AND e.shift_assignment_id = s.id ORDER BY e.clock_in_at, e.id LIMIT 1) a ON true
        WHERE ${where.join(' AND ')}
        ORDER BY s.scheduled_start, u.full_name, s.id`,
      params,
    );
    // json_build_object hands instants over as text.
    return rows.map((r) => ({
      ...r,
      attendance: r.attendance && { ...r.attendance, clockInAt: new Date(r.attendance.clockInAt), clockOutAt: r.attendance.clockOutAt === null ? null : new Date(r.attendance.clockOutAt) },
    }));
  }

  /** Pay settings of these people, by user id; the rate as a number (minor units stay far below 2^53). */
  async payRules(tenantId: string, userIds: string[]): Promise<Map<string, PayRule>> {
    if (!userIds.length) return new Map();
    const rows = await many<PayRule>(
      this.ds,
      `SELECT user_id AS "userId", type, rate_minor::float8 AS "rateMinor", currency, overtime_daily_minutes AS "overtimeDailyMinutes", overtime_multiplier_pct AS "overtimeMultiplierPct"
         FROM pay_settings WHERE tenant_id = $1 AND user_id = ANY($2::uuid[])`,
      [tenantId, userIds],
    );
    return new Map(rows.map((r) => [r.userId, r]));
  }
}
