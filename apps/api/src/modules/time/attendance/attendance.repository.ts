import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { Tx } from '@wfm/db/transaction';
import { AttendanceEventEntity, type AttendanceStatus } from '@wfm/db/entities/attendance-event.entity';

export type AttendanceEvent = AttendanceEventEntity;
export type AttendanceChanges = Partial<Pick<AttendanceEventEntity, 'clockOutAt' | 'status' | 'reviewNote' | 'reviewedByUserId' | 'reviewedAt'>>;

export interface AttendanceFilter {
  userId?: string;
  outletId?: string;
  status?: AttendanceStatus;
  from?: Date;
  to?: Date;
  /** An outlet scope: events at these outlets, and the events of this person wherever they are. */
  visible?: { outletIds: string[]; userId: string };
}

export function alreadyClockedIn(): ConflictError {
  return new ConflictError('You are already clocked in');
}

export class AttendanceRepository {
  constructor(private readonly ds: DataSource) {}

  /** Ordered by clock-in then id, which is unique, so pages neither repeat nor skip rows. */
  list(tenantId: string, filter: AttendanceFilter, limit: number, offset: number): Promise<AttendanceEvent[]> {
    const qb = this.ds.getRepository(AttendanceEventEntity).createQueryBuilder('a').where('a.tenant_id = :tenantId', { tenantId });
    if (filter.userId) qb.andWhere('a.user_id = :userId', { userId: filter.userId });
    if (filter.outletId) qb.andWhere('a.outlet_id = :outletId', { outletId: filter.outletId });
    if (filter.status) qb.andWhere('a.status = :status', { status: filter.status });
    if (filter.from) qb.andWhere('a.clock_in_at >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('a.clock_in_at < :to', { to: filter.to });
    if (filter.visible) {
      qb.andWhere('(a.outlet_id = ANY(:visibleOutletIds) OR a.user_id = :visibleUserId)', {
        visibleOutletIds: filter.visible.outletIds,
        visibleUserId: filter.visible.userId,
      });
    }
    return qb.orderBy('a.clock_in_at', 'ASC').addOrderBy('a.id', 'ASC').limit(limit).offset(offset).getMany();
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<AttendanceEvent | null> {
    return tx.getRepository(AttendanceEventEntity).findOne({ where: { tenantId, id }, lock: { mode: 'pessimistic_write' } });
  }

  lockOpen(tx: Tx, tenantId: string, userId: string): Promise<AttendanceEvent | null> {
    return tx.getRepository(AttendanceEventEntity).findOne({ where: { tenantId, userId, status: 'OPEN' }, lock: { mode: 'pessimistic_write' } });
  }

  /** The partial unique index on open events decides a race between two clock-ins. */
  async insert(tx: Tx, row: AttendanceEvent): Promise<void> {
    try {
      await tx.insert(AttendanceEventEntity, row);
    } catch (err) {
      const driver = (err as { driverError?: { code?: string; constraint?: string } }).driverError;
      throw driver?.code === '23505' && driver.constraint === 'attendance_events_one_open_key' ? alreadyClockedIn() : err;
    }
  }

  async update(tx: Tx, tenantId: string, id: string, changes: AttendanceChanges, at: Date): Promise<AttendanceEvent> {
    await tx.update(AttendanceEventEntity, { tenantId, id }, { ...changes, updatedAt: at });
    return tx.getRepository(AttendanceEventEntity).findOneByOrFail({ tenantId, id });
  }
}
