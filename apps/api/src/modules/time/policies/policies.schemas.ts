import { z } from 'zod';

const Title = z.string().trim().min(1).max(200);
const Body = z.string().trim().min(1).max(20000);

function hasAnyField(body: object): boolean {
  return Object.values(body).some((v) => v !== undefined);
}

export const CreatePolicyBody = z.strictObject({
  title: Title,
  body: Body,
  requiresAcknowledgement: z.boolean().default(false),
});
export type CreatePolicyBody = z.infer<typeof CreatePolicyBody>;

/** A new `body` text raises the version, so everyone must acknowledge the policy again. */
export const UpdatePolicyBody = z
  .strictObject({
    title: Title.optional(),
    body: Body.optional(),
    requiresAcknowledgement: z.boolean().optional(),
    active: z.boolean().optional(),
  })
  .refine(hasAnyField, 'must contain at least one of: title, body, requiresAcknowledgement, active');
export type UpdatePolicyBody = z.infer<typeof UpdatePolicyBody>;

export const PolicyIdParams = z.object({ id: z.uuid() });

export const PolicyDto = z.object({
  id: z.uuid(),
  title: z.string(),
  body: z.string(),
  requiresAcknowledgement: z.boolean(),
  version: z.number().int(),
  active: z.boolean(),
  /** Whether the caller has acknowledged the current version. */
  acknowledged: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type PolicyDto = z.infer<typeof PolicyDto>;
