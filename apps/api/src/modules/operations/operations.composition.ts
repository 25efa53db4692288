import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { ShiftsService } from '../scheduling/shifts/shifts.service.js';
import { IssuesRepository } from './issues/issues.repository.js';
import { IssuesService } from './issues/issues.service.js';
import { issuesRoutes } from './issues/issues.routes.js';
import { TroubleshootingRepository } from './troubleshooting/troubleshooting.repository.js';
import { TroubleshootingService } from './troubleshooting/troubleshooting.service.js';
import { troubleshootingRoutes } from './troubleshooting/troubleshooting.routes.js';

/** Issues reported against shifts, and the troubleshooting guides that raise them when they do not fix an asset. */
export function composeOperations({ ds, transaction, clock, outletScopes }: Infrastructure, r: ApiRouter, { shifts }: { shifts: ShiftsService }): void {
  const issues = new IssuesService(new IssuesRepository(ds), shifts, transaction, clock, outletScopes);
  issuesRoutes(r, issues);
  troubleshootingRoutes(r, new TroubleshootingService(new TroubleshootingRepository(ds), issues, transaction, clock, outletScopes));
}
