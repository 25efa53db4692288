import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Notifier } from '../notifications/centre/centre.service.js';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { ShiftsService } from '../scheduling/shifts/shifts.service.js';
import { AssetCategoriesRepository } from './asset-categories/asset-categories.repository.js';
import { assetCategoriesRoutes } from './asset-categories/asset-categories.routes.js';
import { AssetCategoriesService } from './asset-categories/asset-categories.service.js';
import { AssetsRepository } from './assets/assets.repository.js';
import { assetsRoutes } from './assets/assets.routes.js';
import { AssetsService } from './assets/assets.service.js';
import { AutomationWorker } from './automations/automation-worker.js';
import { AutomationsRepository } from './automations/automations.repository.js';
import { AutomationsService } from './automations/automations.service.js';
import { automationsRoutes } from './automations/automations.routes.js';
import { ChecklistRunsRepository } from './checklists/checklist-runs.repository.js';
import { ChecklistRunsService } from './checklists/checklist-runs.service.js';
import { checklistRunsRoutes } from './checklists/checklist-runs.routes.js';
import { ChecklistSchedulesRepository } from './checklists/checklist-schedules.repository.js';
import { ChecklistSchedulesService } from './checklists/checklist-schedules.service.js';
import { checklistSchedulesRoutes } from './checklists/checklist-schedules.routes.js';
import { ChecklistTemplatesRepository } from './checklists/checklist-templates.repository.js';
import { ChecklistTemplatesService } from './checklists/checklist-templates.service.js';
import { checklistTemplatesRoutes } from './checklists/checklist-templates.routes.js';
import { IssuesRepository } from './issues/issues.repository.js';
import { IssuesService } from './issues/issues.service.js';
import { issuesRoutes } from './issues/issues.routes.js';
import { TroubleshootingRepository } from './troubleshooting/troubleshooting.repository.js';
import { TroubleshootingService } from './troubleshooting/troubleshooting.service.js';
import { troubleshootingRoutes } from './troubleshooting/troubleshooting.routes.js';
import { VendorsRepository } from './vendors/vendors.repository.js';
import { vendorsRoutes } from './vendors/vendors.routes.js';
import { VendorsService } from './vendors/vendors.service.js';
import { MaintenanceRepository } from './maintenance/maintenance.repository.js';
import { MaintenanceService } from './maintenance/maintenance.service.js';
import { maintenanceRoutes } from './maintenance/maintenance.routes.js';
import { ServiceLogsRepository } from './service-logs/service-logs.repository.js';
import { ServiceLogsService } from './service-logs/service-logs.service.js';
import { serviceLogsRoutes } from './service-logs/service-logs.routes.js';
import { WorkOrdersRepository } from './work-orders/work-orders.repository.js';
import { WorkOrdersService } from './work-orders/work-orders.service.js';
import { workOrdersRoutes } from './work-orders/work-orders.routes.js';

/**
 * Issues at the outlets; the register of what stands there (asset categories, vendors, assets);
 * its maintenance (schedules, work orders, service logs); the checklists done there; troubleshooting
 * guides; and the automations that act on issues.
 */
export function composeOperations(
  { ds, transaction, clock, outletScopes, mailer, logger, appUrl, files, people }: Infrastructure,
  r: ApiRouter,
  { shifts, notifier }: { shifts: ShiftsService; notifier: Notifier },
) {
  const issues = new IssuesService(new IssuesRepository(ds), shifts, transaction, clock, outletScopes, people);
  issuesRoutes(r, issues);
  assetCategoriesRoutes(r, new AssetCategoriesService(new AssetCategoriesRepository(ds), transaction, clock));
  vendorsRoutes(r, new VendorsService(new VendorsRepository(ds), transaction, clock));
  assetsRoutes(r, new AssetsService(new AssetsRepository(ds), issues, transaction, clock, outletScopes));
  const maintenance = new MaintenanceService(new MaintenanceRepository(ds), issues, transaction, clock, outletScopes, logger);
  maintenanceRoutes(r, maintenance);
  const workOrders = new WorkOrdersService(new WorkOrdersRepository(ds), maintenance, issues, transaction, clock, outletScopes, people);
  workOrdersRoutes(r, workOrders);
  serviceLogsRoutes(r, new ServiceLogsService(new ServiceLogsRepository(ds), maintenance, issues, transaction, clock));
  troubleshootingRoutes(r, new TroubleshootingService(new TroubleshootingRepository(ds), issues, transaction, clock, outletScopes));
  const templates = new ChecklistTemplatesRepository(ds);
  checklistTemplatesRoutes(r, new ChecklistTemplatesService(templates, transaction, clock));
  checklistSchedulesRoutes(r, new ChecklistSchedulesService(new ChecklistSchedulesRepository(ds), templates, transaction, clock, outletScopes));
  const runs = new ChecklistRunsService(new ChecklistRunsRepository(ds), issues, notifier.transactions(transaction), clock, outletScopes, files, logger, notifier);
  checklistRunsRoutes(r, runs);
  const automations = new AutomationsRepository(ds);
  automationsRoutes(r, new AutomationsService(automations, clock, people));
  const worker = new AutomationWorker(automations, issues, workOrders, mailer, transaction, clock, logger, appUrl);
  const jobs: JobDefinition[] = [
    // Daily per tenant: run hourly, and each tenant's maintenance falls due once its own date has turned.
    { name: 'maintenance-due', cron: '17 * * * *', run: async () => void (await maintenance.raiseDue()) },
    { name: 'automations', cron: '* * * * *', run: async () => void (await worker.runOnce()) },
    // Every five minutes: a run's window is as short as five minutes, and MISSED should not wait longer than that.
    { name: 'checklist-runs', cron: '*/5 * * * *', run: async () => void (await runs.sweep()) },
  ];
  return { jobs };
}
