import type { z } from 'zod';
import { created, ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import type { ResponseDoc } from '../../../http/openapi.js';
import { requireDeveloperApiTenant } from './developer-credentials.guard.js';
import { CredentialIdParams, RevokedDto } from './developer-credentials.schemas.js';
import { TENANT_ADMINS } from '@wfm/core/role-sets';

/** What the routes of one kind of developer credential call. */
export interface CredentialAdmin<Input> {
  create(actor: { tenantId: string; userId: string }, input: Input): Promise<unknown>;
  list(tenantId: string): Promise<unknown[]>;
  revoke(tenantId: string, id: string): Promise<RevokedDto>;
}

export interface CredentialRoutes<BS extends z.ZodType> {
  /** POST creates, GET lists. */
  path: string;
  create: { summary: string; body: BS; created: ResponseDoc };
  list: { summary: string; listed: ResponseDoc };
  revoke: { method: 'post' | 'delete'; path: string; summary: string; notFound: string };
}

const TAGS = ['developer credentials'];
/** Spec 01: keys and clients are made by a tenant owner or company admin. */
const AUTH = { kind: 'user', roles: TENANT_ADMINS } as const;

/**
 * Spec 01: developer API keys and OAuth clients are managed alike. Created once with their secret
 * (only while the tenant may use the developer API), listed without it, revoked for good.
 */
export function developerCredentialRoutes<BS extends z.ZodType>(r: ApiRouter, routes: CredentialRoutes<BS>, admin: CredentialAdmin<z.infer<BS>>): void {
  r.post(
    routes.path,
    {
      summary: routes.create.summary,
      tags: TAGS,
      auth: AUTH,
      guards: [requireDeveloperApiTenant],
      body: routes.create.body,
      responses: {
        201: routes.create.created,
        403: { description: 'Role not allowed, plan without the developer API (ModuleNotEntitled), or the Public Developer API switched off' },
      },
    },
    async ({ req, body }) => {
      const user = currentUser(req);
      // The router parsed `body` with routes.create.body; TypeScript cannot resolve that for a generic schema.
      return created(await admin.create({ tenantId: user.tenantId, userId: user.userId }, body as z.infer<BS>));
    },
  );

  r.get(routes.path, { summary: routes.list.summary, tags: TAGS, auth: AUTH, responses: { 200: routes.list.listed } }, async ({ req }) =>
    ok(await admin.list(currentUser(req).tenantId)),
  );

  r[routes.revoke.method](
    routes.revoke.path,
    {
      summary: routes.revoke.summary,
      tags: TAGS,
      auth: AUTH,
      params: CredentialIdParams,
      responses: { 200: { description: 'Revoked (revoking again is harmless)', schema: RevokedDto }, 404: { description: routes.revoke.notFound } },
    },
    async ({ req, params }) => ok(await admin.revoke(currentUser(req).tenantId, params.id)),
  );
}
