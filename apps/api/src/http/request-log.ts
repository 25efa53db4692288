/**
 * What the request log may show of a request. A URL is logged without its query string (OAuth
 * codes, tokens and filters with personal data travel there) and with secret path segments
 * replaced; of the headers only a few harmless ones are kept, so Authorization, Cookie and API
 * keys never reach a log line whatever the redaction list says.
 */

/** The segment after each of these pairs is a bearer secret: a visitor invite code, a user invite code, a signing token. */
const SECRET_AFTER: ReadonlyArray<readonly [string, string]> = [
  ['access', 'visitors'],
  ['auth', 'invite'],
  ['esign', 'public'],
];
export const REDACTED_SEGMENT = ':redacted';

const LOGGED_HEADERS = ['host', 'user-agent', 'content-type', 'content-length', 'content-encoding', 'x-forwarded-for'] as const;

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

interface SerializedRequest {
  id?: unknown;
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  remoteAddress?: string;
  remotePort?: number;
}

/** pino-http's `req` serializer (it receives pino's standard serialization of the request). */
export function requestLogSerializer(req: SerializedRequest) {
  const headers: Record<string, unknown> = {};
  for (const h of LOGGED_HEADERS) if (req.headers?.[h] !== undefined) headers[h] = req.headers[h];
  return { id: req.id, method: req.method, url: redactUrl(req.url ?? ''), headers, remoteAddress: req.remoteAddress, remotePort: req.remotePort };
}
