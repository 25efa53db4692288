import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';

/** In order of gravity: auto-escalation moves one step along it. */
export const DISCIPLINARY_LEVELS = ['VERBAL', 'WRITTEN', 'FINAL', 'DISMISSAL'] as const;
export const DISCIPLINARY_CATEGORIES = ['ATTENDANCE', 'CONDUCT', 'PERFORMANCE', 'SAFETY', 'POLICY', 'OTHER'] as const;
const Level = z.enum(DISCIPLINARY_LEVELS);
const Category = z.enum(DISCIPLINARY_CATEGORIES);

export const IssueDisciplinaryBody = z.strictObject({
  userId: z.uuid(),
  level: Level,
  category: Category,
  details: z.string().trim().min(1).max(5000).optional().meta({ description: 'What happened: seen by HR roles only, never in an event' }),
});
export type IssueDisciplinaryBody = z.infer<typeof IssueDisciplinaryBody>;

export const DisciplinaryIdParams = z.object({ id: z.uuid() });

export const ListDisciplinaryQuery = z.object({
  userId: z.uuid().optional(),
  category: Category.optional(),
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListDisciplinaryQuery = z.infer<typeof ListDisciplinaryQuery>;

export const DisciplinaryDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  userId: z.uuid(),
  level: Level.meta({ description: 'The level issued: the requested one, or one above it when auto-escalated' }),
  requestedLevel: Level,
  category: Category,
  details: z.string().nullable().optional().meta({ description: 'HR roles only; absent for everyone else' }),
  autoEscalated: z.boolean().meta({ description: 'True when this was the third action or more in the category within 90 days, which raised the level one step' }),
  issuedByUserId: z.uuid().nullable(),
  issuedAt: z.iso.datetime(),
});
export type DisciplinaryDto = z.infer<typeof DisciplinaryDto>;
