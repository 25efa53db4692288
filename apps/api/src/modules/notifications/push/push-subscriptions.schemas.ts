import { z } from 'zod';

const base64urlOf = (bytes: number, what: string) =>
  z
    .string()
    .max(200)
    .refine((v) => /^[A-Za-z0-9_-]+={0,2}$/.test(v) && Buffer.from(v, 'base64url').length === bytes, `must be ${what}, base64url`);

/** What the browser's PushSubscription.toJSON() gives, less expirationTime. */
export const AddPushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(2048).meta({ example: 'https://fcm.googleapis.com/fcm/send/dRq4nF8pZ1k:APA91bHkq2' }),
  keys: z.object({
    p256dh: base64urlOf(65, "the browser's uncompressed P-256 public key (65 bytes)").refine((v) => Buffer.from(v, 'base64url')[0] === 4, 'must be an uncompressed P-256 point'),
    auth: base64urlOf(16, 'the 16-byte authentication secret'),
  }),
});
export type AddPushSubscriptionBody = z.infer<typeof AddPushSubscriptionBody>;

export const PushSubscriptionDto = z.object({
  id: z.uuid(),
  endpoint: z.string().meta({ description: 'The push service address: the console compares it with its own subscription to tell whether this device is on' }),
  userAgent: z.string().nullable().meta({ description: 'The browser that subscribed, to tell devices apart' }),
  createdAt: z.iso.datetime(),
});
export type PushSubscriptionDto = z.infer<typeof PushSubscriptionDto>;

export const PushSubscriptionListDto = z.object({ items: z.array(PushSubscriptionDto) });
export const VapidPublicKeyDto = z.object({ publicKey: z.string().meta({ description: 'applicationServerKey for PushManager.subscribe, base64url' }) });
export const PushSubscriptionParams = z.object({ id: z.uuid() });
