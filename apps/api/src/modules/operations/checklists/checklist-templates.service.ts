import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, NotFoundError } from '@wfm/core/errors';
import { onConstraint } from '@wfm/db/sql';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { ChecklistTemplatesRepository, NewTemplateTask, Template } from './checklist-templates.repository.js';
import type { CreateTemplateBody, TaskBody, UpdateTemplateBody } from './checklists.schemas.js';

export const templateNotFound = () => new NotFoundError('Checklist template not found');
const nameTaken = () => new ConflictError('Another checklist template of the tenant has this name');

/**
 * Checklist templates: tenant-wide, written by the operations administrators, read by everyone.
 * Editing replaces the tasks; a run copies its tasks when it is made, so what a run asked never
 * changes afterwards (docs/decisions.md, issue 30 part B).
 */
export class ChecklistTemplatesService {
  constructor(
    private readonly repo: ChecklistTemplatesRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  list(tenantId: string): Promise<Template[]> {
    return this.repo.list(tenantId);
  }

  async get(tenantId: string, id: string): Promise<Template> {
    const template = await this.repo.find(null, tenantId, id);
    if (!template) throw templateNotFound();
    return template;
  }

  async create(tenantId: string, body: CreateTemplateBody): Promise<Template> {
    const tasks = await this.tasksOf(tenantId, body.tasks);
    const now = this.clock.now();
    const id = uuid();
    return this.transaction(async (tx) => {
      await this.repo.insert(tx, { id, tenantId, name: body.name, description: body.description ?? null, createdAt: now, updatedAt: now }).catch((err) =>
        onConstraint(err, { checklist_templates_tenant_name_key: nameTaken }),
      );
      await this.repo.replaceTasks(tx, tenantId, id, tasks);
      return (await this.repo.find(tx, tenantId, id))!;
    });
  }

  async update(tenantId: string, id: string, body: UpdateTemplateBody): Promise<Template> {
    const tasks = body.tasks ? await this.tasksOf(tenantId, body.tasks) : null;
    return this.transaction(async (tx) => {
      if (!(await this.repo.find(tx, tenantId, id, true))) throw templateNotFound();
      await this.repo
        .update(tx, tenantId, id, { name: body.name, description: body.description }, this.clock.now())
        .catch((err) => onConstraint(err, { checklist_templates_tenant_name_key: nameTaken }));
      if (tasks) await this.repo.replaceTasks(tx, tenantId, id, tasks);
      return (await this.repo.find(tx, tenantId, id))!;
    });
  }

  /** Soft delete; its schedules go with it, so no further runs are made. Runs made keep their tasks. */
  async remove(tenantId: string, id: string): Promise<void> {
    await this.transaction(async (tx) => {
      if (!(await this.repo.find(tx, tenantId, id, true))) throw templateNotFound();
      await this.repo.softDelete(tx, tenantId, id, this.clock.now());
    });
  }

  private async tasksOf(tenantId: string, tasks: TaskBody[]): Promise<NewTemplateTask[]> {
    const assetIds = [...new Set(tasks.flatMap((t) => (t.assetId ? [t.assetId.toLowerCase()] : [])))];
    const live = await this.repo.liveAssets(tenantId, assetIds);
    if (assetIds.some((a) => !live.has(a))) throw new NotFoundError('Asset not found');
    return tasks.map((t, i) => ({
      id: uuid(),
      position: i + 1,
      kind: t.kind,
      label: t.label,
      required: t.required,
      passAnswer: t.passAnswer ?? null,
      minValue: t.min ?? null,
      maxValue: t.max ?? null,
      unit: t.unit ?? null,
      assetId: t.assetId?.toLowerCase() ?? null,
      priority: t.priority,
    }));
  }
}
