import type { DataSource } from '@wfm/db/data-source';
import { withDeadline } from '../db-faults.js';
import type { GrantExpiry } from './verify.service.js';

/**
 * The first refused tap after `expiresAt` moves the grant to EXPIRED. The conditional UPDATE is
 * the arbiter: of several daemons tapping at once exactly one sees the row change and says
 * "Access expired"; the others say "No access to this zone".
 */
export class GrantExpiryRepository implements GrantExpiry {
  /** `timeoutMs` bounds the wait on the door path: a stalled database rejects like an unreachable one. */
  constructor(
    private readonly ds: DataSource,
    private readonly timeoutMs: number,
  ) {}

  async expire(grantId: string, at: Date): Promise<boolean> {
    // Wrapped in a SELECT so the driver returns rows, not its [rows, count] shape for UPDATE.
    const update: Promise<Array<{ n: number }>> = this.ds.query(
      `WITH changed AS (
         UPDATE access_grants SET status = 'EXPIRED', expired_at = $2, updated_at = $2
          WHERE id = $1 AND status = 'ACTIVE' AND expires_at <= $2
          RETURNING id)
       SELECT count(*)::int AS n FROM changed`,
      [grantId, at],
    );
    const rows = await withDeadline(update, this.timeoutMs, 'grant expiry');
    return rows[0]?.n === 1;
  }
}
