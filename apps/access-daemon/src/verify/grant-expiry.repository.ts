import type { DataSource } from '@wfm/db/data-source';
import type { GrantExpiry } from './verify.service.js';

/**
 * The first refused tap after `expiresAt` moves the grant to EXPIRED. The conditional UPDATE is
 * the arbiter: of several daemons tapping at once exactly one sees the row change and says
 * "Access expired"; the others say "No access to this zone".
 */
export class GrantExpiryRepository implements GrantExpiry {
  constructor(private readonly ds: DataSource) {}

  async expire(grantId: string, at: Date): Promise<boolean> {
    // Wrapped in a SELECT so the driver returns rows, not its [rows, count] shape for UPDATE.
    const rows: Array<{ n: number }> = await this.ds.query(
      `WITH changed AS (
         UPDATE access_grants SET status = 'EXPIRED', expired_at = $2, updated_at = $2
          WHERE id = $1 AND status = 'ACTIVE' AND expires_at <= $2
          RETURNING id)
       SELECT count(*)::int AS n FROM changed`,
      [grantId, at],
    );
    return rows[0]?.n === 1;
  }
}
