import { z } from 'zod';
import { ok, type ApiRouter, type Reply } from '../../../http/api-router.js';
import { currentUser } from '../../../http/auth.guard.js';
import { COMPLIANCE_OVERRIDERS, MANAGERS } from '@wfm/core/role-sets';
import type { ComplianceVerdict } from '../rules/compliance.service.js';
import type { ViolationsService } from './violations.service.js';
import { ListViolationsQuery, OverrideViolationBody, ViolationDto, ViolationIdParams } from './violations.schemas.js';

const TAGS = ['compliance'];

/**
 * The documented response bodies stay as they are: an assignment that broke WARN rules (or
 * overrode BLOCK ones) says so in headers, and GET /compliance/violations?shiftAssignmentId=…
 * lists the breaches. A tenant without rules sends neither header. Used by every route that assigns shifts.
 */
export function withCompliance(reply: Reply, verdict: ComplianceVerdict): Reply {
  if (verdict.warnings === 0 && verdict.overridden === 0) return reply;
  return { ...reply, headers: { ...reply.headers, 'X-Compliance-Warnings': String(verdict.warnings), 'X-Compliance-Overridden': String(verdict.overridden) } };
}

/** The 422 of every route that assigns shifts. */
export const COMPLIANCE_422 = {
  description:
    'COMPLIANCE_BLOCKED: a working-time rule in BLOCK mode would be broken; nothing was written. `violations` lists every breach with its trace. An allowed role may resend with complianceOverrideReason',
} as const;

export const COMPLIANCE_HEADERS_NOTE = 'X-Compliance-Warnings and X-Compliance-Overridden count the breaches recorded (absent when none)';

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
