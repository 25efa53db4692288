import { z } from 'zod';
import { clampedInt } from '../../../http/validation.js';
import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS } from '../notification-channel.js';
import { CHOSEN_CHANNELS } from './preferences.js';

export const ListNotificationsQuery = z.object({
  limit: clampedInt(50, 1, 200),
  offset: clampedInt(0, 0, Number.MAX_SAFE_INTEGER),
});
export type ListNotificationsQuery = z.infer<typeof ListNotificationsQuery>;

export const NotificationIdParams = z.object({ id: z.uuid() });

export const NotificationDto = z.object({
  id: z.uuid(),
  event: z.enum(NOTIFICATION_EVENTS),
  title: z.string(),
  body: z.string(),
  path: z.string().meta({ description: 'The console path it is about, e.g. /me/shifts' }),
  createdAt: z.iso.datetime(),
  readAt: z.iso.datetime().nullable(),
});
export type NotificationDto = z.infer<typeof NotificationDto>;

export const NotificationPageDto = z.object({
  items: z.array(NotificationDto).meta({ description: 'Newest first' }),
  unread: z.number().int().meta({ description: 'How many of all your notifications are unread' }),
});

export const ReadAllDto = z.object({ marked: z.number().int().meta({ description: 'How many were unread' }) });

const ChannelSwitches = z.object(Object.fromEntries(NOTIFICATION_CHANNELS.map((c) => [c, z.boolean()])) as Record<(typeof NOTIFICATION_CHANNELS)[number], z.ZodBoolean>);
export const PreferencesDto = z
  .object(Object.fromEntries(NOTIFICATION_EVENTS.map((e) => [e, ChannelSwitches])) as Record<(typeof NOTIFICATION_EVENTS)[number], typeof ChannelSwitches>)
  .meta({ description: 'Per event, whether each channel tells you; in_app is always on' });

export const PutPreferencesBody = z.strictObject({
  changes: z
    .array(z.strictObject({ event: z.enum(NOTIFICATION_EVENTS), channel: z.enum(CHOSEN_CHANNELS).meta({ description: 'in_app cannot be turned off' }), enabled: z.boolean() }))
    .min(1)
    .max(NOTIFICATION_EVENTS.length * CHOSEN_CHANNELS.length),
});
export type PutPreferencesBody = z.infer<typeof PutPreferencesBody>;
