import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import {
  LeaveApprovalStepEntity,
  LeaveRequestApprovalEntity,
  LeaveRequestEntity,
  type LeaveApproverRole,
  type LeaveStatus,
  type LeaveType,
} from '@wfm/db/entities/leave.entity';
import { TenantEntity } from '@wfm/db/entities/tenant.entity';
import { UserEntity } from '@wfm/db/entities/user.entity';
import { assignedToAnySql } from '../../organization/user-outlets/user-outlets.repository.js';

export type LeaveRequest = LeaveRequestEntity;
export type LeaveApproval = LeaveRequestApprovalEntity;
export type LeaveRequestChanges = Partial<Pick<LeaveRequestEntity, 'status' | 'currentStep' | 'decidedAt'>>;

export interface LeaveListFilter {
  /** Set for callers who may see only one person's requests. */
  onlyUserId?: string;
  /** An outlet scope: requests of the people of these outlets, and this person's own. */
  visible?: { outletIds: string[]; userId: string };
  status?: LeaveStatus;
  type?: LeaveType;
  userId?: string;
  from?: Date;
  to?: Date;
  limit: number;
  offset: number;
}

export const LEAVE_OVERLAP = 'The dates overlap another pending or approved leave request of this person';

/** The exclusion constraint of the migration, so concurrent overlapping submissions still answer 409. */
async function conflictOnOverlap<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
    throw driver?.code === '23P01' && driver.constraint === 'leave_requests_no_overlap' ? new ConflictError(LEAVE_OVERLAP, 'LEAVE_OVERLAP') : err;
  }
}

export class LeaveRepository {
  constructor(private readonly ds: DataSource) {}

  async tenantTimezone(tx: Tx, tenantId: string): Promise<string> {
    return (await tx.getRepository(TenantEntity).findOneByOrFail({ id: tenantId })).timezone;
  }

  /** Soft-deleted users are excluded by the entity's delete-date column. */
  async liveUserExists(tx: Tx, tenantId: string, userId: string): Promise<boolean> {
    return tx.getRepository(UserEntity).existsBy({ tenantId, id: userId });
  }

  async insert(tx: Tx, row: LeaveRequest): Promise<void> {
    await conflictOnOverlap(tx.insert(LeaveRequestEntity, row));
  }

  find(tenantId: string, id: string): Promise<LeaveRequest | null> {
    return this.ds.getRepository(LeaveRequestEntity).findOneBy({ tenantId, id });
  }

  /** Locks the row so two decisions on one request are applied one after the other. */
  lock(tx: Tx, tenantId: string, id: string): Promise<LeaveRequest | null> {
    return tx.getRepository(LeaveRequestEntity).findOne({ where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async update(tx: Tx, tenantId: string, id: string, changes: LeaveRequestChanges, at: Date): Promise<LeaveRequest> {
    await tx.update(LeaveRequestEntity, { tenantId, id }, { ...changes, updatedAt: at });
    return tx.getRepository(LeaveRequestEntity).findOneByOrFail({ tenantId, id });
  }

  /** (created_at, id) is unique, so pages neither repeat nor skip rows while offset grows. */
  list(tenantId: string, f: LeaveListFilter): Promise<LeaveRequest[]> {
    const q = this.ds.getRepository(LeaveRequestEntity).createQueryBuilder('l').where('l.tenant_id = :tenantId', { tenantId });
    if (f.onlyUserId !== undefined) q.andWhere('l.user_id = :onlyUserId', { onlyUserId: f.onlyUserId });
    if (f.userId !== undefined) q.andWhere('l.user_id = :userId', { userId: f.userId });
    if (f.visible !== undefined) {
      q.andWhere(`(l.user_id = :visibleUserId OR ${assignedToAnySql('l.user_id', 'l.tenant_id', ':visibleOutletIds')})`, {
        visibleUserId: f.visible.userId,
        visibleOutletIds: f.visible.outletIds,
      });
    }
    if (f.status !== undefined) q.andWhere('l.status = :status', { status: f.status });
    if (f.type !== undefined) q.andWhere('l.leave_type = :type', { type: f.type });
    // Overlap with [from, to]: the leave ends at or after `from` and starts at or before `to`.
    if (f.from !== undefined) q.andWhere('l.end_date >= :from', { from: f.from });
    if (f.to !== undefined) q.andWhere('l.start_date <= :to', { to: f.to });
    return q.orderBy('l.created_at', 'ASC').addOrderBy('l.id', 'ASC').limit(f.limit).offset(f.offset).getMany();
  }

  /** Decisions on these requests, oldest step first. */
  approvalsOf(tenantId: string, requestIds: string[], tx?: Tx): Promise<LeaveApproval[]> {
    if (!requestIds.length) return Promise.resolve([]);
    return (tx ?? this.ds.manager)
      .getRepository(LeaveRequestApprovalEntity)
      .createQueryBuilder('a')
      .where('a.tenant_id = :tenantId AND a.leave_request_id = ANY(:requestIds)', { tenantId, requestIds })
      .orderBy('a.leave_request_id')
      .addOrderBy('a.step')
      .getMany();
  }

  async insertApproval(tx: Tx, row: LeaveApproval): Promise<void> {
    await tx.insert(LeaveRequestApprovalEntity, row);
  }

  /** The tenant's configured steps in order; empty when it uses the default chain. */
  async chain(tenantId: string, tx?: Tx): Promise<LeaveApproverRole[]> {
    const rows = await (tx ?? this.ds.manager).getRepository(LeaveApprovalStepEntity).find({ where: { tenantId }, order: { step: 'ASC' } });
    return rows.map((r) => r.approverRole);
  }

  /**
   * Replaces the whole chain. Locking the tenant row makes concurrent replacements apply in turn;
   * NO KEY UPDATE, so other writes that reference the tenant are not held up.
   */
  async replaceChain(tx: Tx, tenantId: string, roles: LeaveApproverRole[]): Promise<void> {
    await tx.getRepository(TenantEntity).findOne({ where: { id: tenantId }, lock: { mode: 'for_no_key_update' } });
    await tx.delete(LeaveApprovalStepEntity, { tenantId });
    await tx.insert(
      LeaveApprovalStepEntity,
      roles.map((approverRole, i) => ({ tenantId, step: i + 1, approverRole })),
    );
  }
}
