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
  title: 'Operations',
  routes: [
    { path: 'operations/issues', needs: ['getIssues'], nav: 'Issues', element: <IssuesPage /> },
    { path: 'operations/assets', needs: ['getAssets'], nav: 'Assets', element: <AssetsPage /> },
    { path: 'operations/assets/import', needs: ['postAssetsBulkImport'], element: <AssetsImportPage /> },
    { path: 'operations/assets/:id', needs: ['getAssetsById'], element: <AssetPage /> },
    { path: 'operations/assets/:id/report', needs: ['getAssetsById', 'postAssetsByIdQuickIssue'], element: <AssetReportPage /> },
    { path: 'operations/asset-categories', needs: ['getAssetCategories'], nav: 'Asset categories', element: <AssetCategoriesPage /> },
    { path: 'operations/asset-categories/import', needs: ['postAssetCategoriesBulkImport'], element: <AssetCategoriesImportPage /> },
    { path: 'operations/vendors', needs: ['getVendors'], nav: 'Vendors', element: <VendorsPage /> },
    { path: 'operations/vendors/import', needs: ['postVendorsBulkImport'], element: <VendorsImportPage /> },
    { path: 'operations/checklists/today', needs: ['getMobileChecklistsToday', 'putChecklistRunsByIdAnswersByTaskId', 'postChecklistRunsByIdComplete'], nav: "Today's checklists", element: <TodaysChecklistsPage /> },
    { path: 'operations/checklists', needs: ['getChecklistTemplates', 'getChecklistSchedules'], nav: 'Checklists', element: <ChecklistsPage /> },
    { path: 'operations/checklists/completion', needs: ['getChecklistsReportsCompletion'], nav: 'Checklist completion', element: <ChecklistCompletionPage /> },
    { path: 'operations/automations', needs: ['getAutomations', 'postAutomations', 'getUsers'], nav: 'Automations', element: <AutomationsPage /> },
    { path: 'operations/maintenance', needs: ['getMaintenanceDue'], nav: 'Maintenance', element: <MaintenanceCalendarPage /> },
    { path: 'operations/work-orders', needs: ['getWorkOrders'], nav: 'Work orders', element: <WorkOrdersPage /> },
    { path: 'operations/maintenance-schedules', needs: ['getMaintenanceSchedules'], nav: 'Maintenance schedules', element: <MaintenanceSchedulesPage /> },
    { path: 'operations/guides', needs: ['getTroubleshootingGuides', 'getTroubleshootingCatalog'], nav: 'Guides', element: <GuidesPage /> },
    {
      path: 'operations/guides/run',
      needs: ['getTroubleshootingCatalog', 'getTroubleshootingGuides', 'postTroubleshootingSessions', 'getTroubleshootingSessionsById', 'postTroubleshootingSessionsByIdStepsByStepId', 'postTroubleshootingSessionsByIdGiveUp'],
      nav: 'Troubleshoot',
      element: <GuideRunnerPage />,
    },
  ],
};
