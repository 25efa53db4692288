import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { ListedJob } from './jobs.repository.js';
import { CreateJobBody, DeletedDto, JobDto, JobIdParams, ListJobsQuery, UpdateJobBody } from './jobs.schemas.js';
import type { JobsService } from './jobs.service.js';
import { RECRUITERS } from '@wfm/core/role-sets';

const TAGS = ['recruiting'];
const E404 = { description: 'No job posting with this id in the tenant' };

export function toJobDto(j: ListedJob): JobDto {
  return {
    id: j.id,
    tenantId: j.tenantId,
    title: j.title,
    slug: j.slug,
    description: j.description,
    outletId: j.outletId,
    employmentType: j.employmentType,
    location: j.location,
    status: j.status,
    publishedAt: j.publishedAt?.toISOString() ?? null,
    closedAt: j.closedAt?.toISOString() ?? null,
    applicationCount: j.applicationCount,
    createdAt: j.createdAt.toISOString(),
    updatedAt: j.updatedAt.toISOString(),
  };
}

/** The tenant's job postings (HR roles, RECRUITERS); the OPEN ones make its public careers page. */
export function jobsRoutes(r: ApiRouter, jobs: JobsService): void {
  r.get(
    '/recruiting/jobs',
    { summary: 'Job postings, newest first', tags: TAGS, auth: { kind: 'user', roles: RECRUITERS }, query: ListJobsQuery, responses: { 200: { description: 'A bare array', schema: z.array(JobDto) } } },
    async ({ req, query }) => ok((await jobs.list(currentUser(req), query)).map(toJobDto)),
  );

  r.post(
    '/recruiting/jobs',
    {
      summary: 'Create a job posting (DRAFT unless created OPEN)',
      tags: TAGS,
      auth: { kind: 'user', roles: RECRUITERS },
      body: CreateJobBody,
      responses: { 201: { description: 'The posting', schema: JobDto }, 404: { description: 'No outlet with this id in the tenant' }, 409: { description: 'The slug is taken by another posting of the tenant' } },
    },
    async ({ req, body }) => created(toJobDto(await jobs.create(currentUser(req), body))),
  );

  r.get(
    '/recruiting/jobs/:id',
    { summary: 'One job posting', tags: TAGS, auth: { kind: 'user', roles: RECRUITERS }, params: JobIdParams, responses: { 200: { description: 'The posting', schema: JobDto }, 404: E404 } },
    async ({ req, params }) => ok(toJobDto(await jobs.get(currentUser(req), params.id))),
  );

  r.patch(
    '/recruiting/jobs/:id',
    {
      summary: 'Change a posting; status OPEN publishes (or reopens), CLOSED takes it off the careers page',
      tags: TAGS,
      auth: { kind: 'user', roles: RECRUITERS },
      params: JobIdParams,
      body: UpdateJobBody,
      responses: {
        200: { description: 'The posting', schema: JobDto },
        404: { description: 'No job posting, or no outlet, with this id in the tenant' },
        409: { description: 'The slug is taken, or INVALID_STATUS_TRANSITION (back to DRAFT, or a draft straight to CLOSED)' },
      },
    },
    async ({ req, params, body }) => ok(toJobDto(await jobs.update(currentUser(req), params.id, body))),
  );

  r.delete(
    '/recruiting/jobs/:id',
    {
      summary: 'Delete a posting nobody applied to',
      tags: TAGS,
      auth: { kind: 'user', roles: RECRUITERS },
      params: JobIdParams,
      responses: { 200: { description: 'Deleted', schema: DeletedDto }, 404: E404, 409: { description: 'JOB_HAS_APPLICATIONS: close it instead' } },
    },
    async ({ req, params }) => ok(await jobs.remove(currentUser(req), params.id)),
  );
}
