import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { ShiftTemplateEntity } from '@wfm/db/entities/scheduling.entity';
import { assignments, exec, many, one, onConstraint, type Columns } from '@wfm/db/sql';

export type ShiftTemplate = Omit<ShiftTemplateEntity, 'tenantId'>;
export type ShiftTemplateChanges = Partial<Pick<ShiftTemplate, 'name' | 'startTime' | 'endTime' | 'breakMinutes' | 'colour'>>;

const COLUMNS = `id, outlet_id AS "outletId", name, start_time AS "startTime", end_time AS "endTime", break_minutes AS "breakMinutes", colour,
  created_at AS "createdAt", updated_at AS "updatedAt"`;
const CHANGE_COLUMNS: Columns<ShiftTemplateChanges & { updatedAt: Date }> = {
  name: 'name',
  startTime: 'start_time',
  endTime: 'end_time',
  breakMinutes: 'break_minutes',
  colour: 'colour',
  updatedAt: 'updated_at',
};
const NAME_TAKEN = { shift_templates_outlet_name_key: () => new ConflictError('The outlet has a template with this name', 'TEMPLATE_NAME_TAKEN') };

export class ShiftTemplatesRepository {
  constructor(private readonly ds: DataSource) {}

  list(tenantId: string, outletId: string): Promise<ShiftTemplate[]> {
    return many(this.ds, `SELECT ${COLUMNS} FROM shift_templates WHERE tenant_id = $1 AND outlet_id = $2 ORDER BY start_time, name, id`, [tenantId, outletId]);
  }

  find(tenantId: string, id: string): Promise<ShiftTemplate | null> {
    return one(this.ds, `SELECT ${COLUMNS} FROM shift_templates WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  async insert(tenantId: string, t: ShiftTemplate): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO shift_templates (id, tenant_id, outlet_id, name, start_time, end_time, break_minutes, colour, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [t.id, tenantId, t.outletId, t.name, t.startTime, t.endTime, t.breakMinutes, t.colour, t.createdAt, t.updatedAt],
    ).catch((err) => onConstraint(err, NAME_TAKEN));
  }

  update(tenantId: string, id: string, changes: ShiftTemplateChanges, at: Date): Promise<ShiftTemplate | null> {
    const params: unknown[] = [tenantId, id];
    return one<ShiftTemplate>(
      this.ds,
      `UPDATE shift_templates SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      params,
    ).catch((err) => onConstraint(err, NAME_TAKEN));
  }

  async remove(tenantId: string, id: string): Promise<void> {
    await exec(this.ds, `DELETE FROM shift_templates WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  async outletExists(tenantId: string, id: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) !== null;
  }
}
