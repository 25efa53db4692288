import { z } from 'zod';
import { PublicBrandingDto } from '../../organization/branding/branding.schemas.js';
import { normalizeEmail } from '@wfm/core/identity';
import { singleLine } from '@wfm/core/validation';
import { clampedInt } from '../../../http/validation.js';
import { Phone, ResumeDto } from '../applications/applications.schemas.js';
import { EmploymentTypeSchema } from '../jobs/jobs.schemas.js';

/** Any slug text, so a malformed one is simply not found (these are addresses people type). */
const PathSlug = z.string().max(100).meta({ example: 'acme' });

export const CareersPageParams = z.object({ tenantSlug: PathSlug });
export const PublicJobParams = z.object({ tenantSlug: PathSlug, jobSlug: PathSlug });
export const PublicJobsQuery = z.object({ limit: clampedInt(50, 1, 200), offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER) });
export type PublicJobsQuery = z.infer<typeof PublicJobsQuery>;

export const CareersTenantDto = PublicBrandingDto.meta({ description: 'The company behind the page: its name, slug, colours and logo (as GET /branding/public answers them)' });
export type CareersTenantDto = z.infer<typeof CareersTenantDto>;

export const PublicJobDto = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  employmentType: EmploymentTypeSchema,
  location: z.string().nullable(),
  publishedAt: z.iso.datetime(),
});
export type PublicJobDto = z.infer<typeof PublicJobDto>;

export const CareersPageDto = z.object({ tenant: CareersTenantDto, jobs: z.array(PublicJobDto).meta({ description: 'Open postings, newest first' }) });
export const PublicJobPageDto = z.object({ tenant: CareersTenantDto, job: PublicJobDto });

export const ApplyBody = z.strictObject({
  fullName: singleLine(200).pipe(z.string().trim().min(1)),
  email: z.string().transform(normalizeEmail).pipe(z.email().max(254)),
  phone: Phone.optional(),
  coverLetter: z.string().trim().min(1).max(10_000).optional(),
});
export type ApplyBody = z.infer<typeof ApplyBody>;

export const ApplyResultDto = z.object({
  applicationId: z.uuid(),
  uploadToken: z.string().meta({ description: 'Shown once: send it with the résumé upload (stored hashed)' }),
  uploadTokenExpiresAt: z.iso.datetime().meta({ description: 'Uploads, and replacing the file, are accepted until then while nobody has reviewed the application' }),
});
export type ApplyResultDto = z.infer<typeof ApplyResultDto>;

/** The form fields next to the file; the file itself is read by the upload guard. */
export const ResumeUploadBody = z.strictObject({
  applicationId: z.uuid(),
  uploadToken: z.string().min(1).max(200),
  resume: z
    .custom<never>(() => false, { message: 'must be a file, not a text field' })
    .optional()
    .meta({ type: 'string', format: 'binary', description: 'The résumé (required): a PDF or a Word .docx file of at most 5 MB, recognised by its content' }),
});

export const ResumeUploadedDto = z.object({ applicationId: z.uuid(), resume: ResumeDto });
