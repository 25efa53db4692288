import type { ErrorRequestHandler, RequestHandler } from 'express';
import { HttpError, BadRequestError, ConflictError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import { errorSerializer } from '@wfm/core/logger';
import type { Role } from '@wfm/core/tenancy';
import { type ApiRouter, type Reply } from '../../../http/api-router.js';
import { currentDeveloper } from '../../../http/auth.guard.js';
import { InvalidFilterError } from './scim.filter.js';
import type { ScimPerson } from './scim.patch.js';
import type { ScimUserRow } from './scim.repository.js';
import { personOf, type ScimService } from './scim.service.js';
import {
  SCIM_CONTENT_TYPE,
  SCIM_ENTERPRISE_USER,
  SCIM_ERROR,
  SCIM_LIST,
  SCIM_USER,
  ScimErrorDto,
  ScimIdParams,
  ScimListDto,
  ScimListQuery,
  ScimPatchBody,
  ScimUserBody,
  ScimUserDto,
} from './scim.schemas.js';

const TAGS = ['SCIM'];
const E404 = { description: 'No user with this id in the tenant (SCIM error body)', schema: ScimErrorDto };
const E400 = { description: 'invalidValue, invalidFilter or invalidSyntax (SCIM error body)', schema: ScimErrorDto };

function scim(status: number, body: unknown, headers: Record<string, string> = {}): Reply {
  return { status, raw: { contentType: SCIM_CONTENT_TYPE, data: JSON.stringify(body) }, headers };
}

export function toScimUser(row: ScimUserRow, base: string) {
  const p = personOf(row);
  return {
    schemas: [SCIM_USER, SCIM_ENTERPRISE_USER],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: p.userName,
    name: { formatted: row.fullName, givenName: p.givenName, familyName: p.familyName },
    displayName: row.fullName,
    emails: row.email ? [{ value: row.email, type: 'work', primary: true }] : [],
    phoneNumbers: row.mobile ? [{ value: row.mobile, type: 'mobile' }] : [],
    active: row.status === 'ACTIVE',
    roles: [{ value: row.role, primary: true }],
    [SCIM_ENTERPRISE_USER]: { employeeNumber: row.employeeCode },
    meta: { resourceType: 'User', created: row.createdAt.toISOString(), lastModified: row.updatedAt.toISOString(), location: `${base}/scim/v2/Users/${row.id}` },
  };
}

/** A SCIM User body as the product's person (a whole replacement: what is absent is cleared). */
function personFrom(body: ScimUserBody): ScimPerson {
  const pick = (list: Array<{ value: string; type?: string; primary?: boolean }> | undefined, type: string) => (list?.find((x) => x.primary) ?? list?.find((x) => x.type === type) ?? list?.[0])?.value ?? null;
  const active = body.active === undefined ? true : typeof body.active === 'boolean' ? body.active : body.active.toLowerCase() === 'true';
  return {
    userName: body.userName,
    givenName: body.name?.givenName ?? null,
    familyName: body.name?.familyName ?? null,
    formatted: body.name?.formatted ?? body.displayName ?? null,
    email: pick(body.emails, 'work'),
    mobile: pick(body.phoneNumbers, 'mobile'),
    active,
    externalId: body.externalId ?? null,
    employeeNumber: body[SCIM_ENTERPRISE_USER]?.employeeNumber ?? null,
  };
}

/** RFC 7644 §3.12 error bodies, on the SCIM routes only. */
export function scimErrors(logger: Logger): ErrorRequestHandler {
  return (err, _req, res, _next) => {
    let status = 500;
    let detail = 'Internal server error';
    let scimType: string | undefined;
    if (err instanceof HttpError) {
      status = err.status;
      const body = err.body();
      detail = Array.isArray(body.message) ? body.message.join('; ') : String(body.message ?? 'Error');
      if (err instanceof InvalidFilterError) scimType = 'invalidFilter';
      else if (err instanceof BadRequestError) scimType = 'invalidValue';
      else if (err instanceof ConflictError && body.error === 'uniqueness') scimType = 'uniqueness';
      for (const [k, v] of Object.entries(err.headers())) res.setHeader(k, v);
    } else if ((err as { type?: string }).type === 'entity.parse.failed') {
      status = 400;
      detail = 'The body is not valid JSON';
      scimType = 'invalidSyntax';
    } else {
      logger.error({ err: errorSerializer(err) }, 'SCIM request failed');
    }
    res.status(status).type(SCIM_CONTENT_TYPE).send(JSON.stringify({ schemas: [SCIM_ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail }));
  };
}

/** A path under /scim/v2 that no route serves: SCIM's own 404. */
export const scimNotFound: RequestHandler = (_req, res) => {
  res.status(404).type(SCIM_CONTENT_TYPE).send(JSON.stringify({ schemas: [SCIM_ERROR], status: '404', detail: 'Resource not found' }));
};

const SERVICE_PROVIDER_CONFIG = {
  schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
  patch: { supported: true },
  bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
  filter: { supported: true, maxResults: 200 },
  changePassword: { supported: false },
  sort: { supported: false },
  etag: { supported: false },
  authenticationSchemes: [{ type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: 'A developer API key or OAuth token with scim:read / scim:write', primary: true }],
};

export function scimRoutes(r: ApiRouter, service: ScimService, base: string): void {
  const read = { kind: 'scim' as const, scope: 'scim:read' as const };
  const write = { kind: 'scim' as const, scope: 'scim:write' as const };

  r.get(
    '/scim/v2/Users',
    {
      summary: 'SCIM: list users; filter userName eq, emails[type eq "work"].value eq, externalId eq, active eq; startIndex and count',
      tags: TAGS,
      auth: read,
      query: ScimListQuery,
      looseQuery: true,
      responses: { 200: { description: 'ListResponse', alternatives: { 'application/scim+json': ScimListDto } }, 400: E400 },
    },
    async ({ req, query }) => {
      const { total, rows } = await service.list(currentDeveloper(req).tenantId, query);
      return scim(200, { schemas: [SCIM_LIST], totalResults: total, startIndex: query.startIndex, itemsPerPage: rows.length, Resources: rows.map((u) => toScimUser(u, base)) });
    },
  );

  r.get(
    '/scim/v2/Users/:id',
    { summary: 'SCIM: one user', tags: TAGS, auth: read, params: ScimIdParams, responses: { 200: { description: 'The user', alternatives: { 'application/scim+json': ScimUserDto } }, 404: E404 } },
    async ({ req, params }) => scim(200, toScimUser(await service.get(currentDeveloper(req).tenantId, params.id), base)),
  );

  r.post(
    '/scim/v2/Users',
    {
      summary: 'SCIM: provision a user (userName is their email; role STAFF unless roles says otherwise); fires user.created',
      tags: TAGS,
      auth: write,
      body: ScimUserBody,
      bodyTypes: ['application/scim+json', 'application/json'],
      responses: { 201: { description: 'The user', alternatives: { 'application/scim+json': ScimUserDto } }, 400: E400, 409: { description: 'uniqueness (SCIM error body)', schema: ScimErrorDto } },
    },
    async ({ req, body }) => {
      const row = await service.create(currentDeveloper(req).tenantId, personFrom(body), body.roles?.[0]?.value as Role | undefined);
      const user = toScimUser(row, base);
      return scim(201, user, { Location: user.meta.location });
    },
  );

  r.put(
    '/scim/v2/Users/:id',
    {
      summary: 'SCIM: replace a user; active false deactivates (sessions and door access end at once) and fires nothing',
      tags: TAGS,
      auth: write,
      params: ScimIdParams,
      body: ScimUserBody,
      bodyTypes: ['application/scim+json', 'application/json'],
      responses: { 200: { description: 'The user', alternatives: { 'application/scim+json': ScimUserDto } }, 400: E400, 404: E404, 409: { description: 'uniqueness', schema: ScimErrorDto } },
    },
    async ({ req, params, body }) => scim(200, toScimUser((await service.replace(currentDeveloper(req).tenantId, params.id, personFrom(body))).row, base)),
  );

  r.patch(
    '/scim/v2/Users/:id',
    {
      summary: 'SCIM: PatchOp add/replace/remove (Okta and Entra ID forms); active false deactivates and fires nothing',
      tags: TAGS,
      auth: write,
      params: ScimIdParams,
      body: ScimPatchBody,
      bodyTypes: ['application/scim+json', 'application/json'],
      responses: { 200: { description: 'The user', alternatives: { 'application/scim+json': ScimUserDto } }, 400: E400, 404: E404, 409: { description: 'uniqueness', schema: ScimErrorDto } },
    },
    async ({ req, params, body }) => scim(200, toScimUser((await service.patch(currentDeveloper(req).tenantId, params.id, body.Operations)).row, base)),
  );

  r.delete(
    '/scim/v2/Users/:id',
    { summary: 'SCIM: deprovision (soft delete); fires user.terminated', tags: TAGS, auth: write, params: ScimIdParams, responses: { 204: { description: 'Deleted' }, 404: E404 } },
    async ({ req, params }) => {
      await service.remove(currentDeveloper(req).tenantId, params.id);
      return { status: 204 };
    },
  );

  r.get('/scim/v2/ServiceProviderConfig', { summary: 'SCIM: what this server supports', tags: TAGS, auth: read, responses: { 200: { description: 'ServiceProviderConfig' } } }, async () => scim(200, SERVICE_PROVIDER_CONFIG));
  r.get('/scim/v2/ResourceTypes', { summary: 'SCIM: the resource types (User)', tags: TAGS, auth: read, responses: { 200: { description: 'ListResponse of ResourceType' } } }, async () =>
    scim(200, {
      schemas: [SCIM_LIST],
      totalResults: 1,
      startIndex: 1,
      itemsPerPage: 1,
      Resources: [
        {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
          id: 'User',
          name: 'User',
          endpoint: '/Users',
          schema: SCIM_USER,
          schemaExtensions: [{ schema: SCIM_ENTERPRISE_USER, required: false }],
          meta: { resourceType: 'ResourceType', location: `${base}/scim/v2/ResourceTypes/User` },
        },
      ],
    }),
  );
  r.get('/scim/v2/Schemas', { summary: 'SCIM: the schemas (User, enterprise extension)', tags: TAGS, auth: read, responses: { 200: { description: 'ListResponse of Schema' } } }, async () =>
    scim(200, {
      schemas: [SCIM_LIST],
      totalResults: 2,
      startIndex: 1,
      itemsPerPage: 2,
      Resources: [
        {
          id: SCIM_USER,
          name: 'User',
          attributes: ['userName', 'name', 'displayName', 'emails', 'phoneNumbers', 'active', 'externalId', 'roles'].map((name) => ({ name, mutability: 'readWrite' })),
          meta: { resourceType: 'Schema', location: `${base}/scim/v2/Schemas/${SCIM_USER}` },
        },
        { id: SCIM_ENTERPRISE_USER, name: 'EnterpriseUser', attributes: [{ name: 'employeeNumber', mutability: 'readWrite' }], meta: { resourceType: 'Schema', location: `${base}/scim/v2/Schemas/${SCIM_ENTERPRISE_USER}` } },
      ],
    }),
  );
}
