import type { Tx } from '@wfm/db/transaction';

/**
 * What the users module needs from auth: end every sign-in of a user (deactivated, removed), inside
 * the caller's transaction, so their access and refresh tokens fail on next use.
 */
export interface SessionRevoker {
  revokeAllForUser(tx: Tx, tenantId: string, userId: string, at: Date, reason: string): Promise<void>;
}
