import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { BadRequestError, NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { PeoplePolicy } from '../../organization/users/people-policy.service.js';
import type { Automation, AutomationRun, AutomationTrigger, AutomationsRepository } from './automations.repository.js';
import { ISSUE_ONLY_ACTIONS, type AutomationAction, type CreateAutomationBody, type ListRunsQuery, type UpdateAutomationBody } from './automations.schemas.js';

function automationNotFound(): NotFoundError {
  return new NotFoundError('Automation not found');
}

/** Automations are tenant-wide rules kept by the outlet administrators; the worker (automation-worker.ts) runs them. */
export class AutomationsService {
  constructor(
    private readonly repo: AutomationsRepository,
    private readonly clock: Clock,
    private readonly people: PeoplePolicy,
  ) {}

  async create(actor: Actor, body: CreateAutomationBody): Promise<Automation> {
    await this.assertOutlet(actor.tenantId, body.outletId ?? null);
    await this.assertActions(actor, body.trigger, body.actions);
    const now = this.clock.now();
    const automation: Automation = {
      id: uuid(),
      tenantId: actor.tenantId,
      name: body.name,
      trigger: body.trigger,
      outletId: body.outletId ?? null,
      actions: body.actions,
      active: body.active,
      createdByUserId: actor.userId,
      createdAt: now,
      updatedAt: now,
    };
    await this.repo.insert(automation);
    return automation;
  }

  list(actor: Actor): Promise<Automation[]> {
    return this.repo.list(actor.tenantId);
  }

  async get(actor: Actor, id: string): Promise<Automation> {
    return (await this.repo.find(actor.tenantId, id)) ?? Promise.reject(automationNotFound());
  }

  async update(actor: Actor, id: string, body: UpdateAutomationBody): Promise<Automation> {
    const current = await this.get(actor, id);
    if (body.outletId) await this.assertOutlet(actor.tenantId, body.outletId);
    if (body.trigger || body.actions) await this.assertActions(actor, body.trigger ?? current.trigger, body.actions ?? current.actions);
    return (await this.repo.update(actor.tenantId, id, body, this.clock.now())) ?? Promise.reject(automationNotFound());
  }

  async remove(actor: Actor, id: string): Promise<void> {
    if (!(await this.repo.softDelete(actor.tenantId, id, this.clock.now()))) throw automationNotFound();
  }

  async runs(actor: Actor, id: string, query: ListRunsQuery): Promise<AutomationRun[]> {
    await this.get(actor, id);
    return this.repo.runs(actor.tenantId, id, query.limit, query.offset);
  }

  /**
   * A work-order trigger has no issue to give or to open an order from; a person or vendor an
   * action names is the tenant's and live when the rule is saved (whether a person works at the
   * outlet is asked when the rule acts); and a rule that gives someone work is the author giving
   * it, so the rank rule's `work` applies to the author when the rule is saved.
   */
  private async assertActions(actor: Actor, trigger: AutomationTrigger, actions: AutomationAction[]): Promise<void> {
    const { tenantId } = actor;
    if (trigger === 'WORK_ORDER_OVERDUE') {
      const wrong = actions.find((a) => (ISSUE_ONLY_ACTIONS as readonly string[]).includes(a.kind));
      if (wrong) throw new BadRequestError([`actions: ${wrong.kind} acts on an issue, and WORK_ORDER_OVERDUE is triggered by a work order`]);
    }
    for (const a of actions) {
      const person = a.kind === 'ASSIGN' ? a.userId : a.kind === 'OPEN_WORK_ORDER' ? a.assigneeUserId : undefined;
      if (person && !(await this.repo.activeUser(tenantId, person))) throw new NotFoundError('No active person with this id in the tenant');
      if (person) await this.people.assert(null, actor, person, 'work');
      if (a.kind === 'OPEN_WORK_ORDER' && a.vendorId && !(await this.repo.vendorExists(tenantId, a.vendorId))) throw new NotFoundError('Vendor not found');
    }
  }

  private async assertOutlet(tenantId: string, outletId: string | null): Promise<void> {
    if (outletId && !(await this.repo.outletExists(tenantId, outletId))) throw new NotFoundError('Outlet not found');
  }
}
