import { randomUUID } from 'node:crypto';

const MAX_LEN = 80;
// Printable ASCII only: the value is echoed into a header and written to logs.
const SAFE = /^[\x21-\x7e]+$/;

/** Spec 01: a caller's own X-Request-Id (up to 80 characters) is kept; anything else gets a fresh id. */
export function acceptRequestId(sent: string | undefined): string {
  return sent && sent.length <= MAX_LEN && SAFE.test(sent) ? sent : randomUUID();
}
