import type { Reply } from '../../../http/api-router.js';
import type { ComplianceVerdict } from './compliance.service.js';

/**
 * The documented response bodies stay as they are: an assignment that broke WARN rules (or
 * overrode BLOCK ones) says so in headers, and GET /compliance/violations?shiftAssignmentId=…
 * lists the breaches. A tenant without rules sends neither header.
 */
export function withCompliance(reply: Reply, verdict: ComplianceVerdict): Reply {
  if (verdict.warnings === 0 && verdict.overridden === 0) return reply;
  return { ...reply, headers: { ...reply.headers, 'X-Compliance-Warnings': String(verdict.warnings), 'X-Compliance-Overridden': String(verdict.overridden) } };
}

/** Described on every route that assigns shifts. */
export const COMPLIANCE_422 = {
  description:
    'COMPLIANCE_BLOCKED: a working-time rule in BLOCK mode would be broken; nothing was written. `violations` lists every breach with its trace. An allowed role may resend with complianceOverrideReason',
} as const;

export const COMPLIANCE_HEADERS_NOTE = 'X-Compliance-Warnings and X-Compliance-Overridden count the breaches recorded (absent when none)';
