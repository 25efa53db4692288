import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { ShiftsService } from '../scheduling/shifts/shifts.service.js';
import { IssuesRepository } from './issues/issues.repository.js';
import { IssuesService } from './issues/issues.service.js';
import { issuesRoutes } from './issues/issues.routes.js';
import { MaintenanceRepository } from './maintenance/maintenance.repository.js';
import { MaintenanceService } from './maintenance/maintenance.service.js';
import { maintenanceRoutes } from './maintenance/maintenance.routes.js';
import { ServiceLogsRepository } from './service-logs/service-logs.repository.js';
import { ServiceLogsService } from './service-logs/service-logs.service.js';
import { serviceLogsRoutes } from './service-logs/service-logs.routes.js';
import { WorkOrdersRepository } from './work-orders/work-orders.repository.js';
import { WorkOrdersService } from './work-orders/work-orders.service.js';
import { workOrdersRoutes } from './work-orders/work-orders.routes.js';

/** Issues at outlets, and the maintenance of their assets: schedules, work orders, service logs. */
export function composeOperations({ ds, transaction, clock, outletScopes, logger }: Infrastructure, r: ApiRouter, { shifts }: { shifts: ShiftsService }) {
  const issues = new IssuesService(new IssuesRepository(ds), shifts, transaction, clock, outletScopes);
  issuesRoutes(r, issues);
  const maintenance = new MaintenanceService(new MaintenanceRepository(ds), issues, transaction, clock, outletScopes, logger);
  maintenanceRoutes(r, maintenance);
  workOrdersRoutes(r, new WorkOrdersService(new WorkOrdersRepository(ds), maintenance, issues, transaction, clock, outletScopes));
  serviceLogsRoutes(r, new ServiceLogsService(new ServiceLogsRepository(ds), maintenance, issues, transaction, clock));
  // Daily per tenant: run hourly, and each tenant's maintenance falls due once its own date has turned.
  const jobs: JobDefinition[] = [{ name: 'maintenance-due', cron: '17 * * * *', run: async () => void (await maintenance.raiseDue()) }];
  return { jobs };
}
