import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { OutletEntity, type OutletStatus } from '@wfm/db/entities/outlet.entity';
import { UserEntity, type UserStatus } from '@wfm/db/entities/user.entity';
import { ShiftAssignmentEntity, type ShiftStatus } from '@wfm/db/entities/shift-assignment.entity';

export type ShiftAssignment = ShiftAssignmentEntity;
export type ShiftChanges = Partial<Pick<ShiftAssignmentEntity, 'scheduledStart' | 'scheduledEnd' | 'outletId' | 'type' | 'status' | 'note'>>;

export interface ShiftFilter {
  userId?: string;
  outletId?: string;
  status?: ShiftStatus;
  from?: Date;
  to?: Date;
  /** An outlet scope: shifts at these outlets, and the shifts of this person wherever they are. */
  visible?: { outletIds: string[]; userId: string };
}

function shiftOverlap(): ConflictError {
  return new ConflictError('The shift overlaps another shift of this user', 'SHIFT_OVERLAP');
}

/** The exclusion constraint is the overlap rule; this turns its violation into the spec's 409. */
async function overlapAsConflict<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
    throw driver?.code === '23P01' && driver.constraint === 'shift_assignments_no_overlap' ? shiftOverlap() : err;
  }
}

export class ShiftsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Ordered by start then id, which is unique, so pages neither repeat nor skip rows. */
  list(tenantId: string, filter: ShiftFilter, limit: number, offset: number): Promise<ShiftAssignment[]> {
    const qb = this.ds.getRepository(ShiftAssignmentEntity).createQueryBuilder('s').where('s.tenant_id = :tenantId', { tenantId });
    if (filter.userId) qb.andWhere('s.user_id = :userId', { userId: filter.userId });
    if (filter.outletId) qb.andWhere('s.outlet_id = :outletId', { outletId: filter.outletId });
    if (filter.status) qb.andWhere('s.status = :status', { status: filter.status });
    if (filter.from) qb.andWhere('s.scheduled_start >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('s.scheduled_start < :to', { to: filter.to });
    if (filter.visible) {
      qb.andWhere('(s.outlet_id = ANY(:visibleOutletIds) OR s.user_id = :visibleUserId)', {
        visibleOutletIds: filter.visible.outletIds,
        visibleUserId: filter.visible.userId,
      });
    }
    return qb.orderBy('s.scheduled_start', 'ASC').addOrderBy('s.id', 'ASC').limit(limit).offset(offset).getMany();
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<ShiftAssignment | null> {
    return tx.getRepository(ShiftAssignmentEntity).findOne({ where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
  }

  async insert(tx: Tx, row: ShiftAssignment): Promise<void> {
    await overlapAsConflict(tx.insert(ShiftAssignmentEntity, row));
  }

  async update(tx: Tx, tenantId: string, id: string, changes: ShiftChanges, at: Date): Promise<ShiftAssignment> {
    await overlapAsConflict(tx.update(ShiftAssignmentEntity, { tenantId, id }, { ...changes, updatedAt: at }));
    return tx.getRepository(ShiftAssignmentEntity).findOneByOrFail({ tenantId, id });
  }

  /** Status of a live user of the tenant, or null when there is none with this id. */
  async userStatus(tx: Tx, tenantId: string, id: string): Promise<UserStatus | null> {
    const user = await tx.getRepository(UserEntity).findOne({ select: { id: true, status: true }, where: { tenantId, id } });
    return user?.status ?? null;
  }

  async outletStatus(tx: Tx, tenantId: string, id: string): Promise<OutletStatus | null> {
    const outlet = await tx.getRepository(OutletEntity).findOne({ select: { id: true, status: true }, where: { tenantId, id } });
    return outlet?.status ?? null;
  }
}
