import { BadRequestError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import type { OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { AccessAuditRepository } from './access-audit.repository.js';
import { MAX_REPORT_DAYS, type AuditRowDto, type ListAuditQuery, type WhoWhereQuery, type WhoWhereRowDto } from './access-audit.schemas.js';

const DAY_MS = 86_400_000;

/** Door events as stored (taps from the daemon, REVOKED lifecycle rows from the API) and the reports built on them. */
export class AccessAuditService {
  constructor(
    private readonly repo: AccessAuditRepository,
    private readonly scopes: OutletScopeService,
  ) {}

  async list(actor: Actor, q: ListAuditQuery): Promise<AuditRowDto[]> {
    const from = q.from === undefined ? undefined : new Date(q.from);
    const to = q.to === undefined ? undefined : new Date(q.to);
    if (from && to && from > to) throw new BadRequestError(['to must not be before from']);
    const rows = await this.repo.list(actor.tenantId, { from, to, userId: q.userId, zoneId: q.zoneId }, await this.scopes.of(actor), q.limit);
    return rows.map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() }));
  }

  /** Days are local days in the tenant's timezone, `from` and `to` both included. */
  async whoWhere(actor: Actor & { tenant: { timezone: string } }, q: WhoWhereQuery): Promise<WhoWhereRowDto[]> {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / DAY_MS + 1;
    if (days < 1) throw new BadRequestError(['to must not be before from']);
    if (days > MAX_REPORT_DAYS) throw new BadRequestError([`from and to must span at most ${MAX_REPORT_DAYS} days`]);
    const rows = await this.repo.whoWhere(actor.tenantId, actor.tenant.timezone, q.from, q.to, { userId: q.userId, zoneId: q.zoneId });
    return rows.map((r) => ({ ...r, firstEntryAt: r.firstEntryAt.toISOString(), lastEntryAt: r.lastEntryAt.toISOString() }));
  }
}
