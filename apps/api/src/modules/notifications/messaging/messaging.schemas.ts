import { z } from 'zod';

/** What Meta's dashboard sends when the callback URL is saved (the "verification request"). */
export const WhatsAppHandshakeQuery = z.object({
  'hub.mode': z.string().max(32).meta({ description: '`subscribe`' }),
  'hub.verify_token': z.string().max(200).meta({ description: 'The operator’s WHATSAPP_VERIFY_TOKEN, as entered in the Meta app’s webhook settings' }),
  'hub.challenge': z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,128}$/)
    .meta({ description: 'Echoed back as the whole body when the token matches', example: '1158201444' }),
});
export type WhatsAppHandshakeQuery = z.infer<typeof WhatsAppHandshakeQuery>;

export const WhatsAppWebhookReceiptDto = z.object({
  received: z.literal(true),
  applied: z.number().int().meta({ description: 'Status reports that moved one of the platform’s messages' }),
  ignored: z.number().int().meta({ description: 'Reports of unknown messages or other numbers, repeated or superseded ones, and malformed ones' }),
});
export type WhatsAppWebhookReceiptDto = z.infer<typeof WhatsAppWebhookReceiptDto>;

export const MessageDeliveryDto = z.object({
  status: z.enum(['NOT_ACCEPTED', 'ACCEPTED', 'SENT', 'DELIVERED', 'READ', 'FAILED']).meta({
    description:
      'NOT_ACCEPTED: the provider refused or did not answer (see error); ACCEPTED: taken by the provider, no report yet; then SENT, DELIVERED (to the phone), READ, or FAILED (see error). Reports arriving late or out of order never move it back; only a delivery or read report replaces FAILED',
  }),
  statusAt: z.iso.datetime().meta({ description: 'When the current status happened (the provider’s time for SENT, DELIVERED, READ and FAILED)' }),
  error: z.string().nullable().meta({ description: 'Why it was not accepted or failed, in the provider’s words with its error code' }),
});
export type MessageDeliveryDto = z.infer<typeof MessageDeliveryDto>;

const ProviderError = z.object({
  code: z.number().int().optional(),
  title: z.string().optional(),
  message: z.string().optional(),
  error_data: z.object({ details: z.string().optional() }).optional(),
});

/** One entry of `entry[].changes[].value.statuses[]` of a WhatsApp Cloud API webhook; other fields are ignored. */
export const WhatsAppStatusReport = z.object({
  id: z.string().min(1).max(256),
  status: z.enum(['sent', 'delivered', 'read', 'failed']),
  timestamp: z.string().regex(/^\d{1,12}$/),
  recipient_id: z.string().max(64).optional(),
  errors: z.array(ProviderError).max(10).optional(),
});
export type WhatsAppStatusReport = z.infer<typeof WhatsAppStatusReport>;

export const TwilioStatusReceiptDto = z.object({
  received: z.literal(true),
  applied: z.boolean().meta({ description: 'Whether the report moved one of the platform’s messages (false: unknown message, another account, a status that says nothing new, or repeated)' }),
});
export type TwilioStatusReceiptDto = z.infer<typeof TwilioStatusReceiptDto>;
