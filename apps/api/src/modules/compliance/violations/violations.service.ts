import type { Clock } from '@wfm/core/clock';
import { BadRequestError, ConflictError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { DataSource } from '@wfm/db/data-source';
import type { TransactionRunner } from '@wfm/db/transaction';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { ViolationTrace } from '../engine/engine.js';
import type { ViolationRow, ViolationsRepository } from './violations.repository.js';
import type { ListViolationsQuery, OverrideViolationBody, ViolationDto } from './violations.schemas.js';

export function toViolationDto(v: ViolationRow): ViolationDto {
  return {
    id: v.id,
    userId: v.userId,
    outletId: v.outletId,
    phase: v.phase,
    ruleId: v.ruleId,
    packId: v.packId,
    packVersion: v.packVersion,
    mode: v.mode,
    date: v.localDate,
    status: v.status,
    shiftAssignmentIds: v.shiftAssignmentIds,
    attendanceEventIds: v.attendanceEventIds,
    sentence: v.sentence,
    trace: v.trace as ViolationTrace,
    overrideReason: v.overrideReason,
    overriddenByUserId: v.overriddenByUserId,
    overriddenAt: v.overriddenAt?.toISOString() ?? null,
    createdAt: v.createdAt.toISOString(),
    updatedAt: v.updatedAt.toISOString(),
  };
}

const notFound = () => new NotFoundError('Violation not found');

/**
 * Recorded breaches: managers read them (an OUTLET_MANAGER those at their outlets), and the roles
 * allowed to override accept one with a reason, which is kept with who and when, on people at or
 * below their rank (the people policy's `work`).
 */
export class ViolationsService {
  constructor(
    private readonly ds: DataSource,
    private readonly repo: ViolationsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
    private readonly people: PeoplePolicy,
  ) {}

  async list(actor: Actor, query: ListViolationsQuery): Promise<ViolationDto[]> {
    const { limit, offset, ...filter } = query;
    if (filter.from && filter.to && filter.to < filter.from) throw new BadRequestError(['to must not be before from']);
    const scope = await this.scopes.of(actor);
    const rows = await this.repo.list(this.ds, actor.tenantId, { ...filter, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) }, limit, offset);
    return rows.map(toViolationDto);
  }

  async override(actor: Actor, id: string, body: OverrideViolationBody): Promise<ViolationDto> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const v = await this.repo.lock(tx, actor.tenantId, id);
      if (!v || (v.outletId !== null ? !coversOutlet(scope, v.outletId) : scope.kind !== 'tenant')) throw notFound();
      // Accepting a breach of someone's working time directs their work, as assigning the shift did.
      await this.people.assert(tx, actor, v.userId, 'work');
      if (v.status === 'OVERRIDDEN') throw new ConflictError('The violation is already overridden', 'ALREADY_OVERRIDDEN');
      return toViolationDto(await this.repo.override(tx, actor.tenantId, id, { reason: body.reason, by: actor.userId, at: this.clock.now() }));
    });
  }
}
