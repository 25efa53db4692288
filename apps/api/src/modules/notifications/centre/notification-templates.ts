import type { NotificationEvent } from '../notification-channel.js';

/** The languages notifications are worded in; anything else reads English. */
export const NOTIFICATION_LANGUAGES = ['en', 'fr'] as const;
export type NotificationLanguage = (typeof NOTIFICATION_LANGUAGES)[number];

export function toNotificationLanguage(raw: string | null | undefined): NotificationLanguage {
  return (NOTIFICATION_LANGUAGES as readonly string[]).includes(raw ?? '') ? (raw as NotificationLanguage) : 'en';
}

/** Where a shift or a checklist happens: its name, and the zone its times are told in (the outlet's, else the company's). */
export interface Place {
  name: string;
  timeZone: string;
}

/** What each event says, per recipient; the centre adds the place of `outletId`. */
export interface EventParams {
  'roster.published': { outletId: string; shifts: number; firstStart: Date; firstEnd: Date };
  'shift.changed': { outletId: string; change: 'added' | 'changed' | 'cancelled' | 'removed'; start: Date; end: Date };
  'shift.offered': { outletId: string; start: Date; end: Date };
  'swap.requested': { outletId: string; requesterName: string; theirStart: Date; theirEnd: Date; yourStart: Date; yourEnd: Date };
  /** The leave's first and last instants, told as the calendar days they fall on in the company's zone. */
  'leave.decided': { decision: 'APPROVED' | 'REJECTED'; start: Date; end: Date };
  'document.to_sign': { documentTitle: string };
  'checklist.due': { outletId: string; checklistName: string; closesAt: Date };
}

export interface Worded {
  title: string;
  body: string;
  path: string;
}

const LOCALES: Record<NotificationLanguage, string> = { en: 'en-GB', fr: 'fr-FR' };

function when(lang: NotificationLanguage, zone: string, start: Date, end: Date): string {
  const day = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: zone, weekday: 'short', day: 'numeric', month: 'short' }).format(start);
  const time = new Intl.DateTimeFormat(LOCALES[lang], { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${day} ${time.format(start)}–${time.format(end)} (${zone})`;
}

function clock(lang: NotificationLanguage, zone: string, at: Date): string {
  return `${new Intl.DateTimeFormat(LOCALES[lang], { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at)} (${zone})`;
}

/** The calendar day an instant falls on in `zone`, with no time: leave is whole days of the company's calendar. */
function day(lang: NotificationLanguage, zone: string, at: Date): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { timeZone: zone, day: 'numeric', month: 'short', year: 'numeric' }).format(at);
}

type Wording = { [E in NotificationEvent]: (p: EventParams[E], place: Place | null, lang: NotificationLanguage, zone: string) => Omit<Worded, 'path'> };

const EN: Wording = {
  'roster.published': (p, place, l) => ({
    title: `Your roster at ${place!.name} is published`,
    body: `${p.shifts} ${p.shifts === 1 ? 'shift' : 'shifts'}, the first ${when(l, place!.timeZone, p.firstStart, p.firstEnd)}.`,
  }),
  'shift.changed': (p, place, l) => ({
    title: {
      added: `New shift at ${place!.name}`,
      changed: `Your shift at ${place!.name} changed`,
      cancelled: `Your shift at ${place!.name} was cancelled`,
      removed: `Your shift at ${place!.name} was given to someone else`,
    }[p.change],
    body: when(l, place!.timeZone, p.start, p.end),
  }),
  'shift.offered': (p, place, l) => ({
    title: `Open shift at ${place!.name}`,
    body: `${when(l, place!.timeZone, p.start, p.end)} is open: claim it if you want it.`,
  }),
  'swap.requested': (p, place, l) => ({
    title: `${p.requesterName} asks to swap shifts`,
    body: `Their shift ${when(l, place!.timeZone, p.theirStart, p.theirEnd)} for yours ${when(l, place!.timeZone, p.yourStart, p.yourEnd)}.`,
  }),
  'leave.decided': (p, _place, l, zone) => ({
    title: p.decision === 'APPROVED' ? 'Your leave was approved' : 'Your leave was rejected',
    body: `${day(l, zone, p.start)} – ${day(l, zone, p.end)}`,
  }),
  'document.to_sign': (p) => ({
    title: 'A document to sign',
    body: `“${p.documentTitle}”: the link to sign it is in your email.`,
  }),
  'checklist.due': (p, place, l) => ({
    title: `Checklist due: ${p.checklistName}`,
    body: `At ${place!.name}, to complete by ${clock(l, place!.timeZone, p.closesAt)}.`,
  }),
};

const FR: Wording = {
  'roster.published': (p, place, l) => ({
    title: `Votre planning à ${place!.name} est publié`,
    body: `${p.shifts} ${p.shifts === 1 ? 'service' : 'services'}, le premier ${when(l, place!.timeZone, p.firstStart, p.firstEnd)}.`,
  }),
  'shift.changed': (p, place, l) => ({
    title: {
      added: `Nouveau service à ${place!.name}`,
      changed: `Votre service à ${place!.name} a changé`,
      cancelled: `Votre service à ${place!.name} est annulé`,
      removed: `Votre service à ${place!.name} a été confié à quelqu’un d’autre`,
    }[p.change],
    body: when(l, place!.timeZone, p.start, p.end),
  }),
  'shift.offered': (p, place, l) => ({
    title: `Service disponible à ${place!.name}`,
    body: `${when(l, place!.timeZone, p.start, p.end)} est à pourvoir : prenez-le s’il vous intéresse.`,
  }),
  'swap.requested': (p, place, l) => ({
    title: `${p.requesterName} vous propose un échange de services`,
    body: `Son service ${when(l, place!.timeZone, p.theirStart, p.theirEnd)} contre le vôtre ${when(l, place!.timeZone, p.yourStart, p.yourEnd)}.`,
  }),
  'leave.decided': (p, _place, l, zone) => ({
    title: p.decision === 'APPROVED' ? 'Votre congé est accepté' : 'Votre congé est refusé',
    body: `${day(l, zone, p.start)} – ${day(l, zone, p.end)}`,
  }),
  'document.to_sign': (p) => ({
    title: 'Un document à signer',
    body: `« ${p.documentTitle} » : le lien pour le signer est dans votre e-mail.`,
  }),
  'checklist.due': (p, place, l) => ({
    title: `Liste de contrôle à faire : ${p.checklistName}`,
    body: `À ${place!.name}, à terminer avant ${clock(l, place!.timeZone, p.closesAt)}.`,
  }),
};

const PATHS: Record<NotificationEvent, string> = {
  'roster.published': '/me/shifts',
  'shift.changed': '/me/shifts',
  'shift.offered': '/me/shifts',
  'swap.requested': '/me/shifts',
  'leave.decided': '/me/leave',
  // The signing link is a secret mailed to the signer alone; the centre only points to itself.
  'document.to_sign': '/notifications',
  'checklist.due': '/operations/checklists/today',
};

/**
 * The server-side text of a notification in one language. `place` is that of the params' outlet,
 * when they name one; `zone` is the company's.
 */
export function word<E extends NotificationEvent>(event: E, params: EventParams[E], place: Place | null, zone: string, lang: NotificationLanguage): Worded {
  const wording = (lang === 'fr' ? FR : EN)[event] as (p: EventParams[E], place: Place | null, l: NotificationLanguage, zone: string) => Omit<Worded, 'path'>;
  return { ...wording(params, place, lang, zone), path: PATHS[event] };
}

/** The outlet whose name and zone the text needs, if any. */
export function outletOf(params: EventParams[NotificationEvent]): string | null {
  return 'outletId' in params ? params.outletId : null;
}
