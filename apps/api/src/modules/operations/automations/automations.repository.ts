import type { DataSource } from '@wfm/db/data-source';
import type { AutomationEntity, AutomationRunEntity } from '@wfm/db/entities/automations.entity';
import { assignments, exec, many, one, type Columns, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { Role } from '@wfm/core/tenancy';
import type { IssuePriority } from '../issues/issues.repository.js';
import type { ActionResult, AutomationAction, AUTOMATION_TRIGGERS } from './automations.schemas.js';
import { outletZoneSql } from '../../organization/outlets/outlets.repository.js';

export type AutomationTrigger = (typeof AUTOMATION_TRIGGERS)[number];
export type Automation = Omit<Row<AutomationEntity, Exclude<keyof AutomationEntity, 'deletedAt'>>, 'trigger' | 'actions'> & {
  trigger: AutomationTrigger;
  actions: AutomationAction[];
};
export type AutomationChanges = Partial<Pick<Automation, 'name' | 'trigger' | 'outletId' | 'actions' | 'active'>>;
export type AutomationRun = Omit<Row<AutomationRunEntity, 'id' | 'automationId' | 'subjectId' | 'createdAt'>, never> & {
  outcome: 'DONE' | 'FAILED';
  detail: { results: ActionResult[]; error: string | null };
};

/** What an automation has not acted on yet (an issue, or an overdue work order), with what its actions need. */
export interface PendingSubject {
  automationId: string;
  automationName: string;
  tenantId: string;
  /** The subject's outlet's zone, in which a work order it opens is due. */
  timezone: string;
  actions: AutomationAction[];
  subject: 'ISSUE' | 'WORK_ORDER';
  subjectId: string;
  outletId: string;
  outletName: string;
  assetId: string | null;
  title: string;
  priority: IssuePriority;
  /** WORK_ORDER: the day it was due. */
  dueOn: string | null;
}

const COLUMNS = `id, tenant_id AS "tenantId", name, trigger, outlet_id AS "outletId", actions, active, created_by_user_id AS "createdByUserId",
  created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<AutomationChanges & { updatedAt: Date }> = {
  name: 'name',
  trigger: 'trigger',
  outletId: 'outlet_id',
  actions: 'actions',
  active: 'active',
  updatedAt: 'updated_at',
};

export class AutomationsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(a: Automation): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO automations (id, tenant_id, name, trigger, outlet_id, actions, active, created_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, $8, $9, $9)`,
      [a.id, a.tenantId, a.name, a.trigger, a.outletId, JSON.stringify(a.actions), a.active, a.createdByUserId, a.createdAt],
    );
  }

  find(tenantId: string, id: string): Promise<Automation | null> {
    return one(this.ds, `SELECT ${COLUMNS} FROM automations WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, id]);
  }

  list(tenantId: string): Promise<Automation[]> {
    return many(this.ds, `SELECT ${COLUMNS} FROM automations WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`, [tenantId]);
  }

  async update(tenantId: string, id: string, changes: AutomationChanges, at: Date): Promise<Automation | null> {
    const params: unknown[] = [tenantId, id];
    const values = { ...changes, ...(changes.actions ? { actions: JSON.stringify(changes.actions) as unknown as AutomationAction[] } : {}), updatedAt: at };
    return one(this.ds, `UPDATE automations SET ${assignments(values, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL RETURNING ${COLUMNS}`, params);
  }

  async softDelete(tenantId: string, id: string, at: Date): Promise<boolean> {
    return (await exec(this.ds, `UPDATE automations SET deleted_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, id, at])) > 0;
  }

  async outletExists(tenantId: string, outletId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, outletId])) !== null;
  }

  async activeUser(tenantId: string, userId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM users WHERE tenant_id = $1 AND id = $2 AND status = 'ACTIVE' AND deleted_at IS NULL`, [tenantId, userId])) !== null;
  }

  runs(tenantId: string, automationId: string, limit: number, offset: number): Promise<AutomationRun[]> {
    return many(
      this.ds,
      `SELECT id, automation_id AS "automationId", subject_id AS "subjectId", outcome, detail, created_at AS "createdAt"
         FROM automation_runs WHERE tenant_id = $1 AND automation_id = $2 ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`,
      [tenantId, automationId, limit, offset],
    );
  }

  /**
   * What live automations have not acted on, oldest first, across tenants: issues raised after the
   * automation was made (a new rule does not act on history), never those an automation raised;
   * and work orders not done that became overdue (their due day ended, in their outlet's time) after
   * it was made.
   */
  pending(now: Date, limit: number): Promise<PendingSubject[]> {
    return many(
      this.ds,
      `SELECT * FROM (
         SELECT a.id AS "automationId", a.name AS "automationName", a.tenant_id AS "tenantId", ${outletZoneSql('o', 't')} AS timezone, a.actions,
                'ISSUE' AS subject, i.id AS "subjectId", i.outlet_id AS "outletId", o.name AS "outletName", i.asset_id AS "assetId",
                i.title, i.priority, NULL::text AS "dueOn", i.created_at AS at
           FROM automations a
           JOIN tenants t ON t.id = a.tenant_id
           JOIN issues i ON i.tenant_id = a.tenant_id AND i.created_at >= a.created_at AND i.source <> 'AUTOMATION'
                        AND (a.outlet_id IS NULL OR i.outlet_id = a.outlet_id)
           JOIN outlets o ON o.id = i.outlet_id
          WHERE a.active AND a.deleted_at IS NULL
            AND CASE a.trigger WHEN 'ISSUE_HIGH_PRIORITY' THEN i.priority IN ('HIGH', 'URGENT')
                               WHEN 'CHECKLIST_TASK_FAILED' THEN i.source = 'CHECKLIST'
                               WHEN 'ASSET_DUE' THEN i.source = 'MAINTENANCE'
                               ELSE false END
            AND NOT EXISTS (SELECT 1 FROM automation_runs r WHERE r.automation_id = a.id AND r.subject_id = i.id)
         UNION ALL
         SELECT a.id, a.name, a.tenant_id, ${outletZoneSql('o', 't')}, a.actions,
                'WORK_ORDER', w.id, w.outlet_id, o.name, w.asset_id, w.title, w.priority, w.due_on::text, (w.due_on + 1)::timestamp AT TIME ZONE ${outletZoneSql('o', 't')}
           FROM automations a
           JOIN tenants t ON t.id = a.tenant_id
           JOIN work_orders w ON w.tenant_id = a.tenant_id AND (a.outlet_id IS NULL OR w.outlet_id = a.outlet_id)
                             AND w.status NOT IN ('COMPLETED', 'VERIFIED', 'CANCELLED')
           JOIN outlets o ON o.id = w.outlet_id
                             AND w.due_on < ($1::timestamptz AT TIME ZONE ${outletZoneSql('o', 't')})::date
                             AND (w.due_on + 1)::timestamp AT TIME ZONE ${outletZoneSql('o', 't')} >= a.created_at
          WHERE a.trigger = 'WORK_ORDER_OVERDUE' AND a.active AND a.deleted_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM automation_runs r WHERE r.automation_id = a.id AND r.subject_id = w.id)
       ) pending
       ORDER BY at, "subjectId", "automationId"
       LIMIT $2`,
      [now, limit],
    );
  }

  async vendorExists(tenantId: string, vendorId: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM vendors WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`, [tenantId, vendorId])) !== null;
  }

  /** Claims the subject for the automation: false when another worker already has (the unique key). */
  async claim(tx: Tx, run: { id: string; tenantId: string; automationId: string; subjectId: string; at: Date }): Promise<boolean> {
    const inserted = await exec(
      tx,
      `INSERT INTO automation_runs (id, tenant_id, automation_id, subject_id, outcome, detail, created_at)
       VALUES ($1, $2, $3, $4, 'DONE', '{"results":[],"error":null}'::jsonb, $5) ON CONFLICT (automation_id, subject_id) DO NOTHING`,
      [run.id, run.tenantId, run.automationId, run.subjectId, run.at],
    );
    return inserted > 0;
  }

  /** The run's results, inside the claiming transaction or (mail counts, sent after it committed) on their own. */
  async finish(runId: string, outcome: 'DONE' | 'FAILED', detail: AutomationRun['detail'], tx?: Tx): Promise<void> {
    await exec(tx ?? this.ds, `UPDATE automation_runs SET outcome = $2, detail = $3::jsonb WHERE id = $1`, [runId, outcome, JSON.stringify(detail)]);
  }

  /** A run that failed outright, written after its transaction rolled back so the failure is on record and not retried. */
  async recordFailure(run: { id: string; tenantId: string; automationId: string; subjectId: string; at: Date }, error: string): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO automation_runs (id, tenant_id, automation_id, subject_id, outcome, detail, created_at)
       VALUES ($1, $2, $3, $4, 'FAILED', $5::jsonb, $6) ON CONFLICT (automation_id, subject_id) DO NOTHING`,
      [run.id, run.tenantId, run.automationId, run.subjectId, JSON.stringify({ results: [], error }), run.at],
    );
  }

  /** Who a NOTIFY_ROLE reaches: active people with the role and an email; outlet-bound roles only at the outlet. */
  recipients(tenantId: string, role: Role, outletId: string): Promise<Array<{ email: string; fullName: string }>> {
    const params: unknown[] = [tenantId, role];
    const atOutlet =
      role === 'OUTLET_MANAGER' || role === 'STAFF'
        ? `AND EXISTS (SELECT 1 FROM user_outlets uo WHERE uo.tenant_id = u.tenant_id AND uo.user_id = u.id AND uo.outlet_id = $${params.push(outletId)})`
        : '';
    return many(
      this.ds,
      `SELECT u.email, u.full_name AS "fullName" FROM users u
        WHERE u.tenant_id = $1 AND u.role = $2 AND u.status = 'ACTIVE' AND u.deleted_at IS NULL AND u.email IS NOT NULL ${atOutlet}
        ORDER BY u.email`,
      params,
    );
  }
}
