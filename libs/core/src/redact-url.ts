/**
 * A URL as logs and request logs may keep it: no query string (OAuth codes, tokens and filters
 * with personal data travel there) and the path segments that are bearer secrets replaced.
 */

/** The segment after each of these pairs is a bearer secret: a visitor invite code, a user invite code, a signing token. */
const SECRET_AFTER: ReadonlyArray<readonly [string, string]> = [
  ['access', 'visitors'],
  ['auth', 'invite'],
  ['esign', 'public'],
];
export const REDACTED_SEGMENT = ':redacted';

function normalised(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

export function redactUrl(url: string): string {
  const segments = (url.split(/[?#]/, 1)[0] ?? '').split('/');
  // Routing ignores case and a gateway may merge slashes: compare decoded, lower-cased, non-empty segments.
  const present = segments.flatMap((s, i) => (s === '' ? [] : [{ i, name: normalised(s) }]));
  for (let k = 0; k + 2 < present.length; k++) {
    const [a, b, secret] = [present[k]!, present[k + 1]!, present[k + 2]!];
    if (SECRET_AFTER.some(([x, y]) => a.name === x && b.name === y)) segments[secret.i] = REDACTED_SEGMENT;
  }
  return segments.join('/');
}
