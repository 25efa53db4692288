import { z } from 'zod';

export const DoorAccessRow = z.object({
  zoneId: z.uuid().nullable().meta({ description: 'Null for taps at a reader bound to no zone' }),
  zoneName: z.string().nullable(),
  userId: z.uuid().nullable().meta({ description: 'Null for taps no person can be tied to (unknown credentials, visitor passes)' }),
  userName: z.string().nullable(),
  granted: z.number().int(),
  denied: z.number().int().meta({ description: 'Every refusal: no grant, expired, outside hours, zone inactive, unknown credential or reader' }),
});
export type DoorAccessRow = z.infer<typeof DoorAccessRow>;
