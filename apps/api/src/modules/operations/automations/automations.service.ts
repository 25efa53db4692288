import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { Automation, AutomationRun, AutomationsRepository } from './automations.repository.js';
import type { AutomationAction, CreateAutomationBody, ListRunsQuery, UpdateAutomationBody } from './automations.schemas.js';

function automationNotFound(): NotFoundError {
  return new NotFoundError('Automation not found');
}

/** Automations are tenant-wide rules kept by the outlet administrators; the worker (automation-worker.ts) runs them. */
export class AutomationsService {
  constructor(
    private readonly repo: AutomationsRepository,
    private readonly clock: Clock,
  ) {}

  async create(actor: Actor, body: CreateAutomationBody): Promise<Automation> {
    await this.assertOutlet(actor.tenantId, body.outletId ?? null);
    await this.assertAssignees(actor.tenantId, body.actions);
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
    if (body.outletId) await this.assertOutlet(actor.tenantId, body.outletId);
    if (body.actions) await this.assertAssignees(actor.tenantId, body.actions);
    return (await this.repo.update(actor.tenantId, id, body, this.clock.now())) ?? Promise.reject(automationNotFound());
  }

  async remove(actor: Actor, id: string): Promise<void> {
    if (!(await this.repo.softDelete(actor.tenantId, id, this.clock.now()))) throw automationNotFound();
  }

  async runs(actor: Actor, id: string, query: ListRunsQuery): Promise<AutomationRun[]> {
    await this.get(actor, id);
    return this.repo.runs(actor.tenantId, id, query.limit, query.offset);
  }

  /** An ASSIGN names someone active in the tenant; whether they work at an issue's outlet is asked when the rule acts. */
  private async assertAssignees(tenantId: string, actions: AutomationAction[]): Promise<void> {
    for (const a of actions) if (a.kind === 'ASSIGN' && !(await this.repo.activeUser(tenantId, a.userId))) throw new NotFoundError('No active person with this id in the tenant');
  }

  private async assertOutlet(tenantId: string, outletId: string | null): Promise<void> {
    if (outletId && !(await this.repo.outletExists(tenantId, outletId))) throw new NotFoundError('Outlet not found');
  }
}
