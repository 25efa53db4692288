import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { NotFoundError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import { outsideScope } from '../shifts/shifts.service.js';
import type { ShiftTemplate, ShiftTemplatesRepository } from './shift-templates.repository.js';
import type { CreateShiftTemplateBody, UpdateShiftTemplateBody } from './shift-templates.schemas.js';

const templateNotFound = () => new NotFoundError('Shift template not found');

/**
 * An outlet's shift templates. Its managers keep them (an OUTLET_MANAGER only at their outlets; another
 * outlet's template is 404 to them), owners and admins anywhere. Times are wall-clock times of the
 * outlet's zone, so a template means the same hours in summer and winter.
 */
export class ShiftTemplatesService {
  constructor(
    private readonly repo: ShiftTemplatesRepository,
    private readonly clock: Clock,
    private readonly scopes: OutletScopeService,
  ) {}

  async list(actor: Actor, outletId: string): Promise<ShiftTemplate[]> {
    await this.assertOutlet(actor, outletId);
    return this.repo.list(actor.tenantId, outletId);
  }

  async create(actor: Actor, body: CreateShiftTemplateBody): Promise<ShiftTemplate> {
    await this.assertOutlet(actor, body.outletId);
    const now = this.clock.now();
    const template: ShiftTemplate = { id: uuid(), ...body, createdAt: now, updatedAt: now };
    await this.repo.insert(actor.tenantId, template);
    return template;
  }

  async update(actor: Actor, id: string, body: UpdateShiftTemplateBody): Promise<ShiftTemplate> {
    await this.visible(actor, id);
    const updated = await this.repo.update(actor.tenantId, id, body, this.clock.now());
    if (!updated) throw templateNotFound();
    return updated;
  }

  async remove(actor: Actor, id: string): Promise<void> {
    await this.visible(actor, id);
    await this.repo.remove(actor.tenantId, id);
  }

  private async assertOutlet(actor: Actor, outletId: string): Promise<void> {
    if (!(await this.repo.outletExists(actor.tenantId, outletId))) throw new NotFoundError('Outlet not found');
    if (!coversOutlet(await this.scopes.of(actor), outletId)) throw outsideScope();
  }

  private async visible(actor: Actor, id: string): Promise<void> {
    const template = await this.repo.find(actor.tenantId, id);
    if (!template || !coversOutlet(await this.scopes.of(actor), template.outletId)) throw templateNotFound();
  }
}
