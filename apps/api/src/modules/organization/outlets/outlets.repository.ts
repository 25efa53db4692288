import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { OutletEntity, OutletStatus } from '@wfm/db/entities/outlet.entity';
import { assignments, exec, many, one, onConstraint, type Columns, type Db } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type Outlet = OutletEntity;
export type OutletChanges = Partial<Pick<OutletEntity, 'name' | 'code' | 'city' | 'address' | 'timezone' | 'status'>>;

export const CODE_TAKEN = 'An outlet with this code already exists';

/**
 * The zone an outlet's local days and hours are read in: its own, else its company's. `outlet` and
 * `tenant` are the aliases of its outlets and tenants rows in the query.
 */
export const outletZoneSql = (outlet: string, tenant: string) => `COALESCE(${outlet}.timezone, ${tenant}.timezone)`;

/** The zone of each of these outlets of the tenant (see outletZoneSql); an id the tenant has no outlet for is absent. */
export async function outletZones(db: Db, tenantId: string, outletIds: readonly string[]): Promise<Map<string, string>> {
  const rows = await many<{ id: string; zone: string }>(
    db,
    `SELECT o.id, ${outletZoneSql('o', 't')} AS zone FROM outlets o JOIN tenants t ON t.id = o.tenant_id WHERE o.tenant_id = $1 AND o.id = ANY($2::uuid[])`,
    [tenantId, outletIds],
  );
  return new Map(rows.map((r) => [r.id, r.zone]));
}

/** One outlet's zone; null when the tenant has no such outlet. */
export async function outletZone(db: Db, tenantId: string, outletId: string): Promise<string | null> {
  return (await outletZones(db, tenantId, [outletId])).get(outletId.toLowerCase()) ?? null;
}

const OUTLET_COLUMNS = `id, tenant_id AS "tenantId", name, code, city, address, timezone, status, created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<OutletChanges & { updatedAt: Date }> = {
  name: 'name',
  code: 'code',
  city: 'city',
  address: 'address',
  timezone: 'timezone',
  status: 'status',
  updatedAt: 'updated_at',
};

/** The unique index on (tenant_id, lower(code)), so a lost race still answers 409. */
const TAKEN = { outlets_tenant_code_key: () => new ConflictError(CODE_TAKEN) };

export class OutletsRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string, status: OutletStatus | undefined): Promise<Outlet[]> {
    return many(
      this.ds,
      `SELECT ${OUTLET_COLUMNS} FROM outlets WHERE tenant_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY name, id`,
      [tenantId, status ?? null],
    );
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Outlet | null> {
    return one(tx, `SELECT ${OUTLET_COLUMNS} FROM outlets WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async insert(tx: Tx, rows: Outlet[]): Promise<void> {
    await exec(
      tx,
      `INSERT INTO outlets (id, tenant_id, name, code, city, address, timezone, status, created_at, updated_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::timestamptz[], $10::timestamptz[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.tenantId),
        rows.map((r) => r.name),
        rows.map((r) => r.code),
        rows.map((r) => r.city),
        rows.map((r) => r.address),
        rows.map((r) => r.timezone),
        rows.map((r) => r.status),
        rows.map((r) => r.createdAt),
        rows.map((r) => r.updatedAt),
      ],
    ).catch((err) => onConstraint(err, TAKEN));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: OutletChanges, at: Date): Promise<Outlet> {
    const params: unknown[] = [tenantId, id];
    const row = await one<Outlet>(
      tx,
      `UPDATE outlets SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${OUTLET_COLUMNS}`,
      params,
    ).catch((err) => onConstraint(err, TAKEN));
    return row!;
  }

  /** Lower-cased codes among these that the tenant already uses. */
  async takenCodes(tx: Tx, tenantId: string, lowerCodes: string[]): Promise<Set<string>> {
    const rows = await many<{ code: string }>(tx, `SELECT lower(code) AS code FROM outlets WHERE tenant_id = $1 AND lower(code) = ANY($2::text[])`, [
      tenantId,
      lowerCodes,
    ]);
    return new Set(rows.map((r) => r.code));
  }
}
