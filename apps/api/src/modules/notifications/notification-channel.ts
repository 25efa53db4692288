/**
 * Issue 33's notifications: what happened to a person, told through each channel they chose. The
 * dispatcher (the centre) decides who hears of what and by which channels; a channel only delivers.
 */

/** The events a person can be told of; each has a per-person, per-channel preference. */
export const NOTIFICATION_EVENTS = ['roster.published', 'shift.changed', 'shift.offered', 'swap.requested', 'leave.decided', 'document.to_sign', 'checklist.due'] as const;
export type NotificationEvent = (typeof NOTIFICATION_EVENTS)[number];

export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push', 'sms', 'whatsapp'] as const;
export type NotificationChannelName = (typeof NOTIFICATION_CHANNELS)[number];

/** The person told: what each channel needs to reach them, read once by the dispatcher. */
export interface NotificationRecipient {
  tenantId: string;
  userId: string;
  email: string | null;
  /** A normalised mobile number (see normalizeMobile), when the person has one. */
  mobile: string | null;
  /** The person's console language (`en`, `fr`), for the text of every channel. */
  language: string;
}

/** One notification, already worded in the recipient's language. */
export interface NotificationMessage {
  /** The notification's id in the centre (`notifications.id`): a channel may use it to de-duplicate. */
  id: string;
  event: NotificationEvent;
  title: string;
  body: string;
  /** The console path it is about (`/me/shifts`), which push and the centre open. */
  path: string;
}

/**
 * A way to reach a person. `delivered` is what the channel's provider accepted; a channel with no
 * address for the person (no mobile, no push subscription) answers false without throwing.
 */
export interface NotificationChannel {
  readonly name: NotificationChannelName;
  deliver(to: NotificationRecipient, message: NotificationMessage): Promise<{ delivered: boolean }>;
}
