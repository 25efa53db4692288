import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { ShiftsService } from '../scheduling/shifts/shifts.service.js';
import { IssuesRepository } from './issues/issues.repository.js';
import { IssuesService } from './issues/issues.service.js';
import { issuesRoutes } from './issues/issues.routes.js';

/** Issues reported against shifts. */
export function composeOperations({ ds, transaction, clock, outletScopes }: Infrastructure, r: ApiRouter, { shifts }: { shifts: ShiftsService }): void {
  issuesRoutes(r, new IssuesService(new IssuesRepository(ds), shifts, transaction, clock, outletScopes));
}
