import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const IssuesPage = lazyPage(() => import('./issues.page'), 'IssuesPage');
const ChecklistsPage = lazyPage(() => import('./checklists.page'), 'ChecklistsPage');
const TodaysChecklistsPage = lazyPage(() => import('./checklists-today.page'), 'TodaysChecklistsPage');
const ChecklistCompletionPage = lazyPage(() => import('./checklist-completion.page'), 'ChecklistCompletionPage');

/**
 * What keeps an outlet running: issues reported by anyone who works there and moved by its
 * managers, and (issue 30) the assets, their maintenance, checklists, automations and guides.
 */
export const operationsArea: Area = {
  title: 'Operations',
  routes: [
    { path: 'operations/issues', needs: ['getIssues'], nav: 'Issues', element: <IssuesPage /> },
    { path: 'operations/checklists/today', needs: ['getMobileChecklistsToday', 'putChecklistRunsByIdAnswersByTaskId', 'postChecklistRunsByIdComplete'], nav: "Today's checklists", element: <TodaysChecklistsPage /> },
    { path: 'operations/checklists', needs: ['getChecklistTemplates', 'getChecklistSchedules'], nav: 'Checklists', element: <ChecklistsPage /> },
    { path: 'operations/checklists/completion', needs: ['getChecklistsReportsCompletion'], nav: 'Checklist completion', element: <ChecklistCompletionPage /> },
  ],
};
