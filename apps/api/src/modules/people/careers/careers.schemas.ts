import { z } from 'zod';
import { normalizeEmail, normalizeMobile } from '@wfm/core/identity';
import { ROLES } from '@wfm/core/tenancy';
import { singleLine } from '@wfm/core/validation';
import { clampedInt } from '../../../http/validation.js';
import { UserDto } from '../../organization/users/users.schemas.js';
import { APPLICATION_STAGES } from './application-stages.js';

export const JOB_STATUSES = ['DRAFT', 'OPEN', 'CLOSED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The same kinds as an HR contract's, so a hire's contract can carry the posting's. */
export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'FIXED_TERM', 'CASUAL', 'INTERN', 'CONTRACTOR'] as const;

/** A DNS label, as a tenant's slug: it appears in the careers page's address. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const SLUG_RULE = 'must be 1 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen';
const JobSlug = z.string().regex(SLUG, SLUG_RULE).meta({ example: 'line-cook' });
/** Any slug text, so a malformed one is simply not found (these are addresses people type). */
const PathSlug = z.string().max(100).meta({ example: 'acme' });

const Title = z.string().trim().min(1).max(200);
const Description = z.string().trim().min(1).max(20_000);
const Location = z.string().trim().min(1).max(200);
const EmploymentType = z.enum(EMPLOYMENT_TYPES);
const Stage = z.enum(APPLICATION_STAGES);

export const CreateJobBody = z.strictObject({
  title: Title,
  slug: JobSlug,
  description: Description,
  outletId: z.uuid().optional(),
  employmentType: EmploymentType,
  location: Location.optional(),
  status: z.enum(['DRAFT', 'OPEN']).default('DRAFT').meta({ description: 'OPEN publishes at once; DRAFT (default) keeps it off the careers page' }),
});
export type CreateJobBody = z.infer<typeof CreateJobBody>;

/** `null` clears outletId or location. */
export const UpdateJobBody = z
  .strictObject({
    title: Title.optional(),
    slug: JobSlug.optional(),
    description: Description.optional(),
    outletId: z.uuid().nullable().optional(),
    employmentType: EmploymentType.optional(),
    location: Location.nullable().optional(),
    status: z.enum(JOB_STATUSES).optional().meta({ description: 'DRAFT → OPEN publishes, OPEN → CLOSED closes, CLOSED → OPEN reopens; nothing goes back to DRAFT' }),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one of: title, slug, description, outletId, employmentType, location, status');
export type UpdateJobBody = z.infer<typeof UpdateJobBody>;

export const ListJobsQuery = z.object({
  status: z.enum(JOB_STATUSES).optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListJobsQuery = z.infer<typeof ListJobsQuery>;

export const IdParams = z.object({ id: z.uuid() });

export const JobDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  outletId: z.uuid().nullable(),
  employmentType: EmploymentType,
  location: z.string().nullable(),
  status: z.enum(JOB_STATUSES),
  publishedAt: z.iso.datetime().nullable().meta({ description: 'When the posting last went OPEN' }),
  closedAt: z.iso.datetime().nullable(),
  applicationCount: z.number().int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type JobDto = z.infer<typeof JobDto>;

export const DeletedDto = z.object({ deleted: z.literal(true), id: z.uuid() });

// ---- the public careers page ----

export const CareersPageParams = z.object({ tenantSlug: PathSlug });
export const PublicJobParams = z.object({ tenantSlug: PathSlug, jobSlug: PathSlug });
export const PublicJobsQuery = z.object({ limit: clampedInt(50, 1, 200), offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER) });
export type PublicJobsQuery = z.infer<typeof PublicJobsQuery>;

export const CareersTenantDto = z.object({ name: z.string(), slug: z.string() }).meta({ description: "The company behind the page: its name and slug (the tenant's branding joins here)" });

export const PublicJobDto = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  employmentType: EmploymentType,
  location: z.string().nullable(),
  publishedAt: z.iso.datetime(),
});
export type PublicJobDto = z.infer<typeof PublicJobDto>;

export const CareersPageDto = z.object({ tenant: CareersTenantDto, jobs: z.array(PublicJobDto).meta({ description: 'Open postings, newest first' }) });
export const PublicJobPageDto = z.object({ tenant: CareersTenantDto, job: PublicJobDto });

/** Normalised before validation so admins compare and convert one form. */
const Email = z.string().transform(normalizeEmail).pipe(z.email().max(254));

const Phone = z.string().transform((value, ctx) => {
  const phone = normalizeMobile(value);
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a valid phone number' });
    return z.NEVER;
  }
  return phone;
});

export const ApplyBody = z.strictObject({
  fullName: singleLine(200).pipe(z.string().trim().min(1)),
  email: Email,
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
    .never()
    .optional()
    .meta({ type: 'string', format: 'binary', description: 'The résumé (required): a PDF or a Word .docx file of at most 5 MB, recognised by its content' }),
});

export const ResumeDto = z.object({
  fileName: z.string().meta({ description: 'As the applicant named it; shown only, never used as a path' }),
  mediaType: z.enum(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.iso.datetime(),
});
export type ResumeDto = z.infer<typeof ResumeDto>;

export const ResumeUploadedDto = z.object({ applicationId: z.uuid(), resume: ResumeDto });

// ---- applications, for recruiters ----

export const ListApplicationsQuery = z.object({
  jobId: z.uuid().optional(),
  stage: Stage.optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListApplicationsQuery = z.infer<typeof ListApplicationsQuery>;

export const StageBody = z.strictObject({ stage: Stage });

export const ApplicationDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  coverLetter: z.string().nullable(),
  stage: Stage,
  stageChangedAt: z.iso.datetime(),
  resume: ResumeDto.nullable(),
  convertedUserId: z.uuid().nullable(),
  convertedAt: z.iso.datetime().nullable(),
  history: z.array(z.object({ from: Stage, to: Stage, byUserId: z.uuid().nullable(), at: z.iso.datetime() })).meta({ description: 'Stage changes, oldest first' }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ApplicationDto = z.infer<typeof ApplicationDto>;

export const ConvertBody = z.strictObject({
  role: z.enum(ROLES),
  outletId: z.uuid().optional().meta({ description: 'The outlet the new hire works at' }),
  employeeCode: z.string().trim().min(1).max(64).optional(),
  mobile: Phone.nullable().optional().meta({ description: "Defaults to the phone the candidate gave; null leaves the user without a mobile" }),
});
export type ConvertBody = z.infer<typeof ConvertBody>;

export const ConvertedDto = z.object({ user: UserDto, application: ApplicationDto });
