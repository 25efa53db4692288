import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { sample } from 'openapi-sampler';
import type { z } from 'zod';
import { SCOPES } from '@wfm/core/scopes';
import type { Role } from '@wfm/core/tenancy';
import type { Reply } from './api-router.js';
import { EncodedBody } from './encoded-body.js';

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
  /** Alternatives to JSON this answer may come as (a CSV export, a PDF), each with its schema. */
  alternatives?: Record<string, z.ZodType>;
}

export type SchemeName = 'bearerJwt' | 'developerBearer' | 'developerApiKey' | 'developerOAuth' | 'readerKey' | 'kioskBearer' | 'portalBearer';

const SCHEMES: Record<SchemeName, object> = {
  bearerJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'A user access token from POST /auth/login' },
  developerBearer: { type: 'http', scheme: 'bearer', description: 'A developer API key (svc_live_…) or an OAuth access token (svc_oauth_…)' },
  developerApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A developer API key (svc_live_…)' },
  readerKey: { type: 'http', scheme: 'bearer', description: 'A reader-bridge key (mk_…) from POST /access/api-keys; it calls the two door routes and nothing else' },
  kioskBearer: { type: 'http', scheme: 'bearer', description: 'A kiosk device token (kd_…) from POST /kiosks; it calls the kiosk routes and nothing else' },
  portalBearer: { type: 'http', scheme: 'bearer', description: 'A webhook portal token (wpt_…) from POST /webhooks/:id/portal-links; it calls the /webhook-portal routes of that one subscription and nothing else' },
  developerOAuth: {
    type: 'oauth2',
    description: 'OAuth 2.0 client credentials: POST /oauth/token answers a one-hour svc_oauth_… token, sent as a Bearer token',
    flows: { clientCredentials: { tokenUrl: '/oauth/token', scopes: Object.fromEntries(SCOPES.map((s) => [s, `The ${s} scope`])) } },
  },
};

/**
 * Spec 01's error bodies, one schema per shape: 400 lists its messages, 401/429/500 carry no `error`,
 * every other status is `{message, error, statusCode}` where `error` is the reason phrase or a code.
 */
const STANDARD_ERROR = (status: number) => ({
  type: 'object',
  required: ['message', 'error', 'statusCode'],
  properties: {
    message: { type: 'string' },
    error: { type: 'string', description: 'The reason phrase, or a machine-readable code where the route names one' },
    statusCode: { type: 'integer', const: status },
  },
});
const ERROR_SCHEMAS: Record<string, object> = {
  ValidationError: {
    type: 'object',
    required: ['message', 'error', 'statusCode'],
    properties: { message: { type: 'array', items: { type: 'string' } }, error: { type: 'string', const: 'Bad Request' }, statusCode: { type: 'integer', const: 400 } },
    example: { message: ['name is required'], error: 'Bad Request', statusCode: 400 },
  },
  UnauthorizedError: {
    type: 'object',
    required: ['message', 'statusCode'],
    properties: { message: { type: 'string', const: 'Unauthorized' }, statusCode: { type: 'integer', const: 401 } },
    example: { message: 'Unauthorized', statusCode: 401 },
  },
  TooManyRequestsError: {
    type: 'object',
    required: ['message', 'statusCode'],
    properties: { message: { type: 'string' }, statusCode: { type: 'integer', const: 429 } },
    example: { statusCode: 429, message: 'ThrottlerException: Too Many Requests' },
  },
  InternalServerError: {
    type: 'object',
    required: ['message', 'statusCode'],
    properties: { message: { type: 'string' }, statusCode: { type: 'integer', const: 500 } },
    example: { statusCode: 500, message: 'Internal server error' },
  },
};
const SPECIAL: Record<number, string> = { 400: 'ValidationError', 401: 'UnauthorizedError', 429: 'TooManyRequestsError', 500: 'InternalServerError' };
const REASON: Record<number, string> = {
  402: 'Payment Required',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Timeout',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

/** The one Idempotency-Key parameter every POST refers to (issue 32). */
const IDEMPOTENCY_KEY_PARAMETER = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description:
    'Makes a retry safe: the first answer to this key (per tenant and credential) is kept for at least 24 hours and a retry gets it again with Idempotent-Replayed: true, without the request running twice. A different request with the same key is refused (422 IDEMPOTENCY_KEY_REUSED); a retry while the first is still running waits for it, or answers 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. 5xx answers are not kept.',
  schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' },
  example: '6c1f1c1e-5d5c-4a8b-9a55-3b4a1f2f9b10',
};
const IDEMPOTENCY_RESPONSES: Record<number, string> = {
  409: 'Idempotency-Key: a request with this key is still running (IDEMPOTENCY_KEY_IN_USE, with Retry-After), or its answer was too large to keep (IDEMPOTENT_RESPONSE_NOT_KEPT)',
  422: 'Idempotency-Key: the key was used with a different request (IDEMPOTENCY_KEY_REUSED)',
};

/** The schema name of an error status's body. */
function errorSchemaName(status: number): string {
  return SPECIAL[status] ?? `Error${status}`;
}

const HEADERS = {
  'X-Request-Id': { description: 'The request id: the caller’s X-Request-Id when valid, else a new one; also in the logs', schema: { type: 'string' } },
  'X-RateLimit-Limit': { description: 'Requests allowed in the current window', schema: { type: 'integer' } },
  'X-RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer' } },
  'X-RateLimit-Reset': { description: 'Seconds until the window resets', schema: { type: 'integer' } },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer' } },
  'Idempotent-Replayed': { description: 'true when this answer is the stored answer of an earlier request with the same Idempotency-Key', schema: { type: 'string', enum: ['true'] } },
};
const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** A stable operationId from the method and path: `POST /access/grants/{id}/revoke` → `postAccessGrantsByIdRevoke`. */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((seg) => {
      const param = /^[:{]([A-Za-z0-9_]+)}?$/.exec(seg);
      return param ? ['by', param[1]!] : seg.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  return [method, ...words].map((w, i) => (i === 0 ? w.toLowerCase() : w[0]!.toUpperCase() + w.slice(1))).join('');
}

/** The OpenAPI document, built from the same zod schemas that validate requests. */
export class OpenApiDocument {
  readonly registry = new OpenAPIRegistry();
  private cached: object | null = null;
  private encoded: EncodedBody | null = null;
  private readonly schemes = new Set<SchemeName>();
  private readonly errors = new Set<number>();

  constructor(private readonly info: { title: string; description?: string } = { title: 'Workforce Platform API' }) {
    for (const [name, header] of Object.entries(HEADERS)) this.registry.registerComponent('headers', name, header as never);
  }

  add(def: {
    method: 'get' | 'post' | 'patch' | 'put' | 'delete';
    path: string;
    summary: string;
    tags: string[];
    /** Alternatives: any one of these schemes admits the caller; none for a public route. */
    security: SchemeName[];
    /** The developer scope the route needs, if any. */
    scope?: string;
    /** The route counts against a rate limit: its answers carry X-RateLimit-* and it may answer 429. */
    rateLimited: boolean;
    /** The roles that may call a route signing in a user, from its declaration. */
    roles?: readonly Role[];
    params?: z.ZodObject;
    query?: z.ZodObject;
    body?: z.ZodType;
    /** Media types the body is accepted as, JSON unless told. */
    bodyTypes?: readonly string[];
    responses: Record<number, ResponseDoc>;
    /** The route takes an Idempotency-Key: the header parameter, its 409 and 422, and Idempotent-Replayed on its answers. */
    idempotent?: boolean;
  }): void {
    this.cached = null;
    this.encoded = null;
    const responses: Record<string, object> = {};
    const statuses: Record<number, ResponseDoc> = { ...def.responses };
    if (def.rateLimited) statuses[429] = { description: 'Too many requests: wait Retry-After seconds' };
    if (def.idempotent) {
      this.useIdempotencyKey();
      for (const [code, description] of Object.entries(IDEMPOTENCY_RESPONSES)) {
        const own = statuses[Number(code)];
        statuses[Number(code)] = own ? { ...own, description: `${own.description}; or ${description}` } : { description };
      }
    }
    for (const [code, r] of Object.entries(statuses)) {
      const status = Number(code);
      const error = status >= 400;
      if (error) this.registerError(status);
      const headers = {
        'X-Request-Id': ref('X-Request-Id'),
        ...(def.rateLimited && status !== 429 ? { 'X-RateLimit-Limit': ref('X-RateLimit-Limit'), 'X-RateLimit-Remaining': ref('X-RateLimit-Remaining'), 'X-RateLimit-Reset': ref('X-RateLimit-Reset') } : {}),
        ...(status === 429 || (def.idempotent && status === 409) ? { 'Retry-After': ref('Retry-After') } : {}),
        ...(def.idempotent && status !== 429 && status < 500 ? { 'Idempotent-Replayed': ref('Idempotent-Replayed') } : {}),
      };
      const schema = r.schema ?? (error ? { $ref: `#/components/schemas/${errorSchemaName(status)}` } : undefined);
      const content = { ...(schema ? { 'application/json': { schema } } : {}), ...Object.fromEntries(Object.entries(r.alternatives ?? {}).map(([type, s]) => [type, { schema: s }])) };
      responses[code] = { description: r.description, headers, ...(Object.keys(content).length ? { content } : {}) };
    }
    for (const name of def.security) this.useScheme(name);
    const scopes = def.scope ? [def.scope] : [];
    this.registry.registerPath({
      method: def.method,
      path: def.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
      operationId: operationIdOf(def.method, def.path),
      summary: def.summary,
      tags: def.tags,
      security: def.security.map((name) => ({ [name]: scopes })),
      ...(def.idempotent ? { parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }] } : {}),
      ...(def.roles ? { 'x-roles': [...def.roles] } : {}),
      ...(def.scope ? { 'x-scope': def.scope } : {}),
      request: {
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { query: def.query } : {}),
        ...(def.body ? { body: { content: Object.fromEntries((def.bodyTypes ?? ['application/json']).map((t) => [t, { schema: def.body! }])) } } : {}),
      },
      responses: responses as never,
    });
  }

  private useScheme(name: SchemeName): void {
    if (this.schemes.has(name)) return;
    this.schemes.add(name);
    this.registry.registerComponent('securitySchemes', name, SCHEMES[name] as never);
  }

  private idempotencyKeyRegistered = false;

  private useIdempotencyKey(): void {
    if (this.idempotencyKeyRegistered) return;
    this.idempotencyKeyRegistered = true;
    this.registry.registerComponent('parameters', 'IdempotencyKey', IDEMPOTENCY_KEY_PARAMETER as never);
  }

  private registerError(status: number): void {
    if (this.errors.has(status)) return;
    this.errors.add(status);
    const name = errorSchemaName(status);
    const schema = ERROR_SCHEMAS[name] ?? { ...STANDARD_ERROR(status), example: { message: REASON[status] ?? 'Error', error: REASON[status] ?? 'Error', statusCode: status } };
    this.registry.registerComponent('schemas', name, schema as never);
  }

  document(baseUrl: string): object {
    this.cached ??= this.generate(baseUrl);
    return this.cached;
  }

  /** GET …/openapi.json: the document as Express would send it (1 MB and more), compressed once per process. */
  reply(baseUrl: string): Reply {
    this.encoded ??= EncodedBody.of(Buffer.from(JSON.stringify(this.document(baseUrl))), 'openapi.json');
    // Clients revalidate (a deploy changes the document) and get a 304 while it is the same.
    return { status: 200, headers: { 'Cache-Control': 'no-cache' }, encoded: { contentType: 'application/json; charset=utf-8', body: this.encoded } };
  }

  private generate(baseUrl: string): object {
    const doc = new OpenApiGeneratorV31(this.registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: {
        title: this.info.title,
        version: '1.0.0',
        license: { name: 'MIT', identifier: 'MIT' },
        ...(this.info.description ? { description: this.info.description } : {}),
      },
      servers: [{ url: baseUrl }],
    });
    const oauth = doc.components?.securitySchemes?.developerOAuth as { flows: { clientCredentials: { tokenUrl: string } } } | undefined;
    if (oauth) oauth.flows.clientCredentials.tokenUrl = `${baseUrl.replace(/\/$/, '')}/oauth/token`;
    addExamples(doc);
    return doc;
  }
}

interface MediaType {
  schema?: object;
  example?: unknown;
  examples?: unknown;
}
interface Operation {
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { content?: Record<string, MediaType> }>;
}

/**
 * Every request and response body gets an example drawn from its schema by Redocly's sampler (a
 * schema's own `example` wins), so readers and generated clients see a concrete body for each.
 */
function addExamples(doc: { paths?: object }): void {
  for (const item of Object.values(doc.paths ?? {}) as Record<string, Operation>[]) {
    for (const op of Object.values(item)) {
      const media = [...Object.values(op.requestBody?.content ?? {}), ...Object.values(op.responses ?? {}).flatMap((r) => Object.values(r.content ?? {}))];
      for (const m of media) {
        if (m.schema && m.example === undefined && m.examples === undefined) m.example = sample(m.schema as never, { skipReadOnly: true, quiet: true }, doc);
      }
    }
  }
}
