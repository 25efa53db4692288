import { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { Application, StoredResume } from './applications.repository.js';
import { ApplicationDto, ApplicationIdParams, ConvertBody, ConvertedDto, DeletedApplicationDto, ListApplicationsQuery, StageBody, type ResumeDto } from './applications.schemas.js';
import type { ApplicationsService } from './applications.service.js';
import { RECRUITERS } from '@wfm/core/role-sets';

const TAGS = ['recruiting'];
const E404 = { description: 'No application with this id in the tenant' };

export function toResumeDto(r: StoredResume): ResumeDto {
  return { fileName: r.fileName, mediaType: r.mediaType as ResumeDto['mediaType'], size: r.size, sha256: r.sha256, uploadedAt: r.uploadedAt.toISOString() };
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

/** Applications to the tenant's postings, as its HR roles (RECRUITERS) work them. */
export function applicationsRoutes(r: ApiRouter, applications: ApplicationsService): void {
  r.get(
    '/recruiting/applications',
    {
      summary: 'Applications, newest first, by posting and stage',
      tags: TAGS,
      auth: { kind: 'user', roles: RECRUITERS },
      query: ListApplicationsQuery,
      responses: { 200: { description: 'A bare array', schema: z.array(ApplicationDto) } },
    },
    async ({ req, query }) => ok((await applications.list(currentUser(req), query)).map(toApplicationDto)),
  );

  r.get(
    '/recruiting/applications/:id',
    { summary: 'One application with its stage history', tags: TAGS, auth: { kind: 'user', roles: RECRUITERS }, params: ApplicationIdParams, responses: { 200: { description: 'The application', schema: ApplicationDto }, 404: E404 } },
    async ({ req, params }) => ok(toApplicationDto(await applications.get(currentUser(req), params.id))),
  );

  r.post(
    '/recruiting/applications/:id/stage',
    {
      summary: 'Move an application: forward through SCREENING, INTERVIEW and OFFER (skipping allowed), HIRED from OFFER, REJECTED or WITHDRAWN from any open stage',
      tags: TAGS,
      auth: { kind: 'user', roles: RECRUITERS },
      params: ApplicationIdParams,
      body: StageBody,
      responses: { 200: { description: 'The application', schema: ApplicationDto }, 404: E404, 409: { description: 'INVALID_STAGE_TRANSITION' } },
    },
    async ({ req, params, body }) => ok(toApplicationDto(await applications.changeStage(currentUser(req), params.id, body.stage))),
  );

  r.get(
    '/recruiting/applications/:id/resume',
    {
      summary: "The applicant's résumé as uploaded",
      tags: TAGS,
      auth: { kind: 'user', roles: RECRUITERS },
      params: ApplicationIdParams,
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
    { summary: 'Erase an application and its résumé', tags: TAGS, auth: { kind: 'user', roles: RECRUITERS }, params: ApplicationIdParams, responses: { 200: { description: 'Deleted', schema: DeletedApplicationDto }, 404: E404 } },
    async ({ req, params }) => ok(await applications.remove(currentUser(req), params.id)),
  );

  r.post(
    '/recruiting/applications/:id/convert',
    {
      summary: 'Make a HIRED candidate a user of the tenant (invited to set a password; fires no user.created)',
      tags: TAGS,
      auth: { kind: 'user', roles: RECRUITERS },
      params: ApplicationIdParams,
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
