import { z } from 'zod';
import { SHIFT_STATUSES, SHIFT_TYPES } from '@wfm/db/entities/shift-assignment.entity';
import { clampedInt, isoInstant } from '../../../http/validation.js';
import { publicListQuery } from '../../../http/public-list.js';

export const ShiftStatus = z.enum(SHIFT_STATUSES);
const ShiftType = z.enum(SHIFT_TYPES);
/** A new shift is either published (SCHEDULED) or a roster draft (PROPOSED). */
const InitialStatus = z.enum(['SCHEDULED', 'PROPOSED']);
/** IN_PROGRESS is set only by clocking in, so nobody may set it by hand. */
const ManagerStatus = z.enum(['PROPOSED', 'SCHEDULED', 'COMPLETED', 'CANCELLED', 'MISSED']);
const Note = z.string().trim().min(1).max(1000);
/** Issue 31: accepting a breach of a BLOCK working-time rule, by a role allowed to override. */
export const ComplianceOverrideReason = z
  .string()
  .trim()
  .min(3)
  .max(1000)
  .meta({ description: 'Accept breaches of working-time rules in BLOCK mode, recorded with this reason (HR roles, AREA_MANAGER, OUTLET_MANAGER at their outlets)' });

function hasAnyField(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

export const CreateShiftBody = z.strictObject({
  userId: z.uuid(),
  outletId: z.uuid(),
  scheduledStart: isoInstant(),
  scheduledEnd: isoInstant(),
  type: ShiftType.default('REGULAR'),
  status: InitialStatus.default('SCHEDULED'),
  note: Note.optional(),
  complianceOverrideReason: ComplianceOverrideReason.optional(),
});
export type CreateShiftBody = z.infer<typeof CreateShiftBody>;

/** The developer API creates published shifts only; drafts and notes belong to the roster screens. */
export const PublicCreateShiftBody = z.strictObject({
  userId: z.uuid(),
  outletId: z.uuid(),
  scheduledStart: isoInstant(),
  scheduledEnd: isoInstant(),
  type: ShiftType.default('REGULAR'),
});
export type PublicCreateShiftBody = z.infer<typeof PublicCreateShiftBody>;

/** `userId` re-assigns the shift to another person (fires nothing, spec 03). `note: null` clears the note. */
export const UpdateShiftBody = z
  .strictObject({
    userId: z.uuid().optional(),
    scheduledStart: isoInstant().optional(),
    scheduledEnd: isoInstant().optional(),
    outletId: z.uuid().optional(),
    type: ShiftType.optional(),
    status: ManagerStatus.optional(),
    note: Note.nullable().optional(),
    complianceOverrideReason: ComplianceOverrideReason.optional(),
  })
  .refine(hasAnyField, 'must contain at least one of: userId, scheduledStart, scheduledEnd, outletId, type, status, note');
export type UpdateShiftBody = z.infer<typeof UpdateShiftBody>;

/** `from`/`to` select shifts whose scheduledStart lies in [from, to). */
export const ListShiftsQuery = z.object({
  userId: z.uuid().optional(),
  outletId: z.uuid().optional(),
  status: ShiftStatus.optional(),
  from: isoInstant().optional(),
  to: isoInstant().optional(),
  limit: clampedInt(50, 1, 500),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListShiftsQuery = z.infer<typeof ListShiftsQuery>;

export const PublicListShiftsQuery = publicListQuery({
  outletId: z.uuid().optional(),
  from: isoInstant().optional(),
  to: isoInstant().optional(),
});
export type PublicListShiftsQuery = z.infer<typeof PublicListShiftsQuery>;

export const ShiftIdParams = z.object({ id: z.uuid() });

export const PublicShiftDto = z.object({
  id: z.uuid(),
  userId: z.uuid(),
  outletId: z.uuid(),
  scheduledStart: z.iso.datetime(),
  scheduledEnd: z.iso.datetime(),
  status: ShiftStatus,
  type: ShiftType,
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PublicShiftDto = z.infer<typeof PublicShiftDto>;

export const ShiftDto = PublicShiftDto.extend({
  tenantId: z.uuid(),
  note: z.string().nullable(),
  rosterId: z.uuid().nullable().meta({ description: 'The roster it was published or cloned in; null for a shift created on its own' }),
  createdByUserId: z.uuid().nullable(),
});
export type ShiftDto = z.infer<typeof ShiftDto>;
