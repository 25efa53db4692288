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

/** What fetch rejects with when no answer came: Chrome, Firefox, Safari. */
const NO_ANSWER = /failed to fetch|networkerror|load failed/i;

const text = (message: string | string[]) => (Array.isArray(message) ? message.join('; ') : message);

/**
 * The text to show for a failure, in the person's language: a code the API answered → its
 * translation; a known status → a translated sentence, then the API's message when it says more;
 * a 400's field messages and anything else → the API's message as it is.
 */
export function errorText(error: unknown, t: TFunction<'api'>): string {
  if (error instanceof ApiError) {
    const { status, body } = error;
    const code = body && 'code' in body && typeof body.code === 'string' ? body.code : body?.error;
    const coded = code ? t(`code.${code}`, { defaultValue: '' }) : '';
    if (coded) return coded;
    if (status === 400 && body) return text(body.message);
    const key = STATUS_KEYS[status];
    if (!key) return body ? text(body.message) : t('status.other', { status });
    const sentence = t(`status.${key}`);
    const detail = body ? text(body.message) : '';
    return detail && detail !== body?.error && !SAYS_NOTHING_MORE.has(detail) ? t('withDetail', { sentence, detail }) : sentence;
  }
  if (error instanceof TypeError && NO_ANSWER.test(error.message)) return t('status.network');
  return error instanceof Error ? error.message : String(error);
}

/** `errorText` bound to the person's language, for components. */
export function useErrorText(): (error: unknown) => string {
  const { t } = useTranslation('api');
  return (error) => errorText(error, t);
}
