import { z } from 'zod';
import { ok, type ApiRouter } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { COMPLIANCE_OVERRIDERS, MANAGERS } from '@wfm/core/role-sets';
import type { ViolationsService } from './violations.service.js';
import { ListViolationsQuery, OverrideViolationBody, ViolationDto, ViolationIdParams } from './violations.schemas.js';

const TAGS = ['compliance'];

export function violationsRoutes(r: ApiRouter, violations: ViolationsService): void {
  r.get(
    '/compliance/violations',
    {
      summary: 'Recorded breaches of working-time rules with their traces, by local day; an OUTLET_MANAGER sees those at their outlets',
      tags: TAGS,
      auth: { kind: 'user', roles: MANAGERS },
      query: ListViolationsQuery,
      responses: {
        200: { description: 'A bare array, no total; page by raising offset until fewer than limit rows come back', schema: z.array(ViolationDto) },
        400: { description: 'Validation failure, or `to` before `from`' },
      },
    },
    async ({ req, query }) => ok(await violations.list(currentUser(req), query)),
  );

  r.post(
    '/compliance/violations/:id/override',
    {
      summary: 'Accept a breach with a reason (e.g. the worker’s written consent to a clopening); who and when are recorded',
      tags: TAGS,
      auth: { kind: 'user', roles: COMPLIANCE_OVERRIDERS },
      params: ViolationIdParams,
      body: OverrideViolationBody,
      responses: {
        200: { description: 'The violation, OVERRIDDEN', schema: ViolationDto },
        400: { description: 'Validation failure: a reason of 3 to 1000 characters' },
        404: { description: 'No violation with this id in the tenant, or (OUTLET_MANAGER) one at another outlet' },
        409: { description: 'ALREADY_OVERRIDDEN' },
      },
    },
    async ({ req, params, body }) => ok(await violations.override(currentUser(req), params.id, body)),
  );
}
