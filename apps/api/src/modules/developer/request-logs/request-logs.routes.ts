import { TENANT_ADMINS } from '@wfm/core/role-sets';
import type { RequestLogCredentialKind } from '@wfm/db/entities/developer-request-log.entity';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { CredentialIdParams } from '../auth/developer-credentials.schemas.js';
import type { RequestLogsService } from './request-logs.service.js';
import { RequestLogsPage, RequestLogsQuery } from './request-logs.schemas.js';

const LOGS: ReadonlyArray<{ path: string; kind: RequestLogCredentialKind; what: string }> = [
  { path: '/api-keys/:id/requests', kind: 'API_KEY', what: 'API key' },
  { path: '/oauth-clients/:id/requests', kind: 'OAUTH_CLIENT', what: 'OAuth client' },
];

/** Issue 32: each developer credential's last requests, read by whoever may manage the credential. */
export function requestLogsRoutes(r: ApiRouter, logs: RequestLogsService): void {
  for (const { path, kind, what } of LOGS) {
    r.get(
      path,
      {
        summary: `The last requests made with an ${what}, newest first: method, path (redacted, no query string), status, duration and request id; never bodies or headers`,
        tags: ['developer credentials'],
        auth: { kind: 'user', roles: TENANT_ADMINS },
        params: CredentialIdParams,
        query: RequestLogsQuery,
        responses: { 200: { description: 'One page of the log', schema: RequestLogsPage }, 404: { description: `No ${what} with this id in the tenant` } },
      },
      async ({ req, params, query }) => ok(await logs.list(currentUser(req).tenantId, kind, params.id, query)),
    );
  }
}
