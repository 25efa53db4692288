import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { fileUpload, uploadedFile } from '../../../http/upload.js';
import { toResumeDto } from '../applications/applications.routes.js';
import { RESUME_MAX_BYTES, type CareersPageService } from './careers-page.service.js';
import { ApplyBody, ApplyResultDto, CareersPageDto, CareersPageParams, PublicJobPageDto, PublicJobParams, PublicJobsQuery, ResumeUploadBody, ResumeUploadedDto } from './careers-page.schemas.js';

const TAGS = ['careers'];
const E404 = { description: 'No open posting with this slug on this careers page' };

/** Spec 01, links for outsiders: the careers page takes no JWT and is rate-limited per source address. */
export function careersPageRoutes(r: ApiRouter, careers: CareersPageService): void {
  r.get(
    '/careers/:tenantSlug',
    {
      summary: "A company's careers page: its name and its open postings, newest first",
      tags: TAGS,
      auth: { kind: 'none' },
      params: CareersPageParams,
      query: PublicJobsQuery,
      responses: { 200: { description: 'The page', schema: CareersPageDto }, 404: { description: 'No company with this slug that has published a posting' } },
    },
    async ({ params, query }) => ok(await careers.page(params.tenantSlug, query)),
  );

  r.get(
    '/careers/:tenantSlug/jobs/:jobSlug',
    { summary: 'One open posting', tags: TAGS, auth: { kind: 'none' }, params: PublicJobParams, responses: { 200: { description: 'The posting and its company', schema: PublicJobPageDto }, 404: E404 } },
    async ({ params }) => ok(await careers.job(params.tenantSlug, params.jobSlug)),
  );

  r.post(
    '/careers/:tenantSlug/jobs/:jobSlug/apply',
    {
      summary: 'Apply to an open posting; the answer carries the token for the résumé upload (shown once, valid 1 hour)',
      tags: TAGS,
      auth: { kind: 'none' },
      params: PublicJobParams,
      body: ApplyBody,
      responses: { 201: { description: 'The application id and the upload token', schema: ApplyResultDto }, 404: E404 },
    },
    async ({ params, body }) => created(await careers.apply(params.tenantSlug, params.jobSlug, body)),
  );

  r.post(
    '/careers/:tenantSlug/jobs/:jobSlug/apply/resume',
    {
      summary: 'Upload the résumé of an application (multipart/form-data: applicationId, uploadToken, resume); a later upload replaces it while the application is unreviewed and the token valid',
      tags: TAGS,
      auth: { kind: 'none' },
      params: PublicJobParams,
      body: ResumeUploadBody,
      bodyTypes: ['multipart/form-data'],
      guards: [fileUpload({ field: 'resume', maxBytes: RESUME_MAX_BYTES })],
      responses: {
        200: { description: 'An earlier résumé was replaced', schema: ResumeUploadedDto },
        201: { description: 'The résumé is stored', schema: ResumeUploadedDto },
        401: { description: 'The upload token is wrong or expired' },
        404: { description: 'No open posting with this slug, or no application to it with this id' },
        409: { description: 'APPLICATION_UNDER_REVIEW: the application has left APPLIED' },
        413: { description: 'The file is larger than 5 MB' },
        415: { description: 'Not multipart/form-data, or the file is not a PDF or a .docx document by its content' },
      },
    },
    async ({ params, body, req }) => {
      const out = await careers.uploadResume(params.tenantSlug, params.jobSlug, body, uploadedFile(req));
      return { status: out.replaced ? 200 : 201, body: { applicationId: body.applicationId, resume: toResumeDto(out.resume) } };
    },
  );
}
