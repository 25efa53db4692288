import type { DataSource } from '@wfm/db/data-source';
import { exec } from '@wfm/db/sql';
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
    const update = exec(
      this.ds,
      `UPDATE access_grants SET status = 'EXPIRED', expired_at = $2, updated_at = $2 WHERE id = $1 AND status = 'ACTIVE' AND expires_at <= $2`,
      [grantId, at],
    );
    return (await withDeadline(update, this.timeoutMs, 'grant expiry')) === 1;
  }
}
