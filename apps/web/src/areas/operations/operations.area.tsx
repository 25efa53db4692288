import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const AutomationsPage = lazyPage(() => import('./automations.page'), 'AutomationsPage');
const IssuesPage = lazyPage(() => import('./issues.page'), 'IssuesPage');
const ChecklistsPage = lazyPage(() => import('./checklists.page'), 'ChecklistsPage');
const TodaysChecklistsPage = lazyPage(() => import('./checklists-today.page'), 'TodaysChecklistsPage');
const ChecklistCompletionPage = lazyPage(() => import('./checklist-completion.page'), 'ChecklistCompletionPage');
const AssetsPage = lazyPage(() => import('./assets.page'), 'AssetsPage');
const AssetPage = lazyPage(() => import('./asset.page'), 'AssetPage');
const AssetReportPage = lazyPage(() => import('./asset-report.page'), 'AssetReportPage');
const AssetCategoriesPage = lazyPage(() => import('./asset-categories.page'), 'AssetCategoriesPage');
const VendorsPage = lazyPage(() => import('./vendors.page'), 'VendorsPage');
const AssetsImportPage = lazyPage(() => import('./register-import.pages'), 'AssetsImportPage');
const AssetCategoriesImportPage = lazyPage(() => import('./register-import.pages'), 'AssetCategoriesImportPage');
const VendorsImportPage = lazyPage(() => import('./register-import.pages'), 'VendorsImportPage');
const MaintenanceCalendarPage = lazyPage(() => import('./maintenance-calendar.page'), 'MaintenanceCalendarPage');
const WorkOrdersPage = lazyPage(() => import('./work-orders.page'), 'WorkOrdersPage');
const MaintenanceSchedulesPage = lazyPage(() => import('./maintenance-schedules.page'), 'MaintenanceSchedulesPage');
const GuidesPage = lazyPage(() => import('./guides.page'), 'GuidesPage');
const GuideRunnerPage = lazyPage(() => import('./guide-runner.page'), 'GuideRunnerPage');

/**
 * What keeps an outlet running: issues reported by anyone who works there and moved by its
 * managers, and (issue 30) the register of its assets, who supplies and maintains them, their
 * maintenance, checklists, automations and guides.
 */
export const operationsArea: Area = {
  ns: 'operations',
  title: 'area.title',
  routes: [
    { path: 'operations/issues', needs: ['getIssues'], nav: 'nav.issues', element: <IssuesPage /> },
    { path: 'operations/assets', needs: ['getAssets'], nav: 'nav.assets', element: <AssetsPage /> },
    { path: 'operations/assets/import', needs: ['postAssetsBulkImport'], element: <AssetsImportPage /> },
    { path: 'operations/assets/:id', needs: ['getAssetsById'], element: <AssetPage /> },
    { path: 'operations/assets/:id/report', needs: ['getAssetsById', 'postAssetsByIdQuickIssue'], element: <AssetReportPage /> },
    { path: 'operations/asset-categories', needs: ['getAssetCategories'], nav: 'nav.assetCategories', element: <AssetCategoriesPage /> },
    { path: 'operations/asset-categories/import', needs: ['postAssetCategoriesBulkImport'], element: <AssetCategoriesImportPage /> },
    { path: 'operations/vendors', needs: ['getVendors'], nav: 'nav.vendors', element: <VendorsPage /> },
    { path: 'operations/vendors/import', needs: ['postVendorsBulkImport'], element: <VendorsImportPage /> },
    { path: 'operations/checklists/today', needs: ['getMobileChecklistsToday', 'putChecklistRunsByIdAnswersByTaskId', 'postChecklistRunsByIdComplete'], nav: 'nav.todaysChecklists', element: <TodaysChecklistsPage /> },
    { path: 'operations/checklists', needs: ['getChecklistTemplates', 'getChecklistSchedules'], nav: 'nav.checklists', element: <ChecklistsPage /> },
    { path: 'operations/checklists/completion', needs: ['getChecklistsReportsCompletion'], nav: 'nav.checklistCompletion', element: <ChecklistCompletionPage /> },
    { path: 'operations/automations', needs: ['getAutomations', 'postAutomations', 'getUsers'], nav: 'nav.automations', element: <AutomationsPage /> },
    { path: 'operations/maintenance', needs: ['getMaintenanceDue'], nav: 'nav.maintenance', element: <MaintenanceCalendarPage /> },
    { path: 'operations/work-orders', needs: ['getWorkOrders'], nav: 'nav.workOrders', element: <WorkOrdersPage /> },
    { path: 'operations/maintenance-schedules', needs: ['getMaintenanceSchedules'], nav: 'nav.maintenanceSchedules', element: <MaintenanceSchedulesPage /> },
    { path: 'operations/guides', needs: ['getTroubleshootingGuides', 'getTroubleshootingCatalog'], nav: 'nav.guides', element: <GuidesPage /> },
    {
      path: 'operations/guides/run',
      needs: ['getTroubleshootingCatalog', 'getTroubleshootingGuides', 'postTroubleshootingSessions', 'getTroubleshootingSessionsById', 'postTroubleshootingSessionsByIdStepsByStepId', 'postTroubleshootingSessionsByIdGiveUp'],
      nav: 'nav.troubleshoot',
      element: <GuideRunnerPage />,
    },
  ],
};
