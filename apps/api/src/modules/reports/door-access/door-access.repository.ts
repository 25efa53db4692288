import type { DataSource } from '@wfm/db/data-source';
import { many } from '@wfm/db/sql';
import { MAX_REPORT_ROWS } from '../shared/report-limits.js';
import { ReportTooLargeError, type ReportWindow } from '../shared/report-scope.js';
import { localDaysSql, OUTLET_ZONE, windowFilters } from '../shared/reports.repository.js';
import type { DoorAccessRow } from './door-access.schemas.js';

export class DoorAccessRepository {
  constructor(private readonly ds: DataSource) {}

  /**
   * Taps of the window's local days (the zone's outlet's zone, else the company's) counted per zone
   * and person: GRANTED, and every refusal (REVOKED rows are grant withdrawals, not taps). Names of
   * removed people and deleted zones are still shown.
   */
  async counts(w: ReportWindow): Promise<DoorAccessRow[]> {
    const params: unknown[] = [w.tenantId, w.from, w.to];
    const where = ['a.tenant_id = $1', `a.event_type <> 'REVOKED'`, localDaysSql('a.occurred_at', OUTLET_ZONE), ...windowFilters(w, params, 'z.outlet_id', 'a.user_id')];
    const rows = await many<DoorAccessRow>(
      this.ds,
      `SELECT a.zone_id AS "zoneId", z.name AS "zoneName", a.user_id AS "userId", u.full_name AS "userName",
              count(*) FILTER (WHERE a.event_type = 'GRANTED')::int AS granted,
              count(*) FILTER (WHERE a.event_type <> 'GRANTED')::int AS denied
         FROM access_audit a
         JOIN tenants t ON t.id = a.tenant_id
         LEFT JOIN access_zones z ON z.tenant_id = a.tenant_id AND z.id = a.zone_id
         LEFT JOIN outlets o ON o.tenant_id = a.tenant_id AND o.id = z.outlet_id
         LEFT JOIN users u ON u.tenant_id = a.tenant_id AND u.id = a.user_id
        WHERE ${where.join(' AND ')}
        GROUP BY a.zone_id, z.name, a.user_id, u.full_name
        ORDER BY z.name NULLS LAST, a.zone_id, u.full_name NULLS LAST, a.user_id
        LIMIT ${MAX_REPORT_ROWS + 1}`,
      params,
    );
    if (rows.length > MAX_REPORT_ROWS) throw new ReportTooLargeError();
    return rows;
  }
}
