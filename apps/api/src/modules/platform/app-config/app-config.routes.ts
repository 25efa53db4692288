import { ok, type ApiRouter } from '../../../http/api-router.js';
import { cacheable } from '../../../http/caching.js';
import type { AppConfigService } from './app-config.service.js';
import { AppConfigDto } from './app-config.schemas.js';

/** Apps ask on every start; the answer changes only when the operator restarts with new settings. */
const CACHE = 'public, max-age=300';

export function appConfigRoutes(r: ApiRouter, appConfig: AppConfigService): void {
  r.get(
    '/app/config',
    {
      summary: 'What the mobile apps need before sign-in: minimum versions, feature switches, support and legal links',
      tags: ['app'],
      auth: { kind: 'none' },
      responses: {
        200: { description: 'The configuration (ETag, Cache-Control)', schema: AppConfigDto },
        304: { description: 'Not modified: the ETag in If-None-Match is current (no body)' },
      },
    },
    async ({ req }) => cacheable(req, ok(appConfig.get()), { cacheControl: CACHE }),
  );
}
