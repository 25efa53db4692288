import type { DataSource } from '@wfm/db/data-source';
import type { ChecklistRunEntity, ChecklistRunTaskEntity } from '@wfm/db/entities/checklists.entity';
import { exec, many, one, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import { outletZoneSql } from '../../organization/outlets/outlets.repository.js';
import type { IssuePriority } from '../issues/issues.repository.js';
import type { RunStatus, TaskKind } from './checklists.schemas.js';

/** `date` is the local day as YYYY-MM-DD. */
export type RunRow = Row<ChecklistRunEntity, 'id' | 'tenantId' | 'scheduleId' | 'outletId' | 'name' | 'opensAt' | 'closesAt' | 'completedAt' | 'completedByUserId'> & {
  date: string;
  status: RunStatus;
};
export type RunTask = Row<ChecklistRunTaskEntity> & { kind: TaskKind; priority: IssuePriority };
export type Run = RunRow & { tasks: RunTask[] };

export interface TaskAnswer {
  answerYes: boolean | null;
  answerNumber: number | null;
  answerNote: string | null;
  failed: boolean;
  answeredAt: Date;
  answeredByUserId: string;
}

export interface TaskPhoto {
  key: string;
  mediaType: string;
  sha256: string;
  bytes: number;
}

export interface CompletionRow {
  outletId: string;
  outletName: string;
  scheduled: number;
  completed: number;
  completedLate: number;
  missed: number;
  open: number;
  failedTasks: number;
}

const COLUMNS = `r.id, r.tenant_id AS "tenantId", r.schedule_id AS "scheduleId", r.outlet_id AS "outletId", r.name, r.run_date::text AS "date",
  r.opens_at AS "opensAt", r.closes_at AS "closesAt", r.status, r.completed_at AS "completedAt", r.completed_by_user_id AS "completedByUserId"`;
const TASK_COLUMNS = `id, tenant_id AS "tenantId", run_id AS "runId", position, kind, label, required, pass_answer AS "passAnswer", min_value AS "minValue",
  max_value AS "maxValue", unit, asset_id AS "assetId", priority, answer_yes AS "answerYes", answer_number AS "answerNumber", answer_note AS "answerNote",
  photo_key AS "photoKey", photo_media_type AS "photoMediaType", photo_sha256 AS "photoSha256", photo_bytes AS "photoBytes", answered_at AS "answeredAt",
  answered_by_user_id AS "answeredByUserId", failed, issue_id AS "issueId"`;

export class ChecklistRunsRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Makes the runs of the schedules' occurrences on the local days from `daysBack` days ago to
   * today (each outlet's timezone), copying the template's tasks into each; a run that exists is
   * left alone (unique per schedule and date), so this is safe to repeat and to race. An
   * occurrence whose window had closed before the schedule was made is not one. A task's asset is
   * kept only when it stands at the run's outlet (templates are tenant-wide, assets are not).
   */
  async ensure(now: Date, daysBack: number, where: { tenantId?: string; outletIds?: string[] } = {}): Promise<number> {
    const params: unknown[] = [now, daysBack];
    const filters: string[] = [];
    if (where.tenantId) filters.push(`AND s.tenant_id = $${params.push(where.tenantId)}`);
    if (where.outletIds) filters.push(`AND s.outlet_id = ANY($${params.push(where.outletIds)}::uuid[])`);
    return exec(
      this.ds,
      `WITH due AS (
         SELECT s.id AS schedule_id, s.tenant_id, s.outlet_id, s.template_id, s.created_at, t.name, d.day,
                (d.day + s.local_time) AT TIME ZONE ${outletZoneSql('o', 'tn')} AS opens_at,
                ((d.day + s.local_time) AT TIME ZONE ${outletZoneSql('o', 'tn')}) + make_interval(mins => s.window_minutes) AS closes_at
           FROM checklist_schedules s
           JOIN checklist_templates t ON t.id = s.template_id AND t.deleted_at IS NULL
           JOIN tenants tn ON tn.id = s.tenant_id
           JOIN outlets o ON o.id = s.outlet_id AND o.status = 'ACTIVE'
          CROSS JOIN LATERAL (SELECT ($1::timestamptz AT TIME ZONE ${outletZoneSql('o', 'tn')})::date - k AS day FROM generate_series(0, $2::int) k) d
          WHERE s.deleted_at IS NULL AND s.active AND EXTRACT(ISODOW FROM d.day)::int = ANY (s.weekdays) ${filters.join(' ')}
       ),
       made AS (
         INSERT INTO checklist_runs (id, tenant_id, schedule_id, outlet_id, run_date, name, opens_at, closes_at, status, created_at)
         SELECT gen_random_uuid(), tenant_id, schedule_id, outlet_id, day, name, opens_at, closes_at, 'OPEN', $1 FROM due WHERE closes_at > created_at
         ON CONFLICT (schedule_id, run_date) DO NOTHING
         RETURNING id, tenant_id, schedule_id, outlet_id
       )
       INSERT INTO checklist_run_tasks (id, tenant_id, run_id, position, kind, label, required, pass_answer, min_value, max_value, unit, asset_id, priority)
       SELECT gen_random_uuid(), m.tenant_id, m.id, tt.position, tt.kind, tt.label, tt.required, tt.pass_answer, tt.min_value, tt.max_value, tt.unit, a.id, tt.priority
         FROM made m
         JOIN checklist_schedules s ON s.id = m.schedule_id
         JOIN checklist_template_tasks tt ON tt.template_id = s.template_id
         LEFT JOIN assets a ON a.id = tt.asset_id AND a.outlet_id = m.outlet_id AND a.deleted_at IS NULL`,
      params,
    );
  }

  /**
   * OPEN runs whose window is open now and whose people were not told yet, marked told in `tx`,
   * each with who is on duty in it: the holders of a SCHEDULED or IN_PROGRESS shift at its outlet
   * overlapping its window.
   */
  dueToTell(tx: Tx, now: Date): Promise<Array<{ id: string; tenantId: string; outletId: string; name: string; closesAt: Date; userIds: string[] }>> {
    return many(
      tx,
      `WITH due AS (
         UPDATE checklist_runs SET due_notified_at = $1
          WHERE status = 'OPEN' AND opens_at <= $1 AND closes_at > $1 AND due_notified_at IS NULL
          RETURNING id, tenant_id, outlet_id, name, opens_at, closes_at)
       SELECT d.id, d.tenant_id AS "tenantId", d.outlet_id AS "outletId", d.name, d.closes_at AS "closesAt",
              COALESCE(array_agg(DISTINCT s.user_id) FILTER (WHERE s.user_id IS NOT NULL), '{}') AS "userIds"
         FROM due d
         LEFT JOIN shift_assignments s ON s.tenant_id = d.tenant_id AND s.outlet_id = d.outlet_id AND s.status IN ('SCHEDULED', 'IN_PROGRESS')
               AND tstzrange(s.scheduled_start, s.scheduled_end, '[)') && tstzrange(d.opens_at, d.closes_at, '[)')
        GROUP BY d.id, d.tenant_id, d.outlet_id, d.name, d.closes_at`,
      [now],
    );
  }

  /** OPEN runs whose window is over become MISSED; answers how many did. */
  async markMissed(now: Date, tenantId?: string): Promise<number> {
    const params: unknown[] = [now];
    const tenant = tenantId ? `AND tenant_id = $${params.push(tenantId)}` : '';
    return exec(this.ds, `UPDATE checklist_runs SET status = 'MISSED' WHERE status = 'OPEN' AND closes_at <= $1 ${tenant}`, params);
  }

  /**
   * The runs of today at the outlets (all the tenant's when null), each outlet's today in its zone,
   * by opening time, and those of the day before still in their window at `now` (a closing
   * checklist at 23:30 is still done after midnight).
   */
  async today(tenantId: string, now: Date, outletIds: string[] | null): Promise<Run[]> {
    const params: unknown[] = [tenantId, now];
    const outlets = outletIds ? `AND r.outlet_id = ANY($${params.push(outletIds)}::uuid[])` : '';
    const runs = await many<RunRow>(
      this.ds,
      `SELECT ${COLUMNS} FROM checklist_runs r
         JOIN outlets o ON o.id = r.outlet_id JOIN tenants tn ON tn.id = r.tenant_id
         CROSS JOIN LATERAL (SELECT ($2::timestamptz AT TIME ZONE ${outletZoneSql('o', 'tn')})::date AS day) d
        WHERE r.tenant_id = $1 AND (r.run_date = d.day OR (r.run_date = d.day - 1 AND r.status = 'OPEN' AND r.closes_at > $2)) ${outlets}
        ORDER BY r.opens_at, r.name, r.id`,
      params,
    );
    const tasks = await many<RunTask>(this.ds, `SELECT ${TASK_COLUMNS} FROM checklist_run_tasks WHERE run_id = ANY($1::uuid[]) ORDER BY position`, [runs.map((r) => r.id)]);
    return runs.map((r) => ({ ...r, tasks: tasks.filter((t) => t.runId === r.id) }));
  }

  async find(tx: Tx | null, tenantId: string, id: string): Promise<Run | null> {
    const db: Db = tx ?? this.ds;
    const run = await one<RunRow>(db, `SELECT ${COLUMNS} FROM checklist_runs r WHERE r.tenant_id = $1 AND r.id = $2${tx ? ' FOR UPDATE' : ''}`, [tenantId, id]);
    if (!run) return null;
    return { ...run, tasks: await many<RunTask>(db, `SELECT ${TASK_COLUMNS} FROM checklist_run_tasks WHERE run_id = $1 ORDER BY position`, [id]) };
  }

  async answer(tx: Tx, taskId: string, a: TaskAnswer): Promise<void> {
    await exec(
      tx,
      `UPDATE checklist_run_tasks SET answer_yes = $2, answer_number = $3, answer_note = $4, failed = $5, answered_at = $6, answered_by_user_id = $7 WHERE id = $1`,
      [taskId, a.answerYes, a.answerNumber, a.answerNote, a.failed, a.answeredAt, a.answeredByUserId],
    );
  }

  async setPhoto(tx: Tx, taskId: string, photo: TaskPhoto, at: Date, userId: string): Promise<void> {
    await exec(
      tx,
      `UPDATE checklist_run_tasks SET photo_key = $2, photo_media_type = $3, photo_sha256 = $4, photo_bytes = $5, failed = false, answered_at = $6, answered_by_user_id = $7 WHERE id = $1`,
      [taskId, photo.key, photo.mediaType, photo.sha256, photo.bytes, at, userId],
    );
  }

  async setIssue(tx: Tx, taskId: string, issueId: string): Promise<void> {
    await exec(tx, `UPDATE checklist_run_tasks SET issue_id = $2 WHERE id = $1`, [taskId, issueId]);
  }

  async complete(tx: Tx, runId: string, at: Date, userId: string): Promise<void> {
    await exec(tx, `UPDATE checklist_runs SET status = 'COMPLETED', completed_at = $2, completed_by_user_id = $3 WHERE id = $1`, [runId, at, userId]);
  }

  /** Runs dated from `from` to `to` (local days), per outlet. */
  completion(tenantId: string, from: string, to: string, f: { outletId?: string; outletIds?: string[] }): Promise<CompletionRow[]> {
    const params: unknown[] = [tenantId, from, to];
    const where: string[] = [];
    if (f.outletId) where.push(`AND r.outlet_id = $${params.push(f.outletId)}`);
    if (f.outletIds) where.push(`AND r.outlet_id = ANY($${params.push(f.outletIds)}::uuid[])`);
    return many(
      this.ds,
      `SELECT r.outlet_id AS "outletId", o.name AS "outletName",
              count(*)::int AS scheduled,
              count(*) FILTER (WHERE r.status = 'COMPLETED' AND r.completed_at < r.closes_at)::int AS completed,
              count(*) FILTER (WHERE r.status = 'COMPLETED' AND r.completed_at >= r.closes_at)::int AS "completedLate",
              count(*) FILTER (WHERE r.status = 'MISSED')::int AS missed,
              count(*) FILTER (WHERE r.status = 'OPEN')::int AS open,
              COALESCE(sum(f.n), 0)::int AS "failedTasks"
         FROM checklist_runs r
         JOIN outlets o ON o.id = r.outlet_id
         CROSS JOIN LATERAL (SELECT count(*) AS n FROM checklist_run_tasks t WHERE t.run_id = r.id AND t.failed) f
        WHERE r.tenant_id = $1 AND r.run_date BETWEEN $2::date AND $3::date ${where.join(' ')}
        GROUP BY r.outlet_id, o.name
        ORDER BY o.name, r.outlet_id`,
      params,
    );
  }
}
