import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { ApplicationsService } from './applications.service.js';
import type { Application, ListedJob } from './careers.repository.js';
import { toResumeDto } from './careers.routes.js';
import {
  ApplicationDto,
  ConvertBody,
  ConvertedDto,
  CreateJobBody,
  DeletedDto,
  IdParams,
  JobDto,
  ListApplicationsQuery,
  ListJobsQuery,
  StageBody,
  UpdateJobBody,
} from './careers.schemas.js';
import type { JobPostingsService } from './job-postings.service.js';

const TAGS = ['recruiting'];
const JOB_404 = { description: 'No job posting with this id in the tenant' };
const APP_404 = { description: 'No application with this id in the tenant' };

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

export function toApplicationDto(a: Application): ApplicationDto {
  return {
    id: a.id,
    tenantId: a.tenantId,
    jobId: a.jobId,
    jobTitle: a.jobTitle,
    fullName: a.fullName,
    email: a.email,
    phone: a.phone,
    coverLetter: a.coverLetter,
    stage: a.stage,
    stageChangedAt: a.stageChangedAt.toISOString(),
    resume: a.resume && toResumeDto(a.resume),
    convertedUserId: a.convertedUserId,
    convertedAt: a.convertedAt?.toISOString() ?? null,
    history: a.history,
    createdAt: a.createdAt.toISOString(),
    updatedAt: a.updatedAt.toISOString(),
  };
}

/** The tenant's side of the careers page: postings and the applications to them (HR roles, permissions.ts). */
export function recruitingRoutes(r: ApiRouter, jobs: JobPostingsService, applications: ApplicationsService): void {
  r.get(
    '/recruiting/jobs',
    { summary: 'Job postings, newest first', tags: TAGS, auth: { kind: 'user' }, query: ListJobsQuery, responses: { 200: { description: 'A bare array', schema: z.array(JobDto) } } },
    async ({ req, query }) => ok((await jobs.list(currentUser(req), query)).map(toJobDto)),
  );

  r.post(
    '/recruiting/jobs',
    {
      summary: 'Create a job posting (DRAFT unless created OPEN)',
      tags: TAGS,
      auth: { kind: 'user' },
      body: CreateJobBody,
      responses: { 201: { description: 'The posting', schema: JobDto }, 404: { description: 'No outlet with this id in the tenant' }, 409: { description: 'The slug is taken by another posting of the tenant' } },
    },
    async ({ req, body }) => created(toJobDto(await jobs.create(currentUser(req), body))),
  );

  r.get(
    '/recruiting/jobs/:id',
    { summary: 'One job posting', tags: TAGS, auth: { kind: 'user' }, params: IdParams, responses: { 200: { description: 'The posting', schema: JobDto }, 404: JOB_404 } },
    async ({ req, params }) => ok(toJobDto(await jobs.get(currentUser(req), params.id))),
  );

  r.patch(
    '/recruiting/jobs/:id',
    {
      summary: 'Change a posting; status OPEN publishes (or reopens), CLOSED takes it off the careers page',
      tags: TAGS,
      auth: { kind: 'user' },
      params: IdParams,
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
      auth: { kind: 'user' },
      params: IdParams,
      responses: { 200: { description: 'Deleted', schema: DeletedDto }, 404: JOB_404, 409: { description: 'JOB_HAS_APPLICATIONS: close it instead' } },
    },
    async ({ req, params }) => ok(await jobs.remove(currentUser(req), params.id)),
  );

  r.get(
    '/recruiting/applications',
    {
      summary: 'Applications, newest first, by posting and stage',
      tags: TAGS,
      auth: { kind: 'user' },
      query: ListApplicationsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ApplicationDto) } },
    },
    async ({ req, query }) => ok((await applications.list(currentUser(req), query)).map(toApplicationDto)),
  );

  r.get(
    '/recruiting/applications/:id',
    { summary: 'One application with its stage history', tags: TAGS, auth: { kind: 'user' }, params: IdParams, responses: { 200: { description: 'The application', schema: ApplicationDto }, 404: APP_404 } },
    async ({ req, params }) => ok(toApplicationDto(await applications.get(currentUser(req), params.id))),
  );

  r.post(
    '/recruiting/applications/:id/stage',
    {
      summary: 'Move an application: forward through SCREENING, INTERVIEW and OFFER (skipping allowed), HIRED from OFFER, REJECTED or WITHDRAWN from any open stage',
      tags: TAGS,
      auth: { kind: 'user' },
      params: IdParams,
      body: StageBody,
      responses: { 200: { description: 'The application', schema: ApplicationDto }, 404: APP_404, 409: { description: 'INVALID_STAGE_TRANSITION' } },
    },
    async ({ req, params, body }) => ok(toApplicationDto(await applications.changeStage(currentUser(req), params.id, body.stage))),
  );

  r.get(
    '/recruiting/applications/:id/resume',
    {
      summary: "The applicant's résumé as uploaded",
      tags: TAGS,
      auth: { kind: 'user' },
      params: IdParams,
      responses: {
        200: {
          description: 'The file, as an attachment',
          alternatives: {
            'application/pdf': z.string().meta({ format: 'binary' }),
            'application/vnd.openxmlformats-officedocument.wordprocessingml.document': z.string().meta({ format: 'binary' }),
          },
        },
        404: { description: 'No application with this id in the tenant, or it has no résumé' },
      },
    },
    async ({ req, params }) => {
      const file = await applications.resume(currentUser(req), params.id);
      return {
        status: 200,
        raw: { contentType: file.mediaType, data: file.data },
        // Personal data: not to be kept by any cache on the way.
        headers: { 'Content-Disposition': `attachment; filename="resume-${params.id}.${file.extension}"`, 'Cache-Control': 'private, no-store' },
      };
    },
  );

  r.delete(
    '/recruiting/applications/:id',
    { summary: 'Erase an application and its résumé', tags: TAGS, auth: { kind: 'user' }, params: IdParams, responses: { 200: { description: 'Deleted', schema: DeletedDto }, 404: APP_404 } },
    async ({ req, params }) => ok(await applications.remove(currentUser(req), params.id)),
  );

  r.post(
    '/recruiting/applications/:id/convert',
    {
      summary: 'Make a HIRED candidate a user of the tenant (invited to set a password; fires no user.created)',
      tags: TAGS,
      auth: { kind: 'user' },
      params: IdParams,
      body: ConvertBody,
      responses: {
        201: { description: 'The new user and the application', schema: ConvertedDto },
        403: { description: "Role not allowed, or the role to assign is above the caller's own or TENANT_GROUP_OWNER" },
        404: { description: 'No application, or no outlet, with this id in the tenant' },
        409: { description: 'NOT_HIRED, ALREADY_CONVERTED, or the email or mobile is already used by a live user of the tenant' },
      },
    },
    async ({ req, params, body }) => {
      const out = await applications.convert(currentUser(req), params.id, body);
      return created({ user: out.user, application: toApplicationDto(out.application) });
    },
  );
}
