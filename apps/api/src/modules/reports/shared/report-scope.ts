import { BadRequestError, ForbiddenError, NotFoundError, UnprocessableEntityError } from '@wfm/core/errors';
import type { Actor } from '@wfm/core/principal';
import { coversOutlet, type OutletScopeService } from '../../organization/user-outlets/outlet-scope.service.js';
import type { ReportsRepository } from './reports.repository.js';
import { MAX_REPORT_DAYS, MAX_REPORT_ROWS } from './report-limits.js';

const DAY_MS = 86_400_000;

/** Who asks: a signed-in user (outlet-scoped when an OUTLET_MANAGER) or an integration's credential (tenant-wide). */
export type ReportCaller = { kind: 'user'; actor: Actor } | { kind: 'developer'; tenantId: string };

export interface ReportFilters {
  from: string;
  to: string;
  outletId?: string;
  userId?: string;
}

/** The filters checked and narrowed to what the caller may see. */
export interface ReportWindow {
  tenantId: string;
  from: string;
  to: string;
  /**
   * Outlets rows may come from (work and door taps: where they happened; leave: the people assigned
   * there); null: the whole tenant.
   */
  outletIds: string[] | null;
  userId: string | null;
  /** The company's zone. */
  timezone: string;
}

export class ReportTooLargeError extends UnprocessableEntityError {
  constructor() {
    super(`The report has more than ${MAX_REPORT_ROWS} rows; narrow the period or filter by outlet or person`, 'REPORT_TOO_LARGE');
  }
}

/**
 * The one check every report runs first: the period, then the outlet and the person filters (404
 * when the tenant has no such outlet or person, 403 when an OUTLET_MANAGER names one outside their
 * outlets), through the outlet scope every people route uses.
 */
export class ReportScopes {
  constructor(
    private readonly repo: ReportsRepository,
    private readonly scopes: OutletScopeService,
  ) {}

  async window(caller: ReportCaller, f: ReportFilters): Promise<ReportWindow> {
    const days = (Date.parse(f.to) - Date.parse(f.from)) / DAY_MS + 1;
    if (days < 1) throw new BadRequestError(['to must not be before from']);
    if (days > MAX_REPORT_DAYS) throw new BadRequestError([`from and to must span at most ${MAX_REPORT_DAYS} days`]);
    const tenantId = caller.kind === 'user' ? caller.actor.tenantId : caller.tenantId;
    const scope = caller.kind === 'user' ? await this.scopes.of(caller.actor) : ({ kind: 'tenant' } as const);
    if (f.outletId !== undefined) {
      if (!(await this.repo.outletExists(tenantId, f.outletId))) throw new NotFoundError('No outlet with this id in the tenant');
      if (!coversOutlet(scope, f.outletId)) throw new ForbiddenError('You can report only on your outlets');
    }
    if (f.userId !== undefined) {
      if (!(await this.repo.userExists(tenantId, f.userId))) throw new NotFoundError('No user with this id in the tenant');
      if (!(await this.scopes.coversUser(tenantId, scope, f.userId))) throw new ForbiddenError('You can report only on the people of your outlets');
    }
    return {
      tenantId,
      from: f.from,
      to: f.to,
      outletIds: f.outletId !== undefined ? [f.outletId.toLowerCase()] : scope.kind === 'outlets' ? scope.outletIds : null,
      userId: f.userId?.toLowerCase() ?? null,
      timezone: await this.repo.timezone(tenantId),
    };
  }
}

/** Refuses a report longer than MAX_REPORT_ROWS. */
export function bounded<T>(rows: T[]): T[] {
  if (rows.length > MAX_REPORT_ROWS) throw new ReportTooLargeError();
  return rows;
}
