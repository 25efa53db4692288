import type { DataSource } from '@wfm/db/data-source';
import type { AssetMeterReadingEntity, MaintenanceScheduleEntity } from '@wfm/db/entities/maintenance.entity';
import type { AssetEntity } from '@wfm/db/entities/operations.entity';
import { assignments, exec, many, one, type Columns, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { IssuePriority } from '../issues/issues.repository.js';
import type { INTERVAL_UNITS } from './maintenance.schemas.js';
import { outletZone, outletZoneSql } from '../../organization/outlets/outlets.repository.js';

export type IntervalUnit = (typeof INTERVAL_UNITS)[number];

/** The text columns narrowed to their CHECK values, and the date read as its text. */
export type Schedule = Omit<Row<MaintenanceScheduleEntity>, 'startsOn' | 'deletedAt'> & {
  priority: IssuePriority;
  intervalUnit: IntervalUnit;
  startsOn: string;
  /** The name of what it covers: its asset, or its category. */
  targetName: string;
};
export type NewSchedule = Omit<Schedule, 'targetName'>;
export type ScheduleChanges = Partial<Pick<Schedule, 'title' | 'instructions' | 'priority' | 'intervalUnit' | 'intervalValue' | 'meter' | 'startsOn' | 'vendorId' | 'active'>> & {
  deletedAt?: Date;
};
export type AssetRef = Row<AssetEntity, 'id' | 'tenantId' | 'outletId' | 'categoryId' | 'name'>;
export type MeterReading = Row<AssetMeterReadingEntity, 'id' | 'assetId' | 'meter' | 'value' | 'recordedByUserId' | 'recordedAt'>;

/** A (schedule, asset) pair and where it stands: its next due date or reading, and the issue raised for it while open. */
export interface DueTarget {
  scheduleId: string;
  assetId: string;
  tenantId: string;
  outletId: string;
  assetName: string;
  title: string;
  instructions: string | null;
  priority: IssuePriority;
  intervalUnit: IntervalUnit;
  intervalValue: number;
  meter: string | null;
  /** Calendar schedules only. */
  nextDueOn: string | null;
  /** USAGE schedules only: null until the asset has a reading of the meter. */
  nextDueReading: number | null;
  currentReading: number | null;
  openIssueId: string | null;
  /** Today at the asset's outlet, in its time zone. */
  today: string;
}

const SCHEDULE_COLUMNS = `s.id, s.tenant_id AS "tenantId", s.asset_id AS "assetId", s.category_id AS "categoryId", s.title, s.instructions, s.priority,
  s.interval_unit AS "intervalUnit", s.interval_value AS "intervalValue", s.meter, s.starts_on::text AS "startsOn", s.vendor_id AS "vendorId", s.active,
  s.created_at AS "createdAt", s.updated_at AS "updatedAt",
  COALESCE((SELECT a.name FROM assets a WHERE a.id = s.asset_id), (SELECT c.name FROM asset_categories c WHERE c.id = s.category_id)) AS "targetName"`;

const SCHEDULE_CHANGES: Columns<ScheduleChanges & { updatedAt: Date }> = {
  title: 'title',
  instructions: 'instructions',
  priority: 'priority',
  intervalUnit: 'interval_unit',
  intervalValue: 'interval_value',
  meter: 'meter',
  startsOn: 'starts_on',
  vendorId: 'vendor_id',
  active: 'active',
  deletedAt: 'deleted_at',
  updatedAt: 'updated_at',
};

/**
 * Every live (schedule, asset) pair of active schedules: a schedule of one asset, or of a category and
 * so of each of its live assets, those added after it too. Retired assets fall due nowhere. A pair
 * never serviced is due on the schedule's start, or (usage) at its first reading plus the interval.
 * `$1` is the instant "today" is read at, in each asset's outlet's time zone.
 */
const TARGETS = `
  SELECT s.id AS "scheduleId", a.id AS "assetId", s.tenant_id AS "tenantId", a.outlet_id AS "outletId", a.name AS "assetName",
    s.title, s.instructions, s.priority, s.interval_unit AS "intervalUnit", s.interval_value AS "intervalValue", s.meter,
    CASE WHEN s.interval_unit <> 'USAGE' THEN COALESCE(d.next_due_on, s.starts_on) END AS next_due_on,
    CASE WHEN s.interval_unit = 'USAGE' THEN COALESCE(d.next_due_reading, m.first + s.interval_value) END AS "nextDueReading",
    m.last AS "currentReading",
    CASE WHEN i.status IN ('OPEN', 'IN_PROGRESS') THEN i.id END AS "openIssueId",
    ($1::timestamptz AT TIME ZONE ${outletZoneSql('o', 't')})::date AS today
  FROM maintenance_schedules s
  JOIN tenants t ON t.id = s.tenant_id
  JOIN assets a ON a.tenant_id = s.tenant_id AND a.deleted_at IS NULL AND a.status <> 'RETIRED' AND (a.id = s.asset_id OR a.category_id = s.category_id)
  JOIN outlets o ON o.id = a.outlet_id
  LEFT JOIN maintenance_due d ON d.schedule_id = s.id AND d.asset_id = a.id
  LEFT JOIN issues i ON i.id = d.issue_id
  LEFT JOIN LATERAL (SELECT min(r.value) AS first, max(r.value) AS last FROM asset_meter_readings r WHERE r.asset_id = a.id AND r.meter = s.meter) m ON true
  WHERE s.deleted_at IS NULL AND s.active`;

const TARGET_COLUMNS = `x."scheduleId", x."assetId", x."tenantId", x."outletId", x."assetName", x.title, x.instructions, x.priority, x."intervalUnit",
  x."intervalValue", x.meter, x.next_due_on::text AS "nextDueOn", x."nextDueReading", x."currentReading", x."openIssueId", x.today::text AS today`;

/** Due today or earlier (or the meter reached), and no maintenance issue open for it. */
const DUE_NOW = `x."openIssueId" IS NULL AND (x.next_due_on <= x.today OR x."currentReading" >= x."nextDueReading")`;

export interface TargetFilter {
  tenantId: string;
  outletIds?: string[];
  outletId?: string;
  assetId?: string;
}

export class MaintenanceRepository {
  constructor(private readonly ds: DataSource) {}

  outletZone(tenantId: string, outletId: string): Promise<string | null> {
    return outletZone(this.ds, tenantId, outletId);
  }

  async insertSchedule(tx: Tx, s: NewSchedule): Promise<void> {
    await exec(
      tx,
      `INSERT INTO maintenance_schedules (id, tenant_id, asset_id, category_id, title, instructions, priority, interval_unit, interval_value, meter, starts_on, vendor_id, active, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $14)`,
      [s.id, s.tenantId, s.assetId, s.categoryId, s.title, s.instructions, s.priority, s.intervalUnit, s.intervalValue, s.meter, s.startsOn, s.vendorId, s.active, s.createdAt],
    );
  }

  findSchedule(tenantId: string, id: string, db: Db = this.ds): Promise<Schedule | null> {
    return one(db, `SELECT ${SCHEDULE_COLUMNS} FROM maintenance_schedules s WHERE s.tenant_id = $1 AND s.id = $2 AND s.deleted_at IS NULL`, [tenantId, id]);
  }

  async updateSchedule(tx: Tx, tenantId: string, id: string, changes: ScheduleChanges, at: Date): Promise<Schedule> {
    const params: unknown[] = [tenantId, id];
    const set = assignments({ ...changes, updatedAt: at }, SCHEDULE_CHANGES, params);
    return (await one<Schedule>(tx, `UPDATE maintenance_schedules s SET ${set} WHERE s.tenant_id = $1 AND s.id = $2 RETURNING ${SCHEDULE_COLUMNS}`, params))!;
  }

  /**
   * Schedules by creation; `outletIds` keeps those covering a live asset at one of the outlets (an
   * OUTLET_MANAGER's reach), `assetId` those covering the asset (its own and its category's).
   */
  listSchedules(tenantId: string, f: { id?: string; assetId?: string; categoryId?: string; outletId?: string; outletIds?: string[] }, limit: number, offset: number): Promise<Schedule[]> {
    const params: unknown[] = [tenantId];
    const where = ['s.tenant_id = $1', 's.deleted_at IS NULL'];
    const covering = (cond: string) =>
      `EXISTS (SELECT 1 FROM assets a WHERE a.tenant_id = s.tenant_id AND a.deleted_at IS NULL AND (a.id = s.asset_id OR a.category_id = s.category_id) AND ${cond})`;
    if (f.id) where.push(`s.id = $${params.push(f.id)}`);
    if (f.assetId) where.push(covering(`a.id = $${params.push(f.assetId)}`));
    if (f.categoryId) where.push(`s.category_id = $${params.push(f.categoryId)}`);
    if (f.outletId) where.push(covering(`a.outlet_id = $${params.push(f.outletId)}`));
    if (f.outletIds) where.push(covering(`a.outlet_id = ANY($${params.push(f.outletIds)}::uuid[])`));
    return many(this.ds, `SELECT ${SCHEDULE_COLUMNS} FROM maintenance_schedules s WHERE ${where.join(' AND ')} ORDER BY s.created_at, s.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`, params);
  }

  /** Where each pair stands, for the calendar. */
  targets(at: Date, f: TargetFilter): Promise<DueTarget[]> {
    const params: unknown[] = [at, f.tenantId];
    const where = ['x."tenantId" = $2'];
    if (f.outletIds) where.push(`x."outletId" = ANY($${params.push(f.outletIds)}::uuid[])`);
    if (f.outletId) where.push(`x."outletId" = $${params.push(f.outletId)}`);
    if (f.assetId) where.push(`x."assetId" = $${params.push(f.assetId)}`);
    return many(this.ds, `SELECT ${TARGET_COLUMNS} FROM (${TARGETS}) x WHERE ${where.join(' AND ')} ORDER BY x.next_due_on, x."assetName", x."scheduleId"`, params);
  }

  /** Pairs due now with no maintenance issue open, across tenants, for the daily job. */
  dueNow(at: Date, limit: number): Promise<DueTarget[]> {
    return many(this.ds, `SELECT ${TARGET_COLUMNS} FROM (${TARGETS}) x WHERE ${DUE_NOW} ORDER BY x."tenantId", x.next_due_on LIMIT $2`, [at, limit]);
  }

  /**
   * Takes the pair's row (created if it has none yet) for the rest of the transaction, and reads
   * whether it is still due with no issue open: the job's check again, after any service logged since.
   */
  async lockDue(tx: Tx, at: Date, tenantId: string, scheduleId: string, assetId: string): Promise<DueTarget | null> {
    await exec(tx, `INSERT INTO maintenance_due (schedule_id, asset_id, tenant_id, updated_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING`, [scheduleId, assetId, tenantId, at]);
    await exec(tx, `SELECT 1 FROM maintenance_due WHERE schedule_id = $1 AND asset_id = $2 FOR UPDATE`, [scheduleId, assetId]);
    return one(tx, `SELECT ${TARGET_COLUMNS} FROM (${TARGETS}) x WHERE x."tenantId" = $2 AND x."scheduleId" = $3 AND x."assetId" = $4 AND ${DUE_NOW}`, [at, tenantId, scheduleId, assetId]);
  }

  async setDueIssue(tx: Tx, scheduleId: string, assetId: string, issueId: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE maintenance_due SET issue_id = $3, updated_at = $4 WHERE schedule_id = $1 AND asset_id = $2`, [scheduleId, assetId, issueId, at]);
  }

  /**
   * Records a service of the pair on `performedOn`: the next due moves on from it, unless a later
   * service is already recorded. Returns the maintenance issue raised for the pair, if any.
   */
  async serviced(tx: Tx, tenantId: string, scheduleId: string, assetId: string, performedOn: string, next: { on: string | null; reading: number | null }, at: Date): Promise<string | null> {
    const row = await one<{ issueId: string | null }>(
      tx,
      `INSERT INTO maintenance_due (schedule_id, asset_id, tenant_id, next_due_on, next_due_reading, last_serviced_on, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (schedule_id, asset_id) DO UPDATE SET next_due_on = EXCLUDED.next_due_on, next_due_reading = EXCLUDED.next_due_reading,
         last_serviced_on = EXCLUDED.last_serviced_on, updated_at = EXCLUDED.updated_at
         WHERE maintenance_due.last_serviced_on IS NULL OR maintenance_due.last_serviced_on <= EXCLUDED.last_serviced_on
       RETURNING issue_id AS "issueId"`,
      [scheduleId, assetId, tenantId, next.on, next.reading, performedOn, at],
    );
    return row?.issueId ?? null;
  }

  /** A live asset of the tenant. */
  findAsset(tenantId: string, id: string, db: Db = this.ds): Promise<AssetRef | null> {
    return one(db, `SELECT id, tenant_id AS "tenantId", outlet_id AS "outletId", category_id AS "categoryId", name FROM assets WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, id]);
  }

  async categoryExists(tenantId: string, id: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM asset_categories WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, id])) !== null;
  }

  async vendorExists(tenantId: string, id: string, db: Db = this.ds): Promise<boolean> {
    return (await one(db, `SELECT 1 FROM vendors WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, id])) !== null;
  }

  /** The highest reading of the asset's meter (readings only go up). */
  async latestReading(db: Db, assetId: string, meter: string): Promise<number | null> {
    return (await one<{ value: number | null }>(db, `SELECT max(value) AS value FROM asset_meter_readings WHERE asset_id = $1 AND meter = $2`, [assetId, meter]))!.value;
  }

  async lockAsset(tx: Tx, tenantId: string, id: string): Promise<void> {
    await exec(tx, `SELECT 1 FROM assets WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async insertReading(tx: Tx, tenantId: string, r: MeterReading): Promise<void> {
    await exec(tx, `INSERT INTO asset_meter_readings (id, tenant_id, asset_id, meter, value, recorded_by_user_id, recorded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      r.id,
      tenantId,
      r.assetId,
      r.meter,
      r.value,
      r.recordedByUserId,
      r.recordedAt,
    ]);
  }

  listReadings(tenantId: string, assetId: string, meter: string | undefined, limit: number, offset: number): Promise<MeterReading[]> {
    const params: unknown[] = [tenantId, assetId];
    const byMeter = meter ? ` AND meter = $${params.push(meter)}` : '';
    return many(
      this.ds,
      `SELECT id, asset_id AS "assetId", meter, value, recorded_by_user_id AS "recordedByUserId", recorded_at AS "recordedAt" FROM asset_meter_readings
       WHERE tenant_id = $1 AND asset_id = $2${byMeter} ORDER BY recorded_at DESC, value DESC, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }
}
