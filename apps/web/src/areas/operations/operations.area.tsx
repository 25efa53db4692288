import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const AutomationsPage = lazyPage(() => import('./automations.page'), 'AutomationsPage');
const IssuesPage = lazyPage(() => import('./issues.page'), 'IssuesPage');
const GuidesPage = lazyPage(() => import('./guides.page'), 'GuidesPage');
const GuideRunnerPage = lazyPage(() => import('./guide-runner.page'), 'GuideRunnerPage');

/**
 * What keeps an outlet running: issues reported by anyone who works there and moved by its
 * managers, and (issue 30) the assets, their maintenance, checklists, automations and guides.
 */
export const operationsArea: Area = {
  title: 'Operations',
  routes: [
    { path: 'operations/issues', needs: ['getIssues'], nav: 'Issues', element: <IssuesPage /> },
    { path: 'operations/automations', needs: ['getAutomations', 'postAutomations', 'getUsers'], nav: 'Automations', element: <AutomationsPage /> },
    { path: 'operations/guides', needs: ['getTroubleshootingGuides', 'getTroubleshootingCatalog'], nav: 'Guides', element: <GuidesPage /> },
    {
      path: 'operations/guides/run',
      needs: ['getTroubleshootingCatalog', 'getTroubleshootingGuides', 'postTroubleshootingSessions', 'getTroubleshootingSessionsById', 'postTroubleshootingSessionsByIdStepsByStepId', 'postTroubleshootingSessionsByIdGiveUp'],
      nav: 'Troubleshoot',
      element: <GuideRunnerPage />,
    },
  ],
};
