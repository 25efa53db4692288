import type { DataSource } from '@wfm/db/data-source';
import type { ProposalStatus, ScheduleProposalEntity } from '@wfm/db/entities/auto-scheduler.entity';
import { exec, many, one } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { ProposalResult } from './proposals.schemas.js';

export type Proposal = Omit<ScheduleProposalEntity, 'result'> & { result: ProposalResult | null };
export type ProposalSummary = Omit<Proposal, 'result'> & { shiftCount: number | null; totalCostMinor: string | null; coveragePercent: number | null };

const COLUMNS = `id, tenant_id AS "tenantId", to_char(week_start, 'YYYY-MM-DD') AS "weekStart", outlet_ids AS "outletIds", status, result, failure,
  created_by_user_id AS "createdByUserId", decided_by_user_id AS "decidedByUserId", decided_at AS "decidedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

const SUMMARY_COLUMNS = `id, tenant_id AS "tenantId", to_char(week_start, 'YYYY-MM-DD') AS "weekStart", outlet_ids AS "outletIds", status, failure,
  jsonb_array_length(result->'shifts') AS "shiftCount", (result->'report'->'totalCostMinor')::bigint AS "totalCostMinor",
  (result->'report'->'coverage'->'percent')::float8 AS "coveragePercent",
  created_by_user_id AS "createdByUserId", decided_by_user_id AS "decidedByUserId", decided_at AS "decidedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

/** Statuses a solve in flight may still write over: a proposal discarded meanwhile keeps its status. */
const IN_FLIGHT = `status IN ('QUEUED','RUNNING')`;

export class ProposalsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(p: Proposal): Promise<void> {
    await exec(
      this.ds,
      `INSERT INTO schedule_proposals (id, tenant_id, week_start, outlet_ids, status, created_by_user_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $7)`,
      [p.id, p.tenantId, p.weekStart, p.outletIds, p.status, p.createdByUserId, p.createdAt],
    );
  }

  find(tenantId: string, id: string): Promise<Proposal | null> {
    return one(this.ds, `SELECT ${COLUMNS} FROM schedule_proposals WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Proposal | null> {
    return one(tx, `SELECT ${COLUMNS} FROM schedule_proposals WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  /**
   * Newest first, without their shifts and report (a week of 300 people is hundreds of kB each):
   * the counts a list shows instead. `within` limits to proposals all of whose outlets are in it
   * (an OUTLET_MANAGER's scope).
   */
  list(tenantId: string, filter: { status?: ProposalStatus; within?: string[] }, limit: number, offset: number): Promise<ProposalSummary[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    if (filter.within) where.push(`outlet_ids <@ $${params.push(filter.within)}::uuid[]`);
    return many(
      this.ds,
      `SELECT ${SUMMARY_COLUMNS} FROM schedule_proposals WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }

  async running(tenantId: string, id: string, at: Date): Promise<boolean> {
    return (await exec(this.ds, `UPDATE schedule_proposals SET status = 'RUNNING', updated_at = $3 WHERE tenant_id = $1 AND id = $2 AND status = 'QUEUED'`, [tenantId, id, at])) === 1;
  }

  async ready(tenantId: string, id: string, result: ProposalResult, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE schedule_proposals SET status = 'READY', result = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND ${IN_FLIGHT}`, [tenantId, id, result, at]);
  }

  async failed(tenantId: string, id: string, failure: string, at: Date): Promise<void> {
    await exec(this.ds, `UPDATE schedule_proposals SET status = 'FAILED', failure = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2 AND ${IN_FLIGHT}`, [tenantId, id, failure, at]);
  }

  /** Every tenant's proposals still QUEUED or RUNNING last changed before `before`: FAILED with `failure`. */
  async abandon(before: Date, failure: string, at: Date): Promise<number> {
    return exec(this.ds, `UPDATE schedule_proposals SET status = 'FAILED', failure = $2, updated_at = $3 WHERE ${IN_FLIGHT} AND updated_at < $1`, [before, failure, at]);
  }

  async saveResult(tx: Tx, tenantId: string, id: string, result: ProposalResult, at: Date): Promise<Proposal> {
    return (await one<Proposal>(tx, `UPDATE schedule_proposals SET result = $3, updated_at = $4 WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`, [tenantId, id, result, at]))!;
  }

  async decide(tx: Tx, tenantId: string, id: string, status: 'ACCEPTED' | 'DISCARDED', by: string, at: Date): Promise<Proposal> {
    return (await one<Proposal>(
      tx,
      `UPDATE schedule_proposals SET status = $3, decided_by_user_id = $4, decided_at = $5, updated_at = $5 WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [tenantId, id, status, by, at],
    ))!;
  }

  /** The outlets of `ids` in the tenant, with their status. */
  async outlets(tenantId: string, ids: readonly string[]): Promise<Map<string, string>> {
    const rows = await many<{ id: string; status: string }>(this.ds, `SELECT id, status FROM outlets WHERE tenant_id = $1 AND id = ANY($2::uuid[])`, [tenantId, ids]);
    return new Map(rows.map((r) => [r.id, r.status]));
  }
}
