import { z } from 'zod';
import { normalizeEmail, normalizeMobile } from '@wfm/core/identity';
import { isoInstant } from '../../../http/validation.js';
import { MessageDeliveryDto } from '../../notifications/messaging/messaging.schemas.js';

/** One pass opens at most this many zones. */
export const MAX_PASS_ZONES = 50;
/** There are no permanent passes (spec 02); this bounds how far ahead one may run. */
export const MAX_PASS_DAYS = 90;

const GrantStatus = z.enum(['ACTIVE', 'REVOKED', 'EXPIRED']);
const Timestamp = z.iso.datetime();

function distinct(ids: string[], ctx: z.RefinementCtx): void {
  if (new Set(ids.map((id) => id.toLowerCase())).size !== ids.length) ctx.addIssue({ code: 'custom', message: 'must not contain duplicates' });
}

export const CreateVisitorBody = z.strictObject({
  name: z.string().trim().min(1).max(120),
  zoneIds: z.array(z.uuid()).min(1).max(MAX_PASS_ZONES).superRefine(distinct).meta({ description: "Live zones of the tenant; an unknown one is 404" }),
  expiresAt: isoInstant().meta({ description: `Required; in the future and at most ${MAX_PASS_DAYS} days ahead` }),
  email: z.email().max(254).transform(normalizeEmail).optional().meta({ description: 'The magic link is mailed here' }),
  phone: z
    .string()
    .transform((v, ctx) => {
      const mobile = normalizeMobile(v);
      if (!mobile) ctx.addIssue({ code: 'custom', message: 'must be a valid mobile number' });
      return mobile ?? z.NEVER;
    })
    .optional()
    .meta({ description: 'Mobile number; the magic link is sent here by messaging (WhatsApp)' }),
});
export type CreateVisitorBody = z.infer<typeof CreateVisitorBody>;

export const InviteCodeParams = z.object({
  inviteCode: z.string().meta({ description: 'The invite code, or (for revocation only) the pass id from GET /access/visitors' }),
});

const PassGrantDto = z.object({ id: z.uuid(), zoneId: z.uuid(), zoneName: z.string(), status: GrantStatus });

export const VisitorPassCreatedDto = z.object({
  inviteCode: z.string().meta({ description: '24 random bytes, base64url (32 characters). Shown only in this response' }),
  magicLink: z.string().meta({ description: '`{PUBLIC_APP_URL}/visit/{inviteCode}`' }),
  expiresAt: Timestamp,
  emailSent: z.boolean().meta({ description: 'True when an email was given and the mail was handed to the mail server (SMTP_URL) for delivery; false when no mail server is configured (the mail is only written to the local mail drop) or sending failed' }),
  whatsappSent: z.boolean().meta({ description: 'True when a phone was given and the messaging provider (WhatsApp) accepted the message; false when none is configured (the message is only logged) or it refused or did not answer. Its delivery is followed in `whatsappDelivery` of GET /access/visitors' }),
  grants: z.array(PassGrantDto),
});
export type VisitorPassCreatedDto = z.infer<typeof VisitorPassCreatedDto>;

export const VisitorPassDto = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  inviteCodePrefix: z.string().meta({ description: 'First 6 characters of the invite code; the code itself is never shown again' }),
  expiresAt: Timestamp,
  createdAt: Timestamp,
  lastRedeemedAt: Timestamp.nullable(),
  grants: z.array(PassGrantDto),
  whatsappDelivery: MessageDeliveryDto.nullable().meta({ description: 'What became of the WhatsApp message with the magic link; null when no phone was given or no messaging provider is configured' }),
});
export type VisitorPassDto = z.infer<typeof VisitorPassDto>;

export const VisitorPassRevokedDto = z.object({ revoked: z.literal(true), id: z.uuid() });
export type VisitorPassRevokedDto = z.infer<typeof VisitorPassRevokedDto>;

export const VisitorCredentialDto = z.object({
  credentialId: z.string().meta({
    description: 'Compact JWS (EdDSA/Ed25519); claims `sub` (visitor pass id), `tid`, `typ: visitor`, `zones`, `iat`, `exp`, `jti`',
  }),
  expiresAt: Timestamp.meta({ description: "The pass's expiresAt or 24 hours from now, whichever is earlier; redeem again for a fresh one" }),
  zones: z.array(z.object({ id: z.uuid(), name: z.string() })).meta({ description: 'The zones the credential opens' }),
  visitorName: z.string(),
});
export type VisitorCredentialDto = z.infer<typeof VisitorCredentialDto>;
