import type { DataSource } from '@wfm/db/data-source';
import type { ChecklistScheduleEntity } from '@wfm/db/entities/checklists.entity';
import { assignments, exec, many, one, type Columns, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';

/** `time` is the local time as HH:MM; `templateName` the live template's. */
export type Schedule = Row<ChecklistScheduleEntity, 'id' | 'tenantId' | 'templateId' | 'outletId' | 'weekdays' | 'windowMinutes' | 'active' | 'createdAt' | 'updatedAt'> & {
  time: string;
  templateName: string;
};

export type ScheduleChanges = Partial<Pick<Schedule, 'weekdays' | 'time' | 'windowMinutes' | 'active'>>;

const COLUMNS = `s.id, s.tenant_id AS "tenantId", s.template_id AS "templateId", t.name AS "templateName", s.outlet_id AS "outletId", s.weekdays,
  to_char(s.local_time, 'HH24:MI') AS "time", s.window_minutes AS "windowMinutes", s.active, s.created_at AS "createdAt", s.updated_at AS "updatedAt"`;
const FROM = `checklist_schedules s JOIN checklist_templates t ON t.id = s.template_id`;

const CHANGE_COLUMNS: Columns<ScheduleChanges & { updatedAt: Date }> = {
  weekdays: 'weekdays',
  time: 'local_time',
  windowMinutes: 'window_minutes',
  active: 'active',
  updatedAt: 'updated_at',
};

export class ChecklistSchedulesRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, s: Omit<Schedule, 'templateName'>): Promise<void> {
    await exec(
      tx,
      `INSERT INTO checklist_schedules (id, tenant_id, template_id, outlet_id, weekdays, local_time, window_minutes, active, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)`,
      [s.id, s.tenantId, s.templateId, s.outletId, s.weekdays, s.time, s.windowMinutes, s.active, s.createdAt],
    );
  }

  find(tx: Tx | null, tenantId: string, id: string): Promise<Schedule | null> {
    return one(tx ?? this.ds, `SELECT ${COLUMNS} FROM ${FROM} WHERE s.tenant_id = $1 AND s.id = $2 AND s.deleted_at IS NULL${tx ? ' FOR UPDATE OF s' : ''}`, [tenantId, id]);
  }

  async update(tx: Tx, tenantId: string, id: string, changes: ScheduleChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId, id];
    await exec(tx, `UPDATE checklist_schedules SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2`, params);
  }

  async softDelete(tx: Tx, tenantId: string, id: string, at: Date): Promise<void> {
    await exec(tx, `UPDATE checklist_schedules SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2`, [tenantId, id, at]);
  }

  list(tenantId: string, f: { outletId?: string; templateId?: string; outletIds?: string[] }): Promise<Schedule[]> {
    const params: unknown[] = [tenantId];
    const where = ['s.tenant_id = $1', 's.deleted_at IS NULL'];
    if (f.outletId) where.push(`s.outlet_id = $${params.push(f.outletId)}`);
    if (f.templateId) where.push(`s.template_id = $${params.push(f.templateId)}`);
    if (f.outletIds) where.push(`s.outlet_id = ANY($${params.push(f.outletIds)}::uuid[])`);
    return many(this.ds, `SELECT ${COLUMNS} FROM ${FROM} WHERE ${where.join(' AND ')} ORDER BY s.local_time, lower(t.name), s.id`, params);
  }

  async outletExists(tenantId: string, outletId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, outletId])) !== null;
  }
}
