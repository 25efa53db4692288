import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { useInvalidatingMutation } from '../../api/shared.queries';
import type { Body, Ok } from '../../api/types';
import { speak } from '../../i18n/i18n';
import { setDisplayLocale, setDisplayZone } from '../../ui/zone';

export type MyLocale = Ok<'getMeLocale'>;
export type Language = MyLocale['language'];

/**
 * Applied as it arrives, before any component reads it: pages render in the company's zone and
 * locale and the person's language from their first paint, never in the browser's first.
 */
function applied(l: MyLocale): MyLocale {
  setDisplayZone(l.timezone);
  setDisplayLocale(l.locale);
  speak(l.language);
  return l;
}

/** The signed-in person's language and their company's zone and locale (GET /me/locale). */
export const useMyLocale = () =>
  useQuery({
    queryKey: ['me', 'locale'],
    staleTime: 60_000,
    queryFn: async () => applied(await ok(api.GET('/me/locale'))),
  });

/** Chooses the person's own language (null: their company's), spoken at once. */
export const useSetMyLanguage = () =>
  useInvalidatingMutation(async (language: Body<'patchMeLocale'>['language']) => applied(await ok(api.PATCH('/me/locale', { body: { language } }))), [['me', 'locale']]);
