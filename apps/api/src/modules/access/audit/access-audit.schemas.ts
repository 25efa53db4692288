import { z } from 'zod';
import type { AuditEventType } from '@wfm/access/decision';
import { clampedInt, isoInstant } from '../../../http/validation.js';

export const AUDIT_EVENT_TYPES = [
  'GRANTED',
  'DENIED_NO_GRANT',
  'DENIED_EXPIRED',
  'DENIED_OUTSIDE_HOURS',
  'DENIED_ZONE_INACTIVE',
  'UNKNOWN_CREDENTIAL',
  'UNKNOWN_READER',
  'REVOKED',
] as const satisfies readonly AuditEventType[];

/** Spec 02, Limits: at most 92 local days per who-where report. */
export const MAX_REPORT_DAYS = 92;

export const ListAuditQuery = z.object({
  from: isoInstant().optional().meta({ description: 'Rows at or after this instant' }),
  to: isoInstant().optional().meta({ description: 'Rows at or before this instant' }),
  userId: z.uuid().optional(),
  zoneId: z.uuid().optional(),
  limit: clampedInt(200, 1, 1000, 'Default 200; values above 1000 are clamped to 1000 (below 1, to 1)'),
});
export type ListAuditQuery = z.infer<typeof ListAuditQuery>;

export const AuditRowDto = z.object({
  id: z.uuid(),
  tenantId: z.uuid(),
  userId: z.uuid().nullable().meta({ description: 'Null when the credential cannot be tied to a person, and for visitor passes' }),
  zoneId: z.uuid().nullable().meta({ description: 'Null when the reader is not bound to a zone' }),
  credentialId: z.string().meta({ description: 'For a REVOKED row, the id of the revoked grant' }),
  readerId: z.string().meta({ description: 'Empty for a REVOKED row (no reader involved)' }),
  eventType: z.enum(AUDIT_EVENT_TYPES),
  reason: z.string().nullable(),
  occurredAt: z.iso.datetime(),
  source: z.string().meta({ description: 'Tap label from the bridge (default BRIDGE_HTTP); for REVOKED rows ADMIN, ZONE_DELETED or USER_REMOVED' }),
  user: z.object({ id: z.uuid(), fullName: z.string() }).nullable(),
  zone: z.object({ id: z.uuid(), name: z.string() }).nullable(),
});
export type AuditRowDto = z.infer<typeof AuditRowDto>;

const LocalDate = z.iso.date({ message: 'must be a date in YYYY-MM-DD format' });

export const WhoWhereQuery = z.object({
  from: LocalDate.meta({ description: "First local day (tenant's timezone), inclusive" }),
  to: LocalDate.meta({ description: `Last local day, inclusive; at most ${MAX_REPORT_DAYS} days after from, counting both` }),
  zoneId: z.uuid().optional(),
  userId: z.uuid().optional(),
});
export type WhoWhereQuery = z.infer<typeof WhoWhereQuery>;

export const WhoWhereRowDto = z.object({
  date: z.iso.date().meta({ description: "The local day in the tenant's timezone" }),
  userId: z.uuid(),
  userName: z.string(),
  zoneId: z.uuid(),
  zoneName: z.string(),
  firstEntryAt: z.iso.datetime().meta({ description: 'First GRANTED tap of the user in the zone that day (UTC)' }),
  lastEntryAt: z.iso.datetime().meta({ description: 'Last GRANTED tap of the user in the zone that day (UTC)' }),
  entries: z.number().int().meta({ description: 'Number of GRANTED taps that day' }),
});
export type WhoWhereRowDto = z.infer<typeof WhoWhereRowDto>;
