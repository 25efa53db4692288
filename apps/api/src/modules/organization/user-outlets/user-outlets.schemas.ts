import { z } from 'zod';

export const UserIdParams = z.object({ id: z.uuid() });

export const SetUserOutletsBody = z.strictObject({
  outletIds: z
    .array(z.uuid())
    .max(500)
    .superRefine((ids, ctx) => {
      if (new Set(ids.map((id) => id.toLowerCase())).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'must not contain duplicates' });
    })
    .meta({ description: 'Replaces the whole assignment; an empty array removes every outlet' }),
});
export type SetUserOutletsBody = z.infer<typeof SetUserOutletsBody>;

export const UserOutletsDto = z.object({
  userId: z.uuid(),
  outletIds: z.array(z.uuid()).meta({ description: 'Sorted' }),
});
export type UserOutletsDto = z.infer<typeof UserOutletsDto>;
