import type { RequestHandler } from 'express';
import { z } from 'zod';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { TwilioStatusReceiptDto, WhatsAppHandshakeQuery, WhatsAppWebhookReceiptDto } from './messaging.schemas.js';
import type { TwilioWebhooksService } from './twilio-webhooks.service.js';
import { TWILIO_WEBHOOK_PATH } from './twilio.client.js';
import type { WhatsAppWebhooksService } from './whatsapp-webhooks.service.js';

const TAGS = ['messaging'];
export const WHATSAPP_WEBHOOK_PATH = '/messaging/webhooks/whatsapp';
const NOT_CONFIGURED = { description: 'No WhatsApp number is configured on this platform (WHATSAPP_* settings)' };

/** Spec 01's "messaging-provider webhook route": public, the provider identified by verify token or signature. */
export function messagingRoutes(r: ApiRouter, webhooks: WhatsAppWebhooksService, twilio: TwilioWebhooksService): void {
  const configured: RequestHandler = (_req, _res, next) => {
    try {
      webhooks.requireConfigured();
      next();
    } catch (err) {
      next(err);
    }
  };

  r.get(
    WHATSAPP_WEBHOOK_PATH,
    {
      summary: "WhatsApp Cloud API webhook verification (Meta's handshake when the callback URL is saved): answers `hub.challenge` as text/plain; 10 per minute per IP",
      tags: TAGS,
      auth: { kind: 'none' },
      query: WhatsAppHandshakeQuery,
      guards: [configured],
      responses: {
        200: { description: 'The challenge, as the whole body', alternatives: { 'text/plain': z.string().meta({ example: '1158201444' }) } },
        403: { description: '`hub.mode` is not `subscribe` or the verify token does not match' },
        404: NOT_CONFIGURED,
        429: { description: 'More than 10 handshakes from this address in a minute' },
      },
    },
    async ({ query }) => ({ status: 200, raw: { contentType: 'text/plain', data: webhooks.handshake(query) } }),
  );

  r.post(
    WHATSAPP_WEBHOOK_PATH,
    {
      summary:
        'WhatsApp Cloud API webhook deliveries. `X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body keyed by the Meta app secret>`. ' +
        'Status reports (`entry[].changes[].value.statuses[]`) of messages sent by the platform move their delivery status; everything else is ignored',
      tags: TAGS,
      auth: { kind: 'none' },
      guards: [configured],
      responses: {
        200: { description: 'Signed and read, also when every report was ignored (Meta retries anything else)', schema: WhatsAppWebhookReceiptDto },
        401: { description: 'Missing or wrong signature' },
        404: NOT_CONFIGURED,
        413: { description: 'Body over 3 MB' },
      },
    },
    async ({ req }) => ok(await webhooks.receive(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('x-hub-signature-256'))),
  );

  const twilioConfigured: RequestHandler = (_req, _res, next) => {
    try {
      twilio.requireConfigured();
      next();
    } catch (err) {
      next(err);
    }
  };

  r.post(
    TWILIO_WEBHOOK_PATH,
    {
      summary:
        'Twilio message status callbacks (the StatusCallback of each SMS sent). `X-Twilio-Signature`: base64 HMAC-SHA1, keyed by the auth token, of this URL followed by each form parameter name and value sorted by name. ' +
        '`sent`, `delivered`, `read`, `failed` and `undelivered` move the delivery status; other statuses are ignored',
      tags: TAGS,
      auth: { kind: 'none' },
      guards: [twilioConfigured],
      responses: {
        200: { description: 'Signed and read, also when the report was ignored', schema: TwilioStatusReceiptDto },
        401: { description: 'Missing or wrong signature' },
        404: { description: 'No Twilio account with a status callback address is configured (TWILIO_* settings)' },
        413: { description: 'Body over 3 MB' },
      },
    },
    async ({ req }) => ok(await twilio.receive(Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), req.get('x-twilio-signature'))),
  );
}
