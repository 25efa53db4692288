import type { DataSource } from '@wfm/db/data-source';

export class AccessScopeRepository {
  constructor(private readonly ds: DataSource) {}

  async outletIdsOf(tenantId: string, userId: string): Promise<string[]> {
    const rows: Array<{ outlet_id: string }> = await this.ds.query(
      `SELECT outlet_id FROM user_outlets WHERE tenant_id = $1 AND user_id = $2`,
      [tenantId, userId],
    );
    return rows.map((r) => r.outlet_id);
  }
}
