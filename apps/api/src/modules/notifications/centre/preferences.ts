import { NOTIFICATION_CHANNELS, NOTIFICATION_EVENTS, type NotificationChannelName, type NotificationEvent } from '../notification-channel.js';
import type { PreferenceRow } from './centre.repository.js';

/** The channels a person chooses; in_app is the centre itself and is always on. */
export const CHOSEN_CHANNELS = NOTIFICATION_CHANNELS.filter((c): c is Exclude<NotificationChannelName, 'in_app'> => c !== 'in_app');
export type ChosenChannel = (typeof CHOSEN_CHANNELS)[number];

/**
 * What a person gets without choosing: email and push on; a person with no email address (known
 * by a mobile number only) gets SMS instead; WhatsApp is off until asked for. A document to sign
 * is not mailed again: the e-sign request already mails the signing link.
 */
export function defaultEnabled(event: NotificationEvent, channel: ChosenChannel, hasEmail: boolean): boolean {
  switch (channel) {
    case 'email':
      return hasEmail && event !== 'document.to_sign';
    case 'push':
      return true;
    case 'sms':
      return !hasEmail;
    case 'whatsapp':
      return false;
  }
}

export type PreferenceMatrix = Record<NotificationEvent, Record<NotificationChannelName, boolean>>;

/** The whole matrix of one person: their choices over the defaults. */
export function matrixOf(hasEmail: boolean, chosen: readonly Pick<PreferenceRow, 'event' | 'channel' | 'enabled'>[]): PreferenceMatrix {
  const own = new Map(chosen.map((p) => [`${p.event} ${p.channel}`, p.enabled]));
  return Object.fromEntries(
    NOTIFICATION_EVENTS.map((event) => [
      event,
      Object.fromEntries(NOTIFICATION_CHANNELS.map((channel) => [channel, channel === 'in_app' ? true : (own.get(`${event} ${channel}`) ?? defaultEnabled(event, channel, hasEmail))])),
    ]),
  ) as PreferenceMatrix;
}
