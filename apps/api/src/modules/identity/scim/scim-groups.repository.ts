import type { DataSource } from '@wfm/db/data-source';
import type { OutletEntity } from '@wfm/db/entities/outlet.entity';
import { exec, live, many, one, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/** An outlet as a SCIM Group: its name as the display name, with its members joined. */
export type ScimGroupRow = Row<OutletEntity, 'id' | 'tenantId' | 'code' | 'createdAt' | 'updatedAt'> & {
  displayName: OutletEntity['name'];
  members: Array<{ value: string; display: string }>;
};

const COLUMNS = `o.id, o.tenant_id AS "tenantId", o.name AS "displayName", o.code, o.created_at AS "createdAt", o.updated_at AS "updatedAt",
  COALESCE((SELECT json_agg(json_build_object('value', u.id, 'display', u.full_name) ORDER BY u.full_name, u.id)
              FROM user_outlets uo JOIN users u ON u.id = uo.user_id AND u.tenant_id = uo.tenant_id
             WHERE uo.tenant_id = o.tenant_id AND uo.outlet_id = o.id AND ${live('u')}), '[]') AS members`;

/** SCIM Groups are the tenant's outlets; their members are the people assigned to them (user-outlets). */
export class ScimGroupsRepository {
  constructor(private readonly ds: DataSource) {}

  async list(tenantId: string, displayName: string | null, startIndex: number, count: number): Promise<{ total: number; rows: ScimGroupRow[] }> {
    const params: unknown[] = [tenantId];
    const where = `o.tenant_id = $1${displayName === null ? '' : ` AND lower(o.name) = lower($${params.push(displayName)})`}`;
    const total = (await one<{ n: number }>(this.ds, `SELECT count(*)::int AS n FROM outlets o WHERE ${where}`, params))!.n;
    const rows = count === 0 ? [] : await many<ScimGroupRow>(this.ds, `SELECT ${COLUMNS} FROM outlets o WHERE ${where} ORDER BY o.created_at, o.id OFFSET $${params.push(startIndex - 1)} LIMIT $${params.push(count)}`, params);
    return { total, rows };
  }

  find(db: Tx | null, tenantId: string, id: string): Promise<ScimGroupRow | null> {
    return one(db ?? this.ds, `SELECT ${COLUMNS} FROM outlets o WHERE o.tenant_id = $1 AND o.id = $2`, [tenantId, id]);
  }

  async lock(tx: Tx, tenantId: string, id: string): Promise<boolean> {
    return (await one(tx, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id])) !== null;
  }

  /** The ids among `ids` that are live people of the tenant. */
  async livePeople(tx: Tx, tenantId: string, ids: string[]): Promise<Set<string>> {
    const rows = await many<{ id: string }>(tx, `SELECT u.id FROM users u WHERE u.tenant_id = $1 AND u.id = ANY($2::uuid[]) AND ${live('u')}`, [tenantId, ids]);
    return new Set(rows.map((r) => r.id));
  }

  async rename(tx: Tx, tenantId: string, id: string, name: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE outlets SET name = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, name, at]);
  }

  async addMembers(tx: Tx, tenantId: string, outletId: string, userIds: string[]): Promise<void> {
    await exec(
      tx,
      `INSERT INTO user_outlets (tenant_id, user_id, outlet_id) SELECT $1, unnest($3::uuid[]), $2 ON CONFLICT DO NOTHING`,
      [tenantId, outletId, userIds],
    );
  }

  async removeMembers(tx: Tx, tenantId: string, outletId: string, userIds: string[] | 'all'): Promise<void> {
    if (userIds === 'all') await exec(tx, `DELETE FROM user_outlets WHERE tenant_id = $1 AND outlet_id = $2`, [tenantId, outletId]);
    else await exec(tx, `DELETE FROM user_outlets WHERE tenant_id = $1 AND outlet_id = $2 AND user_id = ANY($3::uuid[])`, [tenantId, outletId, userIds]);
  }
}
