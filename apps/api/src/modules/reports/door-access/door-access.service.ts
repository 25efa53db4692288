import type { ReportCaller, ReportFilters, ReportScopes } from '../shared/report-scope.js';
import type { ReportResult } from '../shared/report.routes.js';
import type { DoorAccessRepository } from './door-access.repository.js';
import type { DoorAccessRow } from './door-access.schemas.js';

/** Door taps allowed and denied per zone and person, from the access audit. */
export class DoorAccessReport {
  constructor(
    private readonly repo: DoorAccessRepository,
    private readonly scopes: ReportScopes,
  ) {}

  async run(caller: ReportCaller, filters: ReportFilters): Promise<ReportResult<DoorAccessRow>> {
    const w = await this.scopes.window(caller, filters);
    return { from: w.from, to: w.to, timezone: w.timezone, rows: await this.repo.counts(w) };
  }
}
