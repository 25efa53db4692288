import type { DataSource } from '@wfm/db/data-source';
import { ConflictError } from '@wfm/core/errors';
import type { HrContractEntity } from '@wfm/db/entities/people-lifecycle.entity';
import { assignments, exec, live, many, one, onConstraint, type Columns, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { CONTRACT_STATUSES, EMPLOYMENT_TYPES } from './contracts.schemas.js';

export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** The text columns narrowed to the values their CHECK constraints allow, and the columns COLUMNS casts as cast. */
export type Contract = Omit<Row<HrContractEntity>, 'startDate' | 'endDate' | 'salaryMinor' | 'annualLeaveDays'> & {
  employmentType: EmploymentType;
  status: ContractStatus;
  /** YYYY-MM-DD: dates are read as text, never through a timezone. */
  startDate: string;
  endDate: string | null;
  salaryMinor: number | null;
  annualLeaveDays: number;
};

export type ContractChanges = Partial<Pick<Contract, 'jobTitle' | 'employmentType' | 'startDate' | 'endDate' | 'salaryMinor' | 'currency' | 'annualLeaveDays'>>;

const COLUMNS = `id, tenant_id AS "tenantId", user_id AS "userId", job_title AS "jobTitle", employment_type AS "employmentType", status,
  start_date::text AS "startDate", end_date::text AS "endDate", salary_minor::float8 AS "salaryMinor", currency,
  annual_leave_days::float8 AS "annualLeaveDays", end_reason AS "endReason", ended_at AS "endedAt",
  created_by_user_id AS "createdByUserId", created_at AS "createdAt", updated_at AS "updatedAt"`;

const CHANGE_COLUMNS: Columns<ContractChanges & { updatedAt: Date }> = {
  jobTitle: 'job_title',
  employmentType: 'employment_type',
  startDate: 'start_date',
  endDate: 'end_date',
  salaryMinor: 'salary_minor',
  currency: 'currency',
  annualLeaveDays: 'annual_leave_days',
  updatedAt: 'updated_at',
};

const ONE_ACTIVE = { hr_contracts_one_active_key: () => new ConflictError('The person already has an active contract', 'CONTRACT_ACTIVE') };

export class ContractsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, c: Contract): Promise<void> {
    await exec(
      tx,
      `INSERT INTO hr_contracts (id, tenant_id, user_id, job_title, employment_type, status, start_date, end_date, salary_minor, currency,
                                 annual_leave_days, created_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13)`,
      [c.id, c.tenantId, c.userId, c.jobTitle, c.employmentType, c.status, c.startDate, c.endDate, c.salaryMinor, c.currency, c.annualLeaveDays, c.createdByUserId, c.createdAt],
    ).catch((err) => onConstraint(err, ONE_ACTIVE));
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Contract | null> {
    return one(tx, `SELECT ${COLUMNS} FROM hr_contracts WHERE tenant_id = $1 AND id = $2 FOR UPDATE`, [tenantId, id]);
  }

  find(tenantId: string, id: string): Promise<Contract | null> {
    return one(this.ds, `SELECT ${COLUMNS} FROM hr_contracts WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  lockActiveOf(tx: Tx, tenantId: string, userId: string): Promise<Contract | null> {
    return one(tx, `SELECT ${COLUMNS} FROM hr_contracts WHERE tenant_id = $1 AND user_id = $2 AND status = 'ACTIVE' FOR UPDATE`, [tenantId, userId]);
  }

  async update(tx: Tx, tenantId: string, id: string, changes: ContractChanges, at: Date): Promise<Contract> {
    const params: unknown[] = [tenantId, id];
    const row = await one<Contract>(tx, `UPDATE hr_contracts SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`, params);
    return row!;
  }

  async setStatus(tx: Tx, tenantId: string, id: string, status: ContractStatus, at: Date, end?: { reason: string }): Promise<Contract> {
    const row = await one<Contract>(
      tx,
      `UPDATE hr_contracts SET status = $3, updated_at = $4, end_reason = COALESCE($5, end_reason), ended_at = CASE WHEN $5::text IS NULL THEN ended_at ELSE $4 END
        WHERE tenant_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
      [tenantId, id, status, at, end?.reason ?? null],
    ).catch((err) => onConstraint(err, ONE_ACTIVE));
    return row!;
  }

  /** Newest first; an id breaks ties so pages neither repeat nor skip. */
  list(tenantId: string, filter: { userId?: string; status?: ContractStatus }, limit: number, offset: number): Promise<Contract[]> {
    const params: unknown[] = [tenantId];
    const where = ['tenant_id = $1'];
    if (filter.userId) where.push(`user_id = $${params.push(filter.userId)}`);
    if (filter.status) where.push(`status = $${params.push(filter.status)}`);
    return many(this.ds, `SELECT ${COLUMNS} FROM hr_contracts WHERE ${where.join(' AND ')} ORDER BY created_at DESC, id LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`, params);
  }

  /**
   * Active contracts whose end date is before today in their tenant's timezone, across tenants:
   * the expiry job's work list (each tenant's batch is then expired in a statement scoped to it).
   */
  pastEndDate(now: Date, limit: number): Promise<Array<{ tenantId: string; id: string }>> {
    return many(
      this.ds,
      `SELECT c.tenant_id AS "tenantId", c.id FROM hr_contracts c JOIN tenants t ON t.id = c.tenant_id
        WHERE c.status = 'ACTIVE' AND c.end_date IS NOT NULL AND c.end_date < ($1::timestamptz AT TIME ZONE t.timezone)::date
        ORDER BY c.end_date LIMIT $2`,
      [now, limit],
    );
  }

  /** The contracts it expired (those still ACTIVE), with their people and types. */
  expire(tx: Tx, tenantId: string, ids: string[], at: Date): Promise<Array<{ userId: string; employmentType: EmploymentType }>> {
    return many(
      tx,
      `UPDATE hr_contracts SET status = 'EXPIRED', end_reason = 'EXPIRED', ended_at = $3, updated_at = $3 WHERE tenant_id = $1 AND id = ANY($2::uuid[]) AND status = 'ACTIVE'
       RETURNING user_id AS "userId", employment_type AS "employmentType"`,
      [tenantId, ids, at],
    );
  }

  /** Status of a live user of the tenant, or null. */
  async userStatus(tx: Tx, tenantId: string, userId: string): Promise<string | null> {
    const row = await one<{ status: string }>(tx, `SELECT u.status FROM users u WHERE u.tenant_id = $1 AND u.id = $2 AND ${live('u')}`, [tenantId, userId]);
    return row?.status ?? null;
  }
}
