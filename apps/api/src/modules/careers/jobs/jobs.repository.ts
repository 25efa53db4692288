import { ConflictError } from '@wfm/core/errors';
import type { DataSource } from '@wfm/db/data-source';
import type { CareerJobEntity } from '@wfm/db/entities/careers.entity';
import { assignments, exec, many, one, onConstraint, type Columns, type Db, type Row } from '@wfm/db/sql';
import type { Tx } from '@wfm/db/transaction';
import type { EmploymentType, JobStatus } from './jobs.schemas.js';

/** The text columns narrowed to the values their CHECK constraints allow. */
export type Job = Row<CareerJobEntity> & { employmentType: EmploymentType; status: JobStatus };
export interface ListedJob extends Job {
  applicationCount: number;
}
export type JobChanges = Partial<Pick<Job, 'title' | 'slug' | 'description' | 'outletId' | 'employmentType' | 'location' | 'status' | 'publishedAt' | 'closedAt'>>;

export const SLUG_TAKEN = 'A job posting with this slug already exists';
const SLUG_CONSTRAINT = { career_jobs_tenant_slug_key: () => new ConflictError(SLUG_TAKEN) };

const JOB_COLUMNS = `j.id, j.tenant_id AS "tenantId", j.title, j.slug, j.description, j.outlet_id AS "outletId", j.employment_type AS "employmentType",
  j.location, j.status, j.published_at AS "publishedAt", j.closed_at AS "closedAt", j.created_by_user_id AS "createdByUserId",
  j.created_at AS "createdAt", j.updated_at AS "updatedAt"`;
const LISTED_JOB_COLUMNS = `${JOB_COLUMNS}, (SELECT count(*)::int FROM career_applications a WHERE a.tenant_id = j.tenant_id AND a.job_id = j.id) AS "applicationCount"`;

const CHANGE_COLUMNS: Columns<JobChanges & { updatedAt: Date }> = {
  title: 'title',
  slug: 'slug',
  description: 'description',
  outletId: 'outlet_id',
  employmentType: 'employment_type',
  location: 'location',
  status: 'status',
  publishedAt: 'published_at',
  closedAt: 'closed_at',
  updatedAt: 'updated_at',
};

export class JobsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(tx: Tx, job: Job): Promise<void> {
    await exec(
      tx,
      `INSERT INTO career_jobs (id, tenant_id, title, slug, description, outlet_id, employment_type, location, status, published_at, closed_at, created_by_user_id, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [job.id, job.tenantId, job.title, job.slug, job.description, job.outletId, job.employmentType, job.location, job.status, job.publishedAt, job.closedAt, job.createdByUserId, job.createdAt, job.updatedAt],
    ).catch((err) => onConstraint(err, SLUG_CONSTRAINT));
  }

  find(db: Db | null, tenantId: string, id: string): Promise<ListedJob | null> {
    return one(db ?? this.ds, `SELECT ${LISTED_JOB_COLUMNS} FROM career_jobs j WHERE j.tenant_id = $1 AND j.id = $2`, [tenantId, id]);
  }

  lock(tx: Tx, tenantId: string, id: string): Promise<Job | null> {
    return one(tx, `SELECT ${JOB_COLUMNS} FROM career_jobs j WHERE j.tenant_id = $1 AND j.id = $2 FOR UPDATE`, [tenantId, id]);
  }

  list(tenantId: string, status: JobStatus | undefined, limit: number, offset: number): Promise<ListedJob[]> {
    return many(
      this.ds,
      `SELECT ${LISTED_JOB_COLUMNS} FROM career_jobs j
        WHERE j.tenant_id = $1 AND ($2::text IS NULL OR j.status = $2)
        ORDER BY j.created_at DESC, j.id LIMIT $3 OFFSET $4`,
      [tenantId, status ?? null, limit, offset],
    );
  }

  async update(tx: Tx, tenantId: string, id: string, changes: JobChanges, at: Date): Promise<void> {
    const params: unknown[] = [tenantId, id];
    await exec(tx, `UPDATE career_jobs SET ${assignments({ ...changes, updatedAt: at }, CHANGE_COLUMNS, params)} WHERE tenant_id = $1 AND id = $2`, params).catch((err) =>
      onConstraint(err, SLUG_CONSTRAINT),
    );
  }

  async delete(tx: Tx, tenantId: string, id: string): Promise<void> {
    await exec(tx, `DELETE FROM career_jobs WHERE tenant_id = $1 AND id = $2`, [tenantId, id]);
  }

  async hasApplications(tx: Tx, tenantId: string, jobId: string): Promise<boolean> {
    return (await one(tx, `SELECT 1 FROM career_applications WHERE tenant_id = $1 AND job_id = $2 LIMIT 1`, [tenantId, jobId])) !== null;
  }

  async outletExists(db: Db, tenantId: string, outletId: string): Promise<boolean> {
    return (await one(db, `SELECT 1 FROM outlets WHERE tenant_id = $1 AND id = $2`, [tenantId, outletId])) !== null;
  }

  listOpen(tenantId: string, limit: number, offset: number): Promise<Job[]> {
    return many(this.ds, `SELECT ${JOB_COLUMNS} FROM career_jobs j WHERE j.tenant_id = $1 AND j.status = 'OPEN' ORDER BY j.published_at DESC, j.id LIMIT $2 OFFSET $3`, [tenantId, limit, offset]);
  }

  /**
   * In a transaction, the posting is held (FOR KEY SHARE) until commit, so an application is never
   * written to a posting being deleted; closing it meanwhile is not held up.
   */
  findOpen(tx: Tx | null, tenantId: string, slug: string): Promise<Job | null> {
    return one(tx ?? this.ds, `SELECT ${JOB_COLUMNS} FROM career_jobs j WHERE j.tenant_id = $1 AND j.slug = $2 AND j.status = 'OPEN'${tx ? ' FOR KEY SHARE' : ''}`, [tenantId, slug]);
  }
}
