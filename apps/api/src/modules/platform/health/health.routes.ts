import { z } from 'zod';
import type { ApiRouter } from '../../../http/api-router.js';
import { ok } from '../../../http/api-router.js';
import type { HealthService } from './health.service.js';
import type { OpenApiDocument } from '../../../http/openapi.js';

const StatusDto = z.object({
  status: z.enum(['ok', 'degraded']),
  checks: z.object({ database: z.enum(['up', 'down']), bus: z.enum(['up', 'down']), redis: z.enum(['up', 'down']).optional() }),
  busKind: z.enum(['local', 'redis']),
});

export function healthRoutes(r: ApiRouter, health: HealthService, openapi: OpenApiDocument, publicBaseUrl: string): void {
  r.get('/health', { summary: 'Liveness', tags: ['platform'], auth: { kind: 'none' }, responses: { 200: { description: 'Alive', schema: z.object({ status: z.literal('ok') }) } } }, async () =>
    ok({ status: 'ok' }),
  );

  r.get('/status', { summary: 'Dependency status', tags: ['platform'], auth: { kind: 'none' }, responses: { 200: { description: 'All up', schema: StatusDto }, 503: { description: 'A dependency is down', schema: StatusDto } } }, async () => {
    const s = await health.status();
    return { status: s.status === 'ok' ? 200 : 503, body: s };
  });

  r.get('/openapi.json', { summary: 'This OpenAPI document', tags: ['platform'], auth: { kind: 'none' }, responses: { 200: { description: 'OpenAPI 3.1 document' } } }, async () =>
    openapi.reply(publicBaseUrl),
  );
}
