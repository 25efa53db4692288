import { z } from 'zod';
import { OPEN_SHIFT_STATUSES } from '@wfm/db/entities/scheduling.entity';
import { SHIFT_TYPES } from '@wfm/db/entities/shift-assignment.entity';
import { clampedInt } from '../../../http/validation.js';
import { ShiftDto } from '../shifts/shifts.schemas.js';

export const ReleaseShiftBody = z.strictObject({
  note: z.string().trim().min(1).max(1000).optional().meta({ description: "Shown to the staff who may claim it; the shift's own note otherwise" }),
});
export type ReleaseShiftBody = z.infer<typeof ReleaseShiftBody>;

export const OpenShiftIdParams = z.object({ id: z.uuid() });

export const ListOpenShiftsQuery = z.object({
  outletId: z.uuid().optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListOpenShiftsQuery = z.infer<typeof ListOpenShiftsQuery>;

export const OpenShiftDto = z.object({
  id: z.uuid().meta({ description: 'The shiftId of shift.released and shift.claimed' }),
  outletId: z.uuid(),
  scheduledStart: z.iso.datetime(),
  scheduledEnd: z.iso.datetime(),
  type: z.enum(SHIFT_TYPES),
  note: z.string().nullable(),
  status: z.enum(OPEN_SHIFT_STATUSES),
  previousUserId: z.uuid().nullable(),
  releasedByUserId: z.uuid().nullable(),
  claimedByUserId: z.uuid().nullable(),
  claimedAssignmentId: z.uuid().nullable(),
  closedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OpenShiftDto = z.infer<typeof OpenShiftDto>;

export const ClaimedShiftDto = OpenShiftDto.extend({ assignment: ShiftDto.meta({ description: "The claimer's new assignment (SCHEDULED)" }) });
