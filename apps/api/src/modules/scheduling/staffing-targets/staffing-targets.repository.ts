import type { DataSource } from '@wfm/db/data-source';
import type { StaffingTargetEntity, StaffingTargetSource } from '@wfm/db/entities/auto-scheduler.entity';
import { exec, many, one } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type StaffingTarget = StaffingTargetEntity;

const COLUMNS = `id, tenant_id AS "tenantId", outlet_id AS "outletId", role, weekday, hour, required, source, created_at AS "createdAt", updated_at AS "updatedAt"`;

export interface TargetSlot {
  id: string;
  outletId: string;
  role: string;
  weekday: number;
  hour: number;
  required: number;
}

export class StaffingTargetsRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string, outletId: string, role?: string): Promise<StaffingTarget[]> {
    const params: unknown[] = [tenantId, outletId];
    const byRole = role === undefined ? '' : ` AND role = $${params.push(role)}`;
    return many(this.ds, `SELECT ${COLUMNS} FROM staffing_targets WHERE tenant_id = $1 AND outlet_id = $2${byRole} ORDER BY role, weekday, hour`, params);
  }

  find(tenantId: string, id: string): Promise<StaffingTarget | null> {
    return one(this.ds, `SELECT ${COLUMNS} FROM staffing_targets WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** Writes each slot (a new id, or the required heads of the slot already there) and returns the rows as stored. */
  async upsert(tx: Tx, tenantId: string, slots: readonly TargetSlot[], source: StaffingTargetSource, at: Date): Promise<StaffingTarget[]> {
    if (slots.length === 0) return [];
    return many(
      tx,
      `INSERT INTO staffing_targets (id, tenant_id, outlet_id, role, weekday, hour, required, source, created_at, updated_at)
       SELECT s.id, $1, s.outlet_id, s.role, s.weekday, s.hour, s.required, $2, $3, $3
         FROM unnest($4::uuid[], $5::uuid[], $6::text[], $7::smallint[], $8::smallint[], $9::int[]) AS s(id, outlet_id, role, weekday, hour, required)
       ON CONFLICT (tenant_id, outlet_id, role, weekday, hour) DO UPDATE SET required = EXCLUDED.required, source = EXCLUDED.source, updated_at = EXCLUDED.updated_at
       RETURNING ${COLUMNS}`,
      [
        tenantId,
        source,
        at,
        slots.map((s) => s.id),
        slots.map((s) => s.outletId),
        slots.map((s) => s.role),
        slots.map((s) => s.weekday),
        slots.map((s) => s.hour),
        slots.map((s) => s.required),
      ],
    );
  }

  /** Removes the outlet's role's slots not among `keep` (weekday-hour keys). */
  removeOthers(tx: Tx, tenantId: string, outletId: string, role: string, keep: readonly string[]): Promise<number> {
    return exec(
      tx,
      `DELETE FROM staffing_targets WHERE tenant_id = $1 AND outlet_id = $2 AND role = $3 AND NOT ((weekday::text || '-' || hour::text) = ANY($4::text[]))`,
      [tenantId, outletId, role, keep],
    );
  }

  async update(tenantId: string, id: string, required: number, at: Date): Promise<StaffingTarget | null> {
    return one(this.ds, `UPDATE staffing_targets SET required = $3, source = 'ENTERED', updated_at = $4 WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`, [tenantId, id, required, at]);
  }

  remove(tenantId: string, id: string): Promise<number> {
    return exec(this.ds, `DELETE FROM staffing_targets WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  /** The tenant's outlets by id and by code (lower case), for a demand file naming either. */
  async outlets(tenantId: string): Promise<Array<{ id: string; code: string | null }>> {
    return many(this.ds, `SELECT id, lower(code) AS code FROM outlets WHERE tenant_id = $1`, [tenantId]);
  }

  async outletExists(tenantId: string, id: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) !== null;
  }
}
