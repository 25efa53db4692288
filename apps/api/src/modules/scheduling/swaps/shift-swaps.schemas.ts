import { z } from 'zod';
import { SWAP_STATUSES } from '@wfm/db/entities/scheduling.entity';
import { SHIFT_TYPES } from '@wfm/db/entities/shift-assignment.entity';
import { clampedInt } from '../../../http/validation.js';

const Note = z.string().trim().min(1).max(1000);

export const RequestSwapBody = z.strictObject({
  shiftAssignmentId: z.uuid().meta({ description: "The caller's own SCHEDULED shift" }),
  withShiftAssignmentId: z.uuid().meta({ description: "A colleague's SCHEDULED shift at the same outlet" }),
  note: Note.optional(),
});
export type RequestSwapBody = z.infer<typeof RequestSwapBody>;

export const SwapDecisionBody = z.strictObject({ note: Note.optional() });
export type SwapDecisionBody = z.infer<typeof SwapDecisionBody>;

export const SwapIdParams = z.object({ id: z.uuid() });

export const ListSwapsQuery = z.object({
  status: z.enum(SWAP_STATUSES).optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListSwapsQuery = z.infer<typeof ListSwapsQuery>;

export const SwapDto = z.object({
  id: z.uuid(),
  requesterUserId: z.uuid(),
  requesterAssignmentId: z.uuid(),
  peerUserId: z.uuid(),
  peerAssignmentId: z.uuid(),
  status: z.enum(SWAP_STATUSES).meta({ description: 'PENDING_PEER → PENDING_APPROVAL (the colleague accepted) → APPROVED or REJECTED by a manager; DECLINED by the colleague; CANCELLED by the requester' }),
  note: z.string().nullable(),
  decidedByUserId: z.uuid().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type SwapDto = z.infer<typeof SwapDto>;

export const SwapCandidatesQuery = z.object({
  shiftAssignmentId: z.uuid().meta({ description: "The caller's own SCHEDULED shift, not started, that they would give away" }),
});
export type SwapCandidatesQuery = z.infer<typeof SwapCandidatesQuery>;

export const SwapCandidateDto = z.object({
  shiftAssignmentId: z.uuid().meta({ description: 'What to send as withShiftAssignmentId' }),
  userId: z.uuid(),
  fullName: z.string(),
  scheduledStart: z.iso.datetime(),
  scheduledEnd: z.iso.datetime(),
  type: z.enum(SHIFT_TYPES),
});
export type SwapCandidateDto = z.infer<typeof SwapCandidateDto>;
