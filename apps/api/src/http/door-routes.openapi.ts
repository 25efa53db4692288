import { HeartbeatAnswer, HeartbeatBody, VerifyAnswer, VerifyBody } from '@wfm/access/door-contract';
import type { OpenApiDocument } from './openapi.js';

/**
 * The two door routes are answered by the access daemon (its own listener, or through the API base
 * URL, which hands them to it), not by an ApiRouter route; they are documented here from the same
 * schemas the daemon validates with.
 */
export function documentDoorRoutes(openapi: OpenApiDocument): void {
  const common = {
    method: 'post' as const,
    tags: ['Access control: door'],
    security: ['readerKey' as const],
    rateLimited: false,
  };
  const errors = {
    400: { description: 'Validation failure, or a body that is not JSON' },
    401: { description: 'No valid reader-bridge key' },
    402: { description: "The tenant's plan does not include access control (FREE, BASIC)" },
    413: { description: 'A body over 16 KiB' },
    429: { description: 'Too many failed key attempts from this address: wait Retry-After seconds' },
    503: { description: 'The daemon’s access cache is loading, or it has been cut off from the platform for longer than the tenant’s offline window (fail secure)' },
  };
  openapi.add({
    ...common,
    path: '/access/verify',
    summary:
      'The hot path: GRANT or DENY for a credential presented at a reader. Served by the access daemon (on its own port, or through this base URL). Every decision is 200; a replay within 2 s repeats it with replay: true',
    body: VerifyBody,
    responses: { 200: { description: 'The decision', schema: VerifyAnswer }, ...errors },
  });
  openapi.add({
    ...common,
    path: '/access/reader-heartbeat',
    summary: 'A reader bridge reports in (about every 5 minutes); the reader is created on its first heartbeat and offline after 15 minutes of silence. Served by the access daemon',
    body: HeartbeatBody,
    responses: { 200: { description: 'Recorded', schema: HeartbeatAnswer }, 400: errors[400], 401: errors[401], 402: errors[402], 409: { description: 'A new reader beyond the tenant’s ACCESS_MAX_READERS_PER_TENANT' }, 413: errors[413], 429: errors[429], 503: errors[503] },
  });
}
