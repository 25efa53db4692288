import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentDeveloper } from '../../../http/auth.guard.js';
import type { OpenApiDocument } from '../../../http/openapi.js';
import { PUBLIC_LIST_400 } from '../../../http/public-list.js';
import type { DeveloperApiService } from './developer-api.service.js';
import { PublicEmployeesPage, PublicEmployeesQuery, PublicOutletsPage, PublicOutletsQuery } from './developer-api.schemas.js';

const TAGS = ['developer API'];
const E400 = { description: PUBLIC_LIST_400 };
const E401 = { description: 'No valid developer API key or OAuth access token' };

export function developerApiRoutes(r: ApiRouter, api: DeveloperApiService, publicOpenapi: OpenApiDocument, publicBaseUrl: string): void {
  r.get(
    '/public/openapi.json',
    {
      summary: 'The OpenAPI 3.1 document of the developer API',
      tags: TAGS,
      auth: { kind: 'none' },
      responses: { 200: { description: 'OpenAPI 3.1 document listing every /public developer route' } },
    },
    async () => publicOpenapi.reply(publicBaseUrl),
  );

  r.get(
    '/public/outlets',
    {
      summary: "List the tenant's outlets, by name; a cursor walk goes by creation (createdAt), which no edit moves",
      tags: TAGS,
      auth: { kind: 'developer', scope: 'any' },
      query: PublicOutletsQuery,
      responses: { 200: { description: 'One page of outlets', schema: PublicOutletsPage }, 400: E400, 401: E401 },
    },
    async ({ req, query }) => ok(await api.outlets(currentDeveloper(req).tenantId, query)),
  );

  r.get(
    '/public/employees',
    {
      summary: 'List employees, oldest first; `order=newest` lists the most recently added first',
      tags: TAGS,
      auth: { kind: 'developer', scope: 'any' },
      query: PublicEmployeesQuery,
      responses: { 200: { description: 'One page of employees', schema: PublicEmployeesPage }, 400: E400, 401: E401 },
    },
    async ({ req, query }) => ok(await api.employees(currentDeveloper(req).tenantId, query)),
  );
}
