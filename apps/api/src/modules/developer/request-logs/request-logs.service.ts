import type { Clock } from '@wfm/core/clock';
import { NotFoundError } from '@wfm/core/errors';
import { envelope } from '@wfm/core/pagination';
import type { RequestLogCredentialKind } from '@wfm/db/entities/developer-request-log.entity';
import type { RequestLogFilter, RequestLogsRepository } from './request-logs.repository.js';
import type { RequestLogDto, RequestLogsQuery, StatusFilter } from './request-logs.schemas.js';

const DAY_MS = 86_400_000;
/** Rows deleted per statement by the job, so it never holds a long lock on a busy table. */
const HOUSEKEEPING_BATCH = 5_000;

const STATUS_RANGE: Record<StatusFilter, { min: number; max: number }> = {
  '2xx': { min: 200, max: 300 },
  '3xx': { min: 300, max: 400 },
  '4xx': { min: 400, max: 500 },
  '5xx': { min: 500, max: 600 },
  failed: { min: 400, max: 600 },
};

const NOT_FOUND: Record<RequestLogCredentialKind, string> = { API_KEY: 'API key not found', OAUTH_CLIENT: 'OAuth client not found' };

export interface RequestLogRetention {
  keepPerCredential: number;
  retentionDays: number;
}

/** The request log of a developer credential, as its tenant's admins read it, and its bounds. */
export class RequestLogsService {
  constructor(
    private readonly repo: RequestLogsRepository,
    private readonly clock: Clock,
    private readonly retention: RequestLogRetention,
  ) {}

  async list(tenantId: string, kind: RequestLogCredentialKind, credentialId: string, q: RequestLogsQuery) {
    if (!(await this.repo.credentialExists(tenantId, kind, credentialId))) throw new NotFoundError(NOT_FOUND[kind]);
    const filter: RequestLogFilter = {
      ...(q.status ? { status: STATUS_RANGE[q.status] } : {}),
      ...(q.path ? { path: q.path } : {}),
      ...(q.method ? { method: q.method } : {}),
      ...(q.requestId ? { requestId: q.requestId } : {}),
      ...(q.from ? { from: new Date(q.from) } : {}),
      ...(q.to ? { to: new Date(q.to) } : {}),
    };
    const rows = await this.repo.list(tenantId, credentialId, filter, q.limit, q.offset);
    const data: RequestLogDto[] = rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() }));
    return envelope(data, q);
  }

  /** The job: rows past the retention deleted, then every credential back to its cap, in batches. */
  async housekeep(): Promise<{ trimmed: number; expired: number }> {
    const before = new Date(this.clock.now().getTime() - this.retention.retentionDays * DAY_MS);
    const expired = await inBatches(() => this.repo.expire(before, HOUSEKEEPING_BATCH));
    const trimmed = await inBatches(() => this.repo.trim(this.retention.keepPerCredential, null, HOUSEKEEPING_BATCH));
    return { trimmed, expired };
  }
}

/** Runs a batched delete until a batch comes back short; returns how many rows went in all. */
async function inBatches(step: () => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step();
    total += n;
    if (n < HOUSEKEEPING_BATCH) return total;
  }
}
