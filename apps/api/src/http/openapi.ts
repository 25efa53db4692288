import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import type { Role } from '@wfm/core/tenancy';

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
}

/** The OpenAPI document, built from the same zod schemas that validate requests. */
export class OpenApiDocument {
  readonly registry = new OpenAPIRegistry();
  private cached: object | null = null;

  constructor(private readonly info: { title: string; description?: string } = { title: 'Workforce Platform API' }) {
    this.registry.registerComponent('securitySchemes', 'bearerJwt', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    this.registry.registerComponent('securitySchemes', 'developerBearer', {
      type: 'http',
      scheme: 'bearer',
      description: 'A developer API key (svc_live_…) or an OAuth access token (svc_oauth_…)',
    });
    this.registry.registerComponent('securitySchemes', 'developerApiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'A developer API key (svc_live_…)' });
  }

  add(def: {
    method: 'get' | 'post' | 'patch' | 'put' | 'delete';
    path: string;
    summary: string;
    tags: string[];
    security: string[];
    /** The roles that may call a route signing in a user, from the permission matrix. */
    roles?: readonly Role[];
    params?: z.ZodObject;
    query?: z.ZodObject;
    body?: z.ZodType;
    responses: Record<number, ResponseDoc>;
  }): void {
    this.cached = null;
    const responses: Record<string, { description: string; content?: Record<string, { schema: z.ZodType }> }> = {};
    for (const [status, r] of Object.entries(def.responses)) {
      responses[status] = r.schema ? { description: r.description, content: { 'application/json': { schema: r.schema } } } : { description: r.description };
    }
    this.registry.registerPath({
      method: def.method,
      path: def.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}'),
      summary: def.summary,
      tags: def.tags,
      ...(def.security.length ? { security: def.security.map((name) => ({ [name]: [] })) } : {}),
      ...(def.roles ? { 'x-roles': [...def.roles] } : {}),
      request: {
        ...(def.params ? { params: def.params } : {}),
        ...(def.query ? { query: def.query } : {}),
        ...(def.body ? { body: { content: { 'application/json': { schema: def.body } } } } : {}),
      },
      responses,
    });
  }

  document(baseUrl: string): object {
    this.cached ??= new OpenApiGeneratorV31(this.registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: { title: this.info.title, version: '1.0.0', ...(this.info.description ? { description: this.info.description } : {}) },
      servers: [{ url: baseUrl }],
    });
    return this.cached;
  }
}
