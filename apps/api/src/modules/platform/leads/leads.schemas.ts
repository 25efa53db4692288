import { z } from 'zod';
import { normalizeEmail } from '@wfm/core/identity';
import { singleLine } from '@wfm/core/validation';
import { offsetEnvelopeSchema, offsetListQuery } from '../../../http/public-list.js';

export const LeadBody = z.strictObject({
  name: singleLine(200).trim().min(1),
  email: z.string().transform(normalizeEmail).pipe(z.email().max(254)),
  company: singleLine(200).trim().min(1),
  message: z.string().trim().max(5000).optional(),
  /**
   * The honeypot: a field the form hides from people (CSS), which form-filling bots fill in. A
   * filled one is answered like any enquiry and dropped.
   */
  website: z.string().max(2000).optional().meta({ description: 'Leave empty: hidden from people, it catches form-filling bots' }),
});
export type LeadBody = z.infer<typeof LeadBody>;

export const LeadReceivedDto = z.object({ received: z.literal(true) });

export const LeadDto = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  message: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type LeadDto = z.infer<typeof LeadDto>;

export const LeadListQuery = offsetListQuery({});
export const LeadListDto = offsetEnvelopeSchema(LeadDto);
