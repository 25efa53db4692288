import type { Clock } from '@wfm/core/clock';
import { uuid } from '@wfm/core/crypto';
import { ConflictError, NotFoundError } from '@wfm/core/errors';
import type { TransactionRunner } from '@wfm/db/transaction';
import type { Actor } from '@wfm/core/principal';
import type { Job, JobChanges, JobsRepository, ListedJob } from './jobs.repository.js';
import type { CreateJobBody, JobStatus, ListJobsQuery, UpdateJobBody } from './jobs.schemas.js';

export const jobNotFound = () => new NotFoundError('Job posting not found');

/**
 * How a posting's status may change: a draft is published (OPEN), an open posting closed, a closed
 * one reopened. Nothing returns to DRAFT: once people have seen or applied to a posting, it stays
 * on record as published. Answers the timestamps the change sets.
 */
export function statusChange(job: Pick<Job, 'status'>, to: JobStatus, at: Date): Pick<JobChanges, 'status' | 'publishedAt' | 'closedAt'> {
  if (to === job.status) return {};
  if (to === 'OPEN') return { status: 'OPEN', publishedAt: at, closedAt: null };
  if (to === 'CLOSED' && job.status === 'OPEN') return { status: 'CLOSED', closedAt: at };
  throw new ConflictError(`A ${job.status} posting cannot become ${to}`, 'INVALID_STATUS_TRANSITION');
}

/** Job postings of a tenant, managed by its HR roles; OPEN ones are on the public careers page. */
export class JobsService {
  constructor(
    private readonly repo: JobsRepository,
    private readonly transaction: TransactionRunner,
    private readonly clock: Clock,
  ) {}

  list(actor: Actor, query: ListJobsQuery): Promise<ListedJob[]> {
    return this.repo.list(actor.tenantId, query.status, query.limit, query.offset);
  }

  async get(actor: Actor, id: string): Promise<ListedJob> {
    const job = await this.repo.find(null, actor.tenantId, id);
    if (!job) throw jobNotFound();
    return job;
  }

  create(actor: Actor, body: CreateJobBody): Promise<ListedJob> {
    const now = this.clock.now();
    return this.transaction(async (tx) => {
      if (body.outletId && !(await this.repo.outletExists(tx, actor.tenantId, body.outletId))) throw outletNotFound();
      const job: Job = {
        id: uuid(),
        tenantId: actor.tenantId,
        title: body.title,
        slug: body.slug,
        description: body.description,
        outletId: body.outletId ?? null,
        employmentType: body.employmentType,
        location: body.location ?? null,
        status: body.status,
        publishedAt: body.status === 'OPEN' ? now : null,
        closedAt: null,
        createdByUserId: actor.userId,
        createdAt: now,
        updatedAt: now,
      };
      await this.repo.insert(tx, job);
      return (await this.repo.find(tx, actor.tenantId, job.id))!;
    });
  }

  update(actor: Actor, id: string, body: UpdateJobBody): Promise<ListedJob> {
    const now = this.clock.now();
    return this.transaction(async (tx) => {
      const job = await this.repo.lock(tx, actor.tenantId, id);
      if (!job) throw jobNotFound();
      if (body.outletId && !(await this.repo.outletExists(tx, actor.tenantId, body.outletId))) throw outletNotFound();
      const { status, ...fields } = body;
      const changes: JobChanges = { ...fields, ...(status === undefined ? {} : statusChange(job, status, now)) };
      await this.repo.update(tx, actor.tenantId, id, changes, now);
      return (await this.repo.find(tx, actor.tenantId, id))!;
    });
  }

  /** Only a posting nobody applied to: applications are personal data with their own retention, deleted one by one. */
  remove(actor: Actor, id: string): Promise<{ deleted: true; id: string }> {
    return this.transaction(async (tx) => {
      if (!(await this.repo.lock(tx, actor.tenantId, id))) throw jobNotFound();
      if (await this.repo.hasApplications(tx, actor.tenantId, id)) {
        throw new ConflictError('This posting has applications: close it instead, or delete its applications first', 'JOB_HAS_APPLICATIONS');
      }
      await this.repo.delete(tx, actor.tenantId, id);
      return { deleted: true as const, id };
    });
  }
}

export function outletNotFound(): NotFoundError {
  return new NotFoundError('Outlet not found');
}
