import type { Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';

/**
 * SQL condition: the user in `userColumn` (of the tenant in `tenantColumn`) is assigned to one of the
 * outlets bound at `outletIds`, a uuid[] placeholder such as `$4::uuid[]` or `:scopeOutletIds`.
 */
export function assignedToAnySql(userColumn: string, tenantColumn: string, outletIds: string): string {
  return `EXISTS (SELECT 1 FROM user_outlets uo WHERE uo.tenant_id = ${tenantColumn} AND uo.user_id = ${userColumn} AND uo.outlet_id = ANY(${outletIds}))`;
}

export class UserOutletsRepository {
  constructor(private readonly ds: DataSource) {}

  async liveUserRole(tx: Tx | null, tenantId: string, userId: string): Promise<Role | null> {
    const rows: Array<{ role: Role }> = await (tx ?? this.ds).query(
      `SELECT role FROM users WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL${tx ? ' FOR UPDATE' : ''}`,
      [tenantId, userId],
    );
    return rows[0]?.role ?? null;
  }

  async outletIdsOf(tx: Tx | null, tenantId: string, userId: string): Promise<string[]> {
    const rows: Array<{ outlet_id: string }> = await (tx ?? this.ds).query(
      `SELECT outlet_id FROM user_outlets WHERE tenant_id = $1 AND user_id = $2 ORDER BY outlet_id`,
      [tenantId, userId],
    );
    return rows.map((r) => r.outlet_id);
  }

  async assignedToAny(tenantId: string, userId: string, outletIds: string[]): Promise<boolean> {
    const rows: Array<{ hit: boolean }> = await this.ds.query(
      `SELECT ${assignedToAnySql('$2', '$1', '$3::uuid[]')} AS hit`,
      [tenantId, userId, outletIds],
    );
    return rows[0]?.hit === true;
  }

  async existingOutlets(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
    const rows: Array<{ id: string }> = await tx.query(`SELECT id FROM outlets WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]);
    return new Set(rows.map((r) => r.id));
  }

  async replace(tx: Tx, tenantId: string, userId: string, outletIds: string[]): Promise<void> {
    await tx.query(`DELETE FROM user_outlets WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId]);
    await tx.query(`INSERT INTO user_outlets (tenant_id, user_id, outlet_id) SELECT $1, $2, unnest($3::uuid[])`, [tenantId, userId, outletIds]);
  }
}
