import type { ErrorRequestHandler, RequestHandler } from 'express';
import { BadRequestError, ConflictError, NotFoundError, UnsupportedMediaTypeError, type HttpError } from '@wfm/core/errors';
import type { Logger } from '@wfm/core/logger';
import type { Role } from '@wfm/core/tenancy';
import { type ApiRouter, type Reply } from '../../../http/api-router.js';
import { currentDeveloper, developerActing } from '../../../http/auth.guard.js';
import { errorHandler, UnreadableRequestError, type ErrorWriter } from '../../../http/error.middleware.js';
import { InvalidFilterError } from './scim.filter.js';
import type { ScimPerson } from './scim.patch.js';
import type { ScimUserRow } from './scim.repository.js';
import { personOf, type ScimService } from './scim.service.js';
import type { ScimGroupRow } from './scim-groups.repository.js';
import type { ScimGroupsService } from './scim-groups.service.js';
import {
  SCIM_CONTENT_TYPE,
  SCIM_ENTERPRISE_USER,
  SCIM_ERROR,
  SCIM_GROUP,
  SCIM_LIST,
  SCIM_USER,
  ScimErrorDto,
  ScimGroupBody,
  ScimGroupDto,
  ScimGroupListDto,
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
const E415 = { description: 'The body is neither application/scim+json nor application/json (SCIM error body)', schema: ScimErrorDto };

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

export function toScimGroup(row: ScimGroupRow, base: string) {
  return {
    schemas: [SCIM_GROUP],
    id: row.id,
    displayName: row.displayName,
    externalId: row.code,
    members: row.members.map((m) => ({ value: m.value, display: m.display, $ref: `${base}/scim/v2/Users/${m.value}` })),
    meta: { resourceType: 'Group', created: new Date(row.createdAt).toISOString(), lastModified: new Date(row.updatedAt).toISOString(), location: `${base}/scim/v2/Groups/${row.id}` },
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

/** RFC 7644 §3.12's scimType for an error, where one of its types says what went wrong. */
function scimTypeOf(err: HttpError): string | undefined {
  if (err instanceof InvalidFilterError) return 'invalidFilter';
  if (err instanceof UnreadableRequestError) return 'invalidSyntax';
  if (err instanceof BadRequestError) return 'invalidValue';
  if (err instanceof ConflictError && err.body().error === 'uniqueness') return 'uniqueness';
  return undefined;
}

const scimErrorBody: ErrorWriter = (res, err) => {
  const message = err.body().message;
  const scimType = scimTypeOf(err);
  const detail = Array.isArray(message) ? message.join('; ') : String(message ?? 'Error');
  res.status(err.status).type(SCIM_CONTENT_TYPE).send(JSON.stringify({ schemas: [SCIM_ERROR], status: String(err.status), ...(scimType ? { scimType } : {}), detail }));
};

/**
 * Every error under /scim/v2 — the body parser's 413 and 415, authentication's 401 and 403, the
 * rate limit's 429, a route's own — goes through the platform's one error handler and comes out
 * as an RFC 7644 §3.12 error body.
 */
export function scimErrors(logger: Logger): ErrorRequestHandler {
  return errorHandler(logger, scimErrorBody);
}

/** A path under /scim/v2 that no route serves: SCIM's own 404. */
export const scimNotFound: RequestHandler = (_req, _res, next) => next(new NotFoundError('Resource not found'));

const SCIM_BODY_TYPES = ['application/scim+json', 'application/json'];

/** RFC 7644 §3.8: a SCIM body is application/scim+json (or, as clients also send, application/json); any other is 415, not an empty body's 400. */
const scimBodyType: RequestHandler = (req, _res, next) => {
  if (req.is(SCIM_BODY_TYPES) === false) return next(new UnsupportedMediaTypeError('Send the body as application/scim+json'));
  next();
};

/** What every SCIM route that reads a body declares. */
const WRITES = { bodyTypes: SCIM_BODY_TYPES, guards: [scimBodyType] };

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

export function scimRoutes(r: ApiRouter, service: ScimService, groups: ScimGroupsService, base: string): void {
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
      ...WRITES,
      responses: { 201: { description: 'The user', alternatives: { 'application/scim+json': ScimUserDto } }, 400: E400, 409: { description: 'uniqueness (SCIM error body)', schema: ScimErrorDto }, 415: E415 },
    },
    async ({ req, body }) => {
      const row = await service.create(developerActing(req), personFrom(body), body.roles?.[0]?.value as Role | undefined);
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
      ...WRITES,
      responses: { 200: { description: 'The user', alternatives: { 'application/scim+json': ScimUserDto } }, 400: E400, 404: E404, 409: { description: 'uniqueness', schema: ScimErrorDto }, 415: E415 },
    },
    async ({ req, params, body }) => scim(200, toScimUser((await service.replace(developerActing(req), params.id, personFrom(body))).row, base)),
  );

  r.patch(
    '/scim/v2/Users/:id',
    {
      summary: 'SCIM: PatchOp add/replace/remove (Okta and Entra ID forms); active false deactivates and fires nothing',
      tags: TAGS,
      auth: write,
      params: ScimIdParams,
      body: ScimPatchBody,
      ...WRITES,
      responses: { 200: { description: 'The user', alternatives: { 'application/scim+json': ScimUserDto } }, 400: E400, 404: E404, 409: { description: 'uniqueness', schema: ScimErrorDto }, 415: E415 },
    },
    async ({ req, params, body }) => scim(200, toScimUser((await service.patch(developerActing(req), params.id, body.Operations)).row, base)),
  );

  r.delete(
    '/scim/v2/Users/:id',
    { summary: 'SCIM: deprovision (soft delete); fires user.terminated', tags: TAGS, auth: write, params: ScimIdParams, responses: { 204: { description: 'Deleted' }, 404: E404 } },
    async ({ req, params }) => {
      await service.remove(developerActing(req), params.id);
      return { status: 204 };
    },
  );

  r.get(
    '/scim/v2/Groups',
    {
      summary: "SCIM: groups, which are the tenant's outlets (members: the people assigned to them); filter displayName eq",
      tags: TAGS,
      auth: read,
      query: ScimListQuery,
      looseQuery: true,
      responses: { 200: { description: 'ListResponse', alternatives: { 'application/scim+json': ScimGroupListDto } }, 400: E400 },
    },
    async ({ req, query }) => {
      const { total, rows } = await groups.list(currentDeveloper(req).tenantId, query);
      return scim(200, { schemas: [SCIM_LIST], totalResults: total, startIndex: query.startIndex, itemsPerPage: rows.length, Resources: rows.map((g) => toScimGroup(g, base)) });
    },
  );
  r.get(
    '/scim/v2/Groups/:id',
    { summary: 'SCIM: one group (outlet) with its members', tags: TAGS, auth: read, params: ScimIdParams, responses: { 200: { description: 'The group', alternatives: { 'application/scim+json': ScimGroupDto } }, 404: E404 } },
    async ({ req, params }) => scim(200, toScimGroup(await groups.get(currentDeveloper(req).tenantId, params.id), base)),
  );
  r.put(
    '/scim/v2/Groups/:id',
    {
      summary: 'SCIM: replace a group: its members become exactly those listed (people assigned to the outlet); a displayName renames the outlet',
      tags: TAGS,
      auth: write,
      params: ScimIdParams,
      body: ScimGroupBody,
      ...WRITES,
      responses: { 200: { description: 'The group', alternatives: { 'application/scim+json': ScimGroupDto } }, 400: E400, 404: E404, 415: E415 },
    },
    async ({ req, params, body }) => scim(200, toScimGroup(await groups.replace(developerActing(req), params.id, body), base)),
  );
  r.patch(
    '/scim/v2/Groups/:id',
    {
      summary: 'SCIM: PatchOp on a group: add, remove (by value or members[value eq "…"]) or replace members; displayName',
      tags: TAGS,
      auth: write,
      params: ScimIdParams,
      body: ScimPatchBody,
      ...WRITES,
      responses: { 200: { description: 'The group', alternatives: { 'application/scim+json': ScimGroupDto } }, 400: E400, 404: E404, 415: E415 },
    },
    async ({ req, params, body }) => scim(200, toScimGroup(await groups.patch(developerActing(req), params.id, body.Operations), base)),
  );

  r.get('/scim/v2/ServiceProviderConfig', { summary: 'SCIM: what this server supports', tags: TAGS, auth: read, responses: { 200: { description: 'ServiceProviderConfig' } } }, async () => scim(200, SERVICE_PROVIDER_CONFIG));
  r.get('/scim/v2/ResourceTypes', { summary: 'SCIM: the resource types (User, Group)', tags: TAGS, auth: read, responses: { 200: { description: 'ListResponse of ResourceType' } } }, async () =>
    scim(200, {
      schemas: [SCIM_LIST],
      totalResults: 2,
      startIndex: 1,
      itemsPerPage: 2,
      Resources: [
        {
          schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
          id: 'Group',
          name: 'Group',
          description: "The tenant's outlets; members are the people assigned to them",
          endpoint: '/Groups',
          schema: SCIM_GROUP,
          meta: { resourceType: 'ResourceType', location: `${base}/scim/v2/ResourceTypes/Group` },
        },
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
  r.get('/scim/v2/Schemas', { summary: 'SCIM: the schemas (Group, User, enterprise extension)', tags: TAGS, auth: read, responses: { 200: { description: 'ListResponse of Schema' } } }, async () =>
    scim(200, {
      schemas: [SCIM_LIST],
      totalResults: 3,
      startIndex: 1,
      itemsPerPage: 3,
      Resources: [
        { id: SCIM_GROUP, name: 'Group', attributes: [{ name: 'displayName', mutability: 'readWrite' }, { name: 'members', mutability: 'readWrite' }], meta: { resourceType: 'Schema', location: `${base}/scim/v2/Schemas/${SCIM_GROUP}` } },
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
