import { z } from 'zod';

export const LabourCostRow = z.object({
  weekStart: z.iso.date().meta({ description: 'Monday of the ISO week of the local days worked' }),
  userId: z.uuid(),
  userName: z.string(),
  outletId: z.uuid(),
  outletName: z.string(),
  clockedMinutes: z.number().int(),
  overtimeMinutes: z.number().int().meta({ description: 'Minutes of the person’s days beyond their standard day that were worked at this outlet' }),
  payType: z.enum(['HOURLY', 'MONTHLY']).nullable().meta({ description: 'Null: no pay setting, so no cost' }),
  currency: z.string().nullable(),
  costMinor: z.number().int().nullable().meta({ description: 'Regular minutes at the rate plus overtime at the overtime percentage, in minor units; a monthly salary at its hourly equivalent (12 × salary / 2080 h)' }),
});
export type LabourCostRow = z.infer<typeof LabourCostRow>;
