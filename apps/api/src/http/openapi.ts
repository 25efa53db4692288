import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';

export interface ResponseDoc {
  description: string;
  schema?: z.ZodType;
}

/** The OpenAPI document, built from the same zod schemas that validate requests. */
export class OpenApiDocument {
  readonly registry = new OpenAPIRegistry();
  private cached: object | null = null;

  constructor() {
    this.registry.registerComponent('securitySchemes', 'bearerJwt', { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' });
    this.registry.registerComponent('securitySchemes', 'platformToken', { type: 'http', scheme: 'bearer' });
  }

  add(def: {
    method: 'get' | 'post' | 'patch' | 'put' | 'delete';
    path: string;
    summary: string;
    tags: string[];
    security: string | null;
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
      ...(def.security ? { security: [{ [def.security]: [] }] } : {}),
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
      info: { title: 'Workforce Platform API', version: '1.0.0' },
      servers: [{ url: baseUrl }],
    });
    return this.cached;
  }
}
