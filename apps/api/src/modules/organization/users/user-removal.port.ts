import type { Tx } from '@wfm/db/transaction';
import type { Propagation } from '../../access/feed/propagation.js';

export interface UserRemoval {
  tenantId: string;
  userId: string;
  /** Null when an integration (SCIM) removed the person. */
  removedBy: string | null;
  at: Date;
}

/**
 * What else ends when a user is removed (their door grants). Runs inside the removal's
 * transaction; returns the work to do once it has committed (telling the access daemons).
 */
export interface UserRemovalListener {
  userRemoved(tx: Tx, removal: UserRemoval): Promise<() => Promise<Propagation>>;
  /** Deactivation and reactivation: a deactivated person's door credential must stop at once. */
  userStatusChanged(tx: Tx, change: { tenantId: string; userId: string }): Promise<() => Promise<Propagation>>;
}
