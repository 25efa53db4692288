import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const IssuesPage = lazyPage(() => import('./issues.page'), 'IssuesPage');
const MaintenanceCalendarPage = lazyPage(() => import('./maintenance-calendar.page'), 'MaintenanceCalendarPage');
const WorkOrdersPage = lazyPage(() => import('./work-orders.page'), 'WorkOrdersPage');
const MaintenanceSchedulesPage = lazyPage(() => import('./maintenance-schedules.page'), 'MaintenanceSchedulesPage');

/**
 * What keeps an outlet running: issues reported by anyone who works there and moved by its
 * managers, and (issue 30) the assets, their maintenance, checklists, automations and guides.
 */
export const operationsArea: Area = {
  title: 'Operations',
  routes: [
    { path: 'operations/issues', needs: ['getIssues'], nav: 'Issues', element: <IssuesPage /> },
    { path: 'operations/maintenance', needs: ['getMaintenanceDue'], nav: 'Maintenance', element: <MaintenanceCalendarPage /> },
    { path: 'operations/work-orders', needs: ['getWorkOrders'], nav: 'Work orders', element: <WorkOrdersPage /> },
    { path: 'operations/maintenance-schedules', needs: ['getMaintenanceSchedules'], nav: 'Maintenance schedules', element: <MaintenanceSchedulesPage /> },
  ],
};
