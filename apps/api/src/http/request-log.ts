/**
 * What the request log may show of a request. A URL is logged without its query string (OAuth
 * codes, tokens and filters with personal data travel there) and with secret path segments
 * replaced; of the headers only a few harmless ones are kept, so Authorization, Cookie and API
 * keys never reach a log line whatever the redaction list says.
 */
import { redactUrl } from '@wfm/core/redact-url';

const LOGGED_HEADERS = ['host', 'user-agent', 'content-type', 'content-length', 'content-encoding', 'x-forwarded-for'] as const;

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
