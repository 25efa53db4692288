import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ForbiddenError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { TransactionRunner } from '@wfm/db/transaction';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { ChecklistSchedulesRepository, Schedule } from './checklist-schedules.repository.js';
import type { ChecklistTemplatesRepository } from './checklist-templates.repository.js';
import { templateNotFound } from './checklist-templates.service.js';
import type { CreateScheduleBody, ListSchedulesQuery, UpdateScheduleBody } from './checklists.schemas.js';

const scheduleNotFound = () => new NotFoundError('Checklist schedule not found');

/**
 * When a template is done at an outlet: written by OPERATIONS_MANAGERS, an OUTLET_MANAGER at their
 * outlets only. A change applies to runs not made yet; a run made keeps its window.
 */
export class ChecklistSchedulesService {
  constructor(
    private readonly repo: ChecklistSchedulesRepository,
    private readonly templates: ChecklistTemplatesRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
  ) {}

  async list(actor: Actor, query: ListSchedulesQuery): Promise<Schedule[]> {
    const scope = await this.scopes.of(actor);
    return this.repo.list(actor.tenantId, { ...query, ...(scope.kind === 'outlets' ? { outletIds: scope.outletIds } : {}) });
  }

  async create(actor: Actor, body: CreateScheduleBody): Promise<Schedule> {
    if (!(await this.repo.outletExists(actor.tenantId, body.outletId))) throw new NotFoundError('Outlet not found');
    if (!coversOutlet(await this.scopes.of(actor), body.outletId)) throw new ForbiddenError('You can schedule checklists only at your outlets');
    const now = this.clock.now();
    const id = uuid();
    return this.transaction(async (tx) => {
      if (!(await this.templates.find(tx, actor.tenantId, body.templateId, true))) throw templateNotFound();
      await this.repo.insert(tx, {
        id,
        tenantId: actor.tenantId,
        templateId: body.templateId,
        outletId: body.outletId,
        weekdays: [...body.weekdays].sort((a, b) => a - b),
        time: body.time,
        windowMinutes: body.windowMinutes,
        active: body.active,
        createdAt: now,
        updatedAt: now,
      });
      return (await this.repo.find(tx, actor.tenantId, id))!;
    });
  }

  async update(actor: Actor, id: string, body: UpdateScheduleBody): Promise<Schedule> {
    const scope = await this.scopes.of(actor);
    return this.transaction(async (tx) => {
      const found = await this.repo.find(tx, actor.tenantId, id);
      if (!found || !coversOutlet(scope, found.outletId)) throw scheduleNotFound();
      await this.repo.update(tx, actor.tenantId, id, { ...body, ...(body.weekdays ? { weekdays: [...body.weekdays].sort((a, b) => a - b) } : {}) }, this.clock.now());
      return (await this.repo.find(tx, actor.tenantId, id))!;
    });
  }

  async remove(actor: Actor, id: string): Promise<void> {
    const scope = await this.scopes.of(actor);
    await this.transaction(async (tx) => {
      const found = await this.repo.find(tx, actor.tenantId, id);
      if (!found || !coversOutlet(scope, found.outletId)) throw scheduleNotFound();
      await this.repo.softDelete(tx, actor.tenantId, id, this.clock.now());
    });
  }
}
