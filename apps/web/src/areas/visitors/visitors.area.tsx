import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const VisitorsPage = lazyPage(() => import('./visitors.page'), 'VisitorsPage');

export const visitorsArea: Area = {
  ns: 'visitors',
  title: 'area.title',
  routes: [{ path: 'access/visitors', needs: ['getAccessVisitors'], feature: 'accessControl', nav: 'nav.visitorPasses', element: <VisitorsPage /> }],
};
