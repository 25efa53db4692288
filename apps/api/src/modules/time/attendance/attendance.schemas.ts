import { z } from 'zod';
import { ATTENDANCE_STATUSES } from '@wfm/db/entities/attendance-event.entity';
import { clampedInt, isoInstant } from '../../../http/validation.js';
import { publicListQuery } from '../../../http/public-list.js';

const AttendanceStatus = z.enum(ATTENDANCE_STATUSES);

export const ClockInBody = z.strictObject({
  outletId: z.uuid(),
  shiftAssignmentId: z.uuid().optional(),
});
export type ClockInBody = z.infer<typeof ClockInBody>;

/** Without an id, the caller's open clock-in is closed. */
export const ClockOutBody = z.strictObject({ attendanceEventId: z.uuid().optional() });
export type ClockOutBody = z.infer<typeof ClockOutBody>;

export const ReviewAttendanceBody = z.strictObject({
  status: z.enum(['APPROVED', 'REJECTED']),
  note: z.string().trim().min(1).max(1000).optional(),
});
export type ReviewAttendanceBody = z.infer<typeof ReviewAttendanceBody>;

const filters = {
  outletId: z.uuid().optional(),
  userId: z.uuid().optional(),
  status: AttendanceStatus.optional(),
  from: isoInstant().optional(),
  to: isoInstant().optional(),
};

/** `from`/`to` select events whose clockInAt lies in [from, to). */
export const ListAttendanceQuery = z.object({
  ...filters,
  limit: clampedInt(50, 1, 500),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListAttendanceQuery = z.infer<typeof ListAttendanceQuery>;

export const PublicListAttendanceQuery = publicListQuery(filters);
export type PublicListAttendanceQuery = z.infer<typeof PublicListAttendanceQuery>;

export const AttendanceIdParams = z.object({ id: z.uuid() });

export const AttendanceDto = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  outletId: z.uuid(),
  shiftAssignmentId: z.uuid().nullable(),
  clockInAt: z.iso.datetime(),
  clockOutAt: z.iso.datetime().nullable(),
  status: AttendanceStatus,
  reviewNote: z.string().nullable(),
  /** Null while unreviewed, and when an integration reviewed the event. */
  reviewedByUserId: z.uuid().nullable(),
  reviewedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type AttendanceDto = z.infer<typeof AttendanceDto>;
