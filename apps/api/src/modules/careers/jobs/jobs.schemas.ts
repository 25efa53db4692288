import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';

export const JOB_STATUSES = ['DRAFT', 'OPEN', 'CLOSED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
/** The same kinds as an HR contract's, so a hire's contract can carry the posting's. */
export const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'FIXED_TERM', 'CASUAL', 'INTERN', 'CONTRACTOR'] as const;
export type EmploymentType = (typeof EMPLOYMENT_TYPES)[number];

/** A DNS label, as a tenant's slug: it appears in the careers page's address. */
const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const JobSlug = z.string().regex(SLUG, 'must be 1 to 63 lowercase letters, digits or hyphens, not starting or ending with a hyphen').meta({ example: 'line-cook' });

const Title = z.string().trim().min(1).max(200);
const Description = z.string().trim().min(1).max(20_000);
const Location = z.string().trim().min(1).max(200);
export const EmploymentTypeSchema = z.enum(EMPLOYMENT_TYPES);

export const CreateJobBody = z.strictObject({
  title: Title,
  slug: JobSlug,
  description: Description,
  outletId: z.uuid().optional(),
  employmentType: EmploymentTypeSchema,
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
    employmentType: EmploymentTypeSchema.optional(),
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

export const JobIdParams = z.object({ id: z.uuid() });

export const JobDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  title: z.string(),
  slug: z.string(),
  description: z.string(),
  outletId: z.uuid().nullable(),
  employmentType: EmploymentTypeSchema,
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
