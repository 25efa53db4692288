import type { DataSource } from '@wfm/db/data-source';
import type { DeveloperRequestLogEntity, RequestLogCredentialKind } from '@wfm/db/entities/developer-request-log.entity';
import { exec, likePattern, many, one, type Row } from '@wfm/db/sql';

export type RequestLogRow = Row<DeveloperRequestLogEntity>;
export type RequestLogView = Omit<RequestLogRow, 'tenantId' | 'credentialKind' | 'credentialId'>;

export interface RequestLogFilter {
  /** Answers from `min` up to (not including) `max`. */
  status?: { min: number; max: number };
  /** Part of the path, matched without regard to case. */
  path?: string;
  method?: string;
  requestId?: string;
  from?: Date;
  to?: Date;
}

const COLUMNS = ['id', 'tenant_id', 'credential_kind', 'credential_id', 'method', 'path', 'route', 'status', 'duration_ms', 'request_id', 'error_code', 'occurred_at'] as const;
const TYPES = ['uuid', 'uuid', 'text', 'uuid', 'text', 'text', 'text', 'int', 'int', 'text', 'text', 'timestamptz'] as const;
const VIEW = `id, method, path, route, status, duration_ms AS "durationMs", request_id AS "requestId", error_code AS "errorCode", occurred_at AS "occurredAt"`;
const TABLE_OF: Record<RequestLogCredentialKind, string> = { API_KEY: 'api_keys', OAUTH_CLIENT: 'oauth_clients' };

export class RequestLogsRepository {
  constructor(private readonly ds: DataSource) {}

  /** One statement for the whole batch: a column array per field, unnested into rows. */
  async insert(rows: readonly RequestLogRow[]): Promise<void> {
    const columns: unknown[][] = COLUMNS.map(() => []);
    for (const r of rows) {
      [r.id, r.tenantId, r.credentialKind, r.credentialId, r.method, r.path, r.route, r.status, r.durationMs, r.requestId, r.errorCode, r.occurredAt].forEach((v, i) => columns[i]!.push(v));
    }
    const unnest = TYPES.map((t, i) => `$${i + 1}::${t}[]`).join(', ');
    await exec(this.ds, `INSERT INTO developer_request_logs (${COLUMNS.join(', ')}) SELECT * FROM unnest(${unnest})`, columns);
  }

  /** Deletes all but the newest `keep` rows of each credential (of these only, when given), at most `batch` (null: all); returns how many went. */
  trim(keep: number, credentialIds: readonly string[] | null, batch: number | null): Promise<number> {
    const only = credentialIds ? `WHERE credential_id = ANY($3::uuid[])` : '';
    return exec(
      this.ds,
      `DELETE FROM developer_request_logs WHERE id IN (
         SELECT id FROM (
           SELECT id, row_number() OVER (PARTITION BY credential_id ORDER BY occurred_at DESC, id DESC) AS n FROM developer_request_logs ${only}
         ) ranked WHERE n > $1 LIMIT $2)`,
      credentialIds ? [keep, batch, credentialIds] : [keep, batch],
    );
  }

  /** Deletes up to `batch` rows older than `before`; returns how many went. */
  expire(before: Date, batch: number): Promise<number> {
    return exec(this.ds, `DELETE FROM developer_request_logs WHERE id IN (SELECT id FROM developer_request_logs WHERE occurred_at < $1 LIMIT $2)`, [before, batch]);
  }

  async credentialExists(tenantId: string, kind: RequestLogCredentialKind, id: string): Promise<boolean> {
    return (await one(this.ds, `SELECT 1 FROM ${TABLE_OF[kind]} WHERE tenant_id = $1 AND id = $2`, [tenantId, id])) !== null;
  }

  /** Newest first. */
  list(tenantId: string, credentialId: string, f: RequestLogFilter, limit: number, offset: number): Promise<RequestLogView[]> {
    const params: unknown[] = [tenantId, credentialId];
    const where = ['tenant_id = $1', 'credential_id = $2'];
    if (f.status) where.push(`status >= $${params.push(f.status.min)} AND status < $${params.push(f.status.max)}`);
    if (f.path) where.push(`path ILIKE $${params.push(likePattern(f.path))}`);
    if (f.method) where.push(`method = $${params.push(f.method)}`);
    if (f.requestId) where.push(`request_id = $${params.push(f.requestId)}`);
    if (f.from) where.push(`occurred_at >= $${params.push(f.from)}`);
    if (f.to) where.push(`occurred_at < $${params.push(f.to)}`);
    return many(
      this.ds,
      `SELECT ${VIEW} FROM developer_request_logs WHERE ${where.join(' AND ')} ORDER BY occurred_at DESC, id DESC LIMIT $${params.push(limit)} OFFSET $${params.push(offset)}`,
      params,
    );
  }
}
