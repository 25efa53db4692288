import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { OutletEntity, type OutletStatus } from '@wfm/db/entities/outlet.entity';

export type Outlet = OutletEntity;
export type OutletChanges = Partial<Pick<OutletEntity, 'name' | 'code' | 'city' | 'address' | 'status'>>;

export const CODE_TAKEN = 'An outlet with this code already exists';

/** The unique index on (tenant_id, lower(code)), so a lost race still answers 409. */
async function conflictOnUniqueViolation<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
    throw driver?.code === '23505' && driver.constraint === 'outlets_tenant_code_key' ? new ConflictError(CODE_TAKEN) : err;
  }
}

export class OutletsRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string, status: OutletStatus | undefined): Promise<Outlet[]> {
    return this.ds.getRepository(OutletEntity).find({
      where: status ? { tenantId, status } : { tenantId },
      order: { name: 'ASC', id: 'ASC' },
    });
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Outlet | null> {
    return tx.getRepository(OutletEntity).findOne({ where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(tx: Tx, rows: Outlet[]): Promise<void> {
    await conflictOnUniqueViolation(tx.insert(OutletEntity, rows));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: OutletChanges, at: Date): Promise<Outlet> {
    await conflictOnUniqueViolation(tx.update(OutletEntity, { tenantId, id }, { ...changes, updatedAt: at }));
    return tx.getRepository(OutletEntity).findOneByOrFail({ tenantId, id });
  }

  /** Lower-cased codes among these that the tenant already uses. */
  async takenCodes(tx: Tx, tenantId: string, lowerCodes: string[]): Promise<Set<string>> {
    const rows: Array<{ code: string }> = await tx.query(
      `SELECT lower(code) AS code FROM outlets WHERE tenant_id = $1 AND lower(code) = ANY($2::text[])`,
      [tenantId, lowerCodes],
    );
    return new Set(rows.map((r) => r.code));
  }
}
