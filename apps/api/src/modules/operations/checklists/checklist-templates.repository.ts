import type { DataSource } from '@wfm/db/data-source';
import type { ChecklistTemplateEntity, ChecklistTemplateTaskEntity } from '@wfm/db/entities/checklists.entity';
import { exec, many, one, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { IssuePriority } from '../issues/issues.repository.js';
import type { TaskKind } from './checklists.schemas.js';

export type TemplateRow = Row<ChecklistTemplateEntity, 'id' | 'tenantId' | 'name' | 'description' | 'createdAt' | 'updatedAt'>;
/** The text columns narrowed to the values their CHECK constraints allow. */
export type TemplateTask = Row<ChecklistTemplateTaskEntity> & { kind: TaskKind; priority: IssuePriority };
export type Template = TemplateRow & { tasks: TemplateTask[] };
/** A task as written: the template it belongs to is the statement's. */
export type NewTemplateTask = Omit<TemplateTask, 'tenantId' | 'templateId'>;

const COLUMNS = `id, tenant_id AS "tenantId", name, description, created_at AS "createdAt", updated_at AS "updatedAt"`;
const TASK_COLUMNS = `id, tenant_id AS "tenantId", template_id AS "templateId", position, kind, label, required, pass_answer AS "passAnswer",
  min_value AS "minValue", max_value AS "maxValue", unit, asset_id AS "assetId", priority`;

export class ChecklistTemplatesRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, t: TemplateRow): Promise<void> {
    await exec(tx, `INSERT INTO checklist_templates (id, tenant_id, name, description, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $5)`, [
      t.id,
      t.tenantId,
      t.name,
      t.description,
      t.createdAt,
    ]);
  }

  async update(tx: Tx, tenantId: string, id: string, changes: { name?: string; description?: string | null }, at: Date): Promise<void> {
    await exec(
      tx,
      `UPDATE checklist_templates SET name = COALESCE($3, name), description = CASE WHEN $4 THEN $5 ELSE description END, updated_at = $6 WHERE tenant_id = $1 AND id = $2`,
      [tenantId, id, changes.name ?? null, changes.description !== undefined, changes.description ?? null, at],
    );
  }

  /** Replaces the template's tasks; runs hold their own copies, so nothing else changes. */
  async replaceTasks(tx: Tx, tenantId: string, templateId: string, tasks: NewTemplateTask[]): Promise<void> {
    await exec(tx, `DELETE FROM checklist_template_tasks WHERE tenant_id = $1 AND template_id = $2`, [tenantId, templateId]);
    for (const t of tasks) {
      await exec(
        tx,
        `INSERT INTO checklist_template_tasks (id, tenant_id, template_id, position, kind, label, required, pass_answer, min_value, max_value, unit, asset_id, priority)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [t.id, tenantId, templateId, t.position, t.kind, t.label, t.required, t.passAnswer, t.minValue, t.maxValue, t.unit, t.assetId, t.priority],
      );
    }
  }

  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE checklist_templates SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
    await exec(tx, `UPDATE checklist_schedules SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND template_id = $2 AND deleted_at IS NULL`, [tenantId, id, at]);
  }

  /** A live template, locked when read inside a transaction that changes it. */
  async find(tx: Tx | null, tenantId: string, id: string, lock = false): Promise<Template | null> {
    const db: Db = tx ?? this.ds;
    const row = await one<TemplateRow>(db, `SELECT ${COLUMNS} FROM checklist_templates WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL${lock ? ' FOR UPDATE' : ''}`, [tenantId, id]);
    if (!row) return null;
    return { ...row, tasks: await many<TemplateTask>(db, `SELECT ${TASK_COLUMNS} FROM checklist_template_tasks WHERE template_id = $1 ORDER BY position`, [id]) };
  }

  async list(tenantId: string): Promise<Template[]> {
    const rows = await many<TemplateRow>(this.ds, `SELECT ${COLUMNS} FROM checklist_templates WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY lower(name), id`, [tenantId]);
    const tasks = await many<TemplateTask>(this.ds, `SELECT ${TASK_COLUMNS} FROM checklist_template_tasks WHERE template_id = ANY($1::uuid[]) ORDER BY position`, [rows.map((r) => r.id)]);
    return rows.map((r) => ({ ...r, tasks: tasks.filter((t) => t.templateId === r.id) }));
  }

  /** Of the given ids, those naming a live asset of the tenant. */
  async liveAssets(tenantId: string, ids: string[]): Promise<Set<string>> {
    const rows = await many<{ id: string }>(this.ds, `SELECT id FROM assets WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL`, [tenantId, ids]);
    return new Set(rows.map((r) => r.id));
  }
}
