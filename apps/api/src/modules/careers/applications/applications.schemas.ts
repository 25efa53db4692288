import { z } from 'zod';
import { normalizeMobile } from '@wfm/core/identity';
import { ROLES } from '@wfm/core/tenancy';
import { clampedInt } from '../../../http/validation.js';
import { UserDto } from '../../organization/users/users.schemas.js';
import { APPLICATION_STAGES } from './application-stages.js';

const Stage = z.enum(APPLICATION_STAGES);

/** Stored in one form (E.164-like), as users' mobiles are, so a hire's phone becomes their mobile as it is. */
export const Phone = z.string().transform((value, ctx) => {
  const phone = normalizeMobile(value);
  if (phone === null) {
    ctx.addIssue({ code: 'custom', message: 'must be a valid phone number' });
    return z.NEVER;
  }
  return phone;
});

export const ResumeDto = z.object({
  fileName: z.string().meta({ description: 'As the applicant named it; shown only, never used as a path' }),
  mediaType: z.enum(['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document']),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.iso.datetime(),
});
export type ResumeDto = z.infer<typeof ResumeDto>;

export const ApplicationIdParams = z.object({ id: z.uuid() });

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
  mobile: Phone.nullable().optional().meta({ description: 'Defaults to the phone the candidate gave; null leaves the user without a mobile' }),
});
export type ConvertBody = z.infer<typeof ConvertBody>;

export const ConvertedDto = z.object({ user: UserDto, application: ApplicationDto });

export const DeletedApplicationDto = z.object({ deleted: z.literal(true), id: z.uuid() });
