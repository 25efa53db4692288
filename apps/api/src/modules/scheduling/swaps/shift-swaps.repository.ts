import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { ShiftSwapEntity, SwapStatus } from '@wfm/db/entities/scheduling.entity';
import type { ShiftAssignmentEntity } from '@wfm/db/entities/shift-assignment.entity';
import type { UserEntity } from '@wfm/db/entities/user.entity';
import { exec, many, one, onConstraint, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

export type ShiftSwap = ShiftSwapEntity;

const SWAP_COLUMNS = `w.id, w.tenant_id AS "tenantId", w.requester_user_id AS "requesterUserId", w.requester_assignment_id AS "requesterAssignmentId",
  w.peer_user_id AS "peerUserId", w.peer_assignment_id AS "peerAssignmentId", w.status, w.note, w.decided_by_user_id AS "decidedByUserId",
  w.decided_at AS "decidedAt", w.decision_note AS "decisionNote", w.created_at AS "createdAt", w.updated_at AS "updatedAt"`;

const ONE_OPEN_SWAP = {
  shift_swaps_open_requester_key: () => new ConflictError('Your shift is already in a pending swap', 'SWAP_PENDING'),
  shift_swaps_open_peer_key: () => new ConflictError('That shift is already in a pending swap', 'SWAP_PENDING'),
};

export interface SwapFilter {
  status?: SwapStatus;
  /** Swaps this person is a party to. */
  partyUserId?: string;
  /** An OUTLET_MANAGER's scope: swaps of shifts at these outlets. */
  outletIds?: string[];
}

/** A colleague's shift that may be asked for in exchange (shift-swaps.service candidates). */
export type SwapCandidate = Row<ShiftAssignmentEntity, 'userId' | 'scheduledStart' | 'scheduledEnd' | 'type'> &
  Row<UserEntity, 'fullName'> & { shiftAssignmentId: ShiftAssignmentEntity['id'] };

export class ShiftSwapsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, w: ShiftSwap): Promise<void> {
    await exec(
      tx,
      `INSERT INTO shift_swaps (id, tenant_id, requester_user_id, requester_assignment_id, peer_user_id, peer_assignment_id, status, note, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [w.id, w.tenantId, w.requesterUserId, w.requesterAssignmentId, w.peerUserId, w.peerAssignmentId, w.status, w.note, w.createdAt],
    ).catch((err) => onConstraint(err, ONE_OPEN_SWAP));
  }

  /** How the colleague asked is named to them. */
  async fullName(tx: Tx, tenantId: string, userId: string): Promise<string> {
    return (await one<{ fullName: string }>(tx, `SELECT full_name AS "fullName" FROM users WHERE tenant_id = $1 AND id = $2`, [tenantId, userId]))!.fullName;
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<ShiftSwap | null> {
    return one(tx, `SELECT ${SWAP_COLUMNS} FROM shift_swaps w WHERE w.tenant_id = $1 AND w.id = $2 FOR UPDATE`, [tenantId, id]);
  }

  async setStatus(tx: Tx, tenantId: string, id: string, status: SwapStatus, at: Date, decision?: { by: string; note: string | null }): Promise<ShiftSwap> {
    const row = await one<ShiftSwap>(
      tx,
      `UPDATE shift_swaps w SET status = $3, updated_at = $4,
              decided_by_user_id = COALESCE($5, w.decided_by_user_id), decided_at = CASE WHEN $5::uuid IS NULL THEN w.decided_at ELSE $4 END,
              decision_note = CASE WHEN $5::uuid IS NULL THEN w.decision_note ELSE $6 END
        WHERE w.tenant_id = $1 AND w.id = $2 RETURNING ${SWAP_COLUMNS}`,
      [tenantId, id, status, at, decision?.by ?? null, decision?.note ?? null],
    );
    return row!;
  }

  /** Newest first. The outlet of a swap is its shifts' outlet (both are at the same one). */
  list(tenantId: string, filter: SwapFilter, limit: number, offset: number): Promise<ShiftSwap[]> {
    const params: unknown[] = [tenantId];
    const where = ['w.tenant_id = $1'];
    if (filter.status) where.push(`w.status = $${params.push(filter.status)}`);
    if (filter.partyUserId) where.push(`(w.requester_user_id = $${params.push(filter.partyUserId)} OR w.peer_user_id = $${params.length})`);
    if (filter.outletIds) {
      where.push(`EXISTS (SELECT 1 FROM shift_assignments s WHERE s.tenant_id = $1 AND s.id = w.requester_assignment_id AND s.outlet_id = ANY($${params.push(filter.outletIds)}::uuid[]))`);
    }
    return many(
      this.ds,
      `SELECT ${SWAP_COLUMNS} FROM shift_swaps w WHERE ${where.join(' AND ')} ORDER BY w.created_at DESC, w.id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }

  /**
   * The SCHEDULED, not yet started shifts of the other active people at `outletId`, soonest first:
   * what a person may ask to take in exchange for one of theirs there.
   */
  candidates(tenantId: string, outletId: string, exceptUserId: string, startingAfter: Date, limit: number): Promise<SwapCandidate[]> {
    return many(
      this.ds,
      `SELECT s.id AS "shiftAssignmentId", s.user_id AS "userId", u.full_name AS "fullName", s.scheduled_start AS "scheduledStart",
              s.scheduled_end AS "scheduledEnd", s.type
         FROM shift_assignments s
         JOIN users u ON u.tenant_id = s.tenant_id AND u.id = s.user_id
        WHERE s.tenant_id = $1 AND s.outlet_id = $2 AND s.user_id <> $3 AND s.status = 'SCHEDULED' AND s.scheduled_start > $4
          AND u.status = 'ACTIVE' AND u.deleted_at IS NULL
        ORDER BY s.scheduled_start, s.id
        LIMIT $5`,
      [tenantId, outletId, exceptUserId, startingAfter, limit],
    );
  }
}
