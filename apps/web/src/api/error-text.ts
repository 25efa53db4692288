import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ApiError } from './errors';

/** Statuses with a sentence of their own in the `api` catalog when the answer carries no code it knows. */
const STATUS_KEYS: Record<number, string> = { 401: '401', 403: '403', 404: '404', 409: '409', 413: '413', 429: '429', 500: '500', 502: 'unavailable', 503: 'unavailable', 504: 'unavailable' };

/**
 * The API's own wording for a bare status (libs/core/src/errors.ts): it says no more than the
 * translated sentence, so it is not repeated after it. Any other message names what was refused
 * ("Shift not found") and follows the sentence (docs/decisions.md, "API errors in the person's language").
 */
const SAYS_NOTHING_MORE = new Set(['Unauthorized', 'Forbidden resource', 'Request body is too large', 'ThrottlerException: Too Many Requests', 'Internal server error']);

/**
 * Codes whose API message carries values (a month, currencies, zones, a zone's name, stages, a
 * count, attempts left, the kind of unavailability, a plan): in another language than English their
 * translation is followed by the API's message, so that the values are not lost.
 */
const CARRIES_VALUES = new Set(['RUN_EXISTS', 'MIXED_CURRENCIES', 'MIXED_TIMEZONES', 'READER_IN_ZONE', 'INVALID_STATUS_TRANSITION', 'INVALID_STAGE_TRANSITION', 'NOT_HIRED', 'CHECKLIST_INCOMPLETE', 'INVALID_PIN', 'AVAILABILITY_CONFLICT', 'ModuleNotEntitled']);

/** What fetch rejects with when no answer came: Chrome, Firefox, Safari. */
const NO_ANSWER = /failed to fetch|networkerror|load failed/i;

const text = (message: string | string[]) => (Array.isArray(message) ? message.join('; ') : message);

/**
 * The text to show for a failure, in the person's language: a code the API answered → in English,
 * the API's own message (it is written in English and may carry values: attempts left, a month, a
 * plan), in another language its translation, followed by the API's message where that carries
 * values; a known status → a translated sentence, then the API's message when it says
 * more; a 400's field messages and anything else → the API's message as it is.
 */
export function errorText(error: unknown, t: TFunction<'api'>, english: boolean): string {
  if (error instanceof ApiError) {
    const { status, body } = error;
    const code = body && 'code' in body && typeof body.code === 'string' ? body.code : body?.error;
    const message = body ? text(body.message) : '';
    const coded = code ? t(`code.${code}`, { defaultValue: '' }) : '';
    if (coded) {
      if (!message) return coded;
      if (english) return message;
      return CARRIES_VALUES.has(code!) ? t('withDetail', { sentence: coded, detail: message }) : coded;
    }
    if (status === 400 && body) return text(body.message);
    const key = STATUS_KEYS[status];
    if (!key) return body ? text(body.message) : t('status.other', { status });
    const sentence = t(`status.${key}`);
    return message && message !== body?.error && !SAYS_NOTHING_MORE.has(message) ? t('withDetail', { sentence, detail: message }) : sentence;
  }
  if (error instanceof TypeError && NO_ANSWER.test(error.message)) return t('status.network');
  return error instanceof Error ? error.message : String(error);
}

/** `errorText` bound to the person's language, for components. */
export function useErrorText(): (error: unknown) => string {
  const { t, i18n } = useTranslation('api');
  const english = (i18n.resolvedLanguage ?? 'en').startsWith('en');
  return (error) => errorText(error, t, english);
}
