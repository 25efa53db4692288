import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const AutomationsPage = lazyPage(() => import('./automations.page'), 'AutomationsPage');
const IssuesPage = lazyPage(() => import('./issues.page'), 'IssuesPage');

/**
 * What keeps an outlet running: issues reported by anyone who works there and moved by its
 * managers, and (issue 30) the assets, their maintenance, checklists, automations and guides.
 */
export const operationsArea: Area = {
  title: 'Operations',
  routes: [
    { path: 'operations/issues', needs: ['getIssues'], nav: 'Issues', element: <IssuesPage /> },
    { path: 'operations/automations', needs: ['getAutomations', 'postAutomations', 'getUsers'], nav: 'Automations', element: <AutomationsPage /> },
  ],
};
