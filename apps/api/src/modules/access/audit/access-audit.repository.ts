import type { DataSource } from '@wfm/db/data-source';
import type { AccessAuditEntity } from '@wfm/db/entities/access.entity';
import { many, type Row } from '@wfm/db/sql';
import type { OutletScope } from '../../organization/user-outlets/outlet-scope.service.js';

export type AuditRow = Row<AccessAuditEntity, 'id' | 'tenantId' | 'userId' | 'zoneId' | 'credentialId' | 'readerId' | 'eventType' | 'reason' | 'occurredAt' | 'source'> & {
  user: { id: string; fullName: string } | null;
  zone: { id: string; name: string } | null;
};

export interface AuditFilter {
  from?: Date;
  to?: Date;
  userId?: string;
  zoneId?: string;
}

export interface WhoWhereRow {
  date: string;
  userId: string;
  userName: string;
  zoneId: string;
  zoneName: string;
  firstEntryAt: Date;
  lastEntryAt: Date;
  entries: number;
}

export class AccessAuditRepository {
  constructor(private readonly ds: DataSource) {}

  /** Newest first; names of removed users and deleted zones are still shown. */
  list(tenantId: string, filter: AuditFilter, scope: OutletScope, limit: number): Promise<AuditRow[]> {
    const params: unknown[] = [tenantId];
    const where = ['a.tenant_id = $1'];
    if (filter.from) where.push(`a.occurred_at >= $${params.push(filter.from)}`);
    if (filter.to) where.push(`a.occurred_at <= $${params.push(filter.to)}`);
    if (filter.userId) where.push(`a.user_id = $${params.push(filter.userId)}`);
    if (filter.zoneId) where.push(`a.zone_id = $${params.push(filter.zoneId)}`);
    if (scope.kind === 'outlets') where.push(`z.outlet_id = ANY($${params.push(scope.outletIds)}::uuid[])`);
    return many(
      this.ds,
      `SELECT a.id, a.tenant_id AS "tenantId", a.user_id AS "userId", a.zone_id AS "zoneId", a.credential_id AS "credentialId",
              a.reader_id AS "readerId", a.event_type AS "eventType", a.reason, a.occurred_at AS "occurredAt", a.source,
              CASE WHEN u.id IS NULL THEN NULL ELSE json_build_object('id', u.id, 'fullName', u.full_name) END AS "user",
              CASE WHEN z.id IS NULL THEN NULL ELSE json_build_object('id', z.id, 'name', z.name) END AS zone
         FROM access_audit a
         LEFT JOIN users u ON u.id = a.user_id AND u.tenant_id = a.tenant_id
         LEFT JOIN access_zones z ON z.id = a.zone_id AND z.tenant_id = a.tenant_id
        WHERE ${where.join(' AND ')}
        ORDER BY a.occurred_at DESC, a.id DESC
        LIMIT $${params.push(limit)}`,
      params,
    );
  }

  /**
   * GRANTED taps of users grouped by local day (in `timezone`), user and zone. The day bounds are
   * computed by PostgreSQL from the wall-clock dates, so days that gain or lose an hour to a
   * daylight-saving change are still whole local days.
   */
  whoWhere(tenantId: string, timezone: string, from: string, to: string, filter: { userId?: string; zoneId?: string }): Promise<WhoWhereRow[]> {
    const params: unknown[] = [tenantId, timezone, from, to];
    const where = [
      'a.tenant_id = $1',
      `a.event_type = 'GRANTED'`,
      'a.user_id IS NOT NULL',
      'a.zone_id IS NOT NULL',
      `a.occurred_at >= ($3::date::timestamp AT TIME ZONE $2)`,
      `a.occurred_at < (($4::date + 1)::timestamp AT TIME ZONE $2)`,
    ];
    if (filter.userId) where.push(`a.user_id = $${params.push(filter.userId)}`);
    if (filter.zoneId) where.push(`a.zone_id = $${params.push(filter.zoneId)}`);
    return many(
      this.ds,
      `SELECT to_char(d.day, 'YYYY-MM-DD') AS date, d.user_id AS "userId", u.full_name AS "userName",
              d.zone_id AS "zoneId", z.name AS "zoneName", d.first_at AS "firstEntryAt", d.last_at AS "lastEntryAt", d.entries
         FROM (SELECT (a.occurred_at AT TIME ZONE $2)::date AS day, a.user_id, a.zone_id,
                      min(a.occurred_at) AS first_at, max(a.occurred_at) AS last_at, count(*)::int AS entries
                 FROM access_audit a
                WHERE ${where.join(' AND ')}
                GROUP BY 1, 2, 3) d
         JOIN users u ON u.id = d.user_id
         JOIN access_zones z ON z.id = d.zone_id
        ORDER BY d.day, u.full_name, d.user_id, z.name, d.zone_id`,
      params,
    );
  }
}
