import { exec, type StatementSource } from '@wfm/db/sql';
import { withDeadline } from '../db-faults.js';

export interface ExpiredGrant {
  grantId: string;
  at: Date;
}

/** Where the daemon's expiries are recorded. Throws when the database cannot take them. */
export interface GrantExpiryStore {
  expire(grants: readonly ExpiredGrant[]): Promise<void>;
}

/**
 * Moves grants past their expiry to EXPIRED, in one statement per batch. Conditional, so a grant
 * another daemon (or the API) already ended stays as it is, and a retry changes nothing twice.
 */
export class GrantExpiryRepository implements GrantExpiryStore {
  constructor(
    private readonly ds: StatementSource,
    private readonly timeoutMs: number,
  ) {}

  async expire(grants: readonly ExpiredGrant[]): Promise<void> {
    const update = exec(
      this.ds,
      `UPDATE access_grants g SET status = 'EXPIRED', expired_at = v.at, updated_at = v.at
         FROM unnest($1::uuid[], $2::timestamptz[]) AS v(id, at)
        WHERE g.id = v.id AND g.status = 'ACTIVE' AND g.expires_at <= v.at`,
      [grants.map((g) => g.grantId), grants.map((g) => g.at)],
    );
    await withDeadline(update, this.timeoutMs, 'grant expiry');
  }
}
