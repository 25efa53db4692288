import type { DataSource } from '@wfm/db/data-source';
import type { HeldTransaction } from '@wfm/db/held-transaction';
import { exec, one } from '@wfm/db/sql';

export interface KeyRef {
  tenantId: string;
  credential: string;
  key: string;
}

/** The answer a key recorded; `body` is null when it was over the kept size. */
export interface StoredAnswer {
  fingerprint: string;
  status: number;
  headers: Record<string, string>;
  body: Buffer | null;
  bodyKept: boolean;
}

/** PostgreSQL's lock_not_available: the claim waited longer than its lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

export class IdempotencyRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Claims the key in the held transaction: 'claimed' when this request is to run, the stored
   * answer when a committed request already used it, 'busy' when the request holding it did not
   * finish within `waitMs`. A row past its expiry that the cleanup has not reached yet is claimed
   * afresh. The INSERT waits on the unique index for a request holding the same key.
   */
  async claim(held: HeldTransaction, ref: KeyRef, fingerprint: string, now: Date, expiresAt: Date, waitMs: number): Promise<'claimed' | 'busy' | StoredAnswer> {
    const tx = held.runner.manager;
    await held.runner.query(`SET LOCAL lock_timeout = ${Math.trunc(waitMs)}`);
    let claimed: unknown;
    try {
      claimed = await one(
        tx,
        `INSERT INTO idempotency_keys (tenant_id, credential, key, fingerprint, status, headers, created_at, expires_at)
         VALUES ($1, $2, $3, $4, 0, '{}'::jsonb, $5, $6)
         ON CONFLICT (tenant_id, credential, key) DO UPDATE
           SET fingerprint = EXCLUDED.fingerprint, status = 0, headers = '{}'::jsonb, body = NULL, body_kept = true, created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
           WHERE idempotency_keys.expires_at <= EXCLUDED.created_at
         RETURNING 1 AS claimed`,
        [ref.tenantId, ref.credential, ref.key, fingerprint, now, expiresAt],
      );
    } catch (err) {
      if ((err as { code?: unknown }).code === LOCK_NOT_AVAILABLE) return 'busy';
      throw err;
    } finally {
      await held.runner.query('SET LOCAL lock_timeout TO DEFAULT');
    }
    if (claimed) return 'claimed';
    const stored = await one<StoredAnswer>(
      tx,
      `SELECT fingerprint, status, headers, body, body_kept AS "bodyKept" FROM idempotency_keys WHERE tenant_id = $1 AND credential = $2 AND key = $3`,
      [ref.tenantId, ref.credential, ref.key],
    );
    return stored ?? 'busy';
  }

  /** Records the answer on the claimed key, in the held transaction. */
  async answer(held: HeldTransaction, ref: KeyRef, answer: Omit<StoredAnswer, 'fingerprint'>): Promise<void> {
    await exec(
      held.runner.manager,
      `UPDATE idempotency_keys SET status = $4, headers = $5, body = $6, body_kept = $7 WHERE tenant_id = $1 AND credential = $2 AND key = $3`,
      [ref.tenantId, ref.credential, ref.key, answer.status, JSON.stringify(answer.headers), answer.body, answer.bodyKept],
    );
  }

  /** Deletes expired keys, `batch` rows per statement so no statement holds many locks; returns how many. */
  async deleteExpired(now: Date, batch = 1000): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await exec(
        this.ds,
        `DELETE FROM idempotency_keys WHERE ctid IN (SELECT ctid FROM idempotency_keys WHERE expires_at <= $1 LIMIT $2)`,
        [now, batch],
      );
      total += n;
      if (n < batch) return total;
    }
  }
}
