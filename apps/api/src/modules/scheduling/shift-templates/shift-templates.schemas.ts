import { z } from 'zod';
import { singleLine } from '@wfm/core/validation';

/** A wall-clock time of the outlet's zone, 24-hour. */
const ClockTime = z.string().regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, { error: 'must be a time in HH:MM format (00:00 to 23:59)' });
const Name = singleLine(80).trim().min(1);
const BreakMinutes = z.number().int().min(0).max(720).meta({ description: 'Unpaid break, in minutes: shown on the template; the week totals count scheduled time' });
const Colour = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, { error: 'must be a colour in #rrggbb format' })
  .meta({ example: '#2f9e44' })
  .transform((c) => c.toLowerCase());

export const CreateShiftTemplateBody = z.strictObject({
  outletId: z.uuid(),
  name: Name,
  startTime: ClockTime.meta({ description: "Local time of the outlet's zone", example: '07:00' }),
  endTime: ClockTime.meta({ description: 'At or before startTime: the next morning (a night shift)', example: '15:00' }),
  breakMinutes: BreakMinutes.default(0),
  colour: Colour.nullable().default(null),
});
export type CreateShiftTemplateBody = z.infer<typeof CreateShiftTemplateBody>;

export const UpdateShiftTemplateBody = z
  .strictObject({ name: Name.optional(), startTime: ClockTime.meta({ example: '06:00' }).optional(), endTime: ClockTime.meta({ example: '14:00' }).optional(), breakMinutes: BreakMinutes.optional(), colour: Colour.nullable().optional() })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'must contain at least one of: name, startTime, endTime, breakMinutes, colour');
export type UpdateShiftTemplateBody = z.infer<typeof UpdateShiftTemplateBody>;

export const ListShiftTemplatesQuery = z.object({ outletId: z.uuid() });
export const ShiftTemplateIdParams = z.object({ id: z.uuid() });

export const ShiftTemplateDto = z.object({
  id: z.uuid(),
  outletId: z.uuid(),
  name: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  breakMinutes: z.number().int(),
  colour: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ShiftTemplateDto = z.infer<typeof ShiftTemplateDto>;
