import type { Role } from '@wfm/core/tenancy';
import type { DataSource } from '@wfm/db/data-source';
import { exec, live, many, one } from '@wfm/db/sql';
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
    const row = await one<{ role: Role }>(
      tx ?? this.ds,
      `SELECT u.role FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}${tx ? ' FOR UPDATE' : ''}`,
      [tenantId, userId],
    );
    return row?.role ?? null;
  }

  async outletIdsOf(tx: Tx | null, tenantId: string, userId: string): Promise<string[]> {
    const rows = await many<{ outlet_id: string }>(
      tx ?? this.ds,
      `SELECT outlet_id FROM user_outlets WHERE tenant_id = $1 AND user_id = $2 ORDER BY outlet_id`,
      [tenantId, userId],
    );
    return rows.map((r) => r.outlet_id);
  }

  async assignedToAny(tenantId: string, userId: string, outletIds: string[]): Promise<boolean> {
    const row = await one<{ hit: boolean }>(this.ds, `SELECT ${assignedToAnySql('$2', '$1', '$3::uuid[]')} AS hit`, [tenantId, userId, outletIds]);
    return row?.hit === true;
  }

  async existingOutlets(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
    const rows = await many<{ id: string }>(tx, `SELECT id FROM outlets WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]);
    return new Set(rows.map((r) => r.id));
  }

  async replace(tx: Tx, tenantId: string, userId: string, outletIds: string[]): Promise<void> {
    await exec(tx, `DELETE FROM user_outlets WHERE tenant_id = $1 AND user_id = $2`, [tenantId, userId]);
    await exec(tx, `INSERT INTO user_outlets (tenant_id, user_id, outlet_id) SELECT $1, $2, unnest($3::uuid[])`, [tenantId, userId, outletIds]);
  }
}
