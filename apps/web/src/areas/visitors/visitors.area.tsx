import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const VisitorsPage = lazyPage(() => import('./visitors.page'), 'VisitorsPage');

export const visitorsArea: Area = {
  title: 'Visitors',
  routes: [{ path: 'access/visitors', needs: ['getAccessVisitors'], feature: 'accessControl', nav: 'Visitor passes', element: <VisitorsPage /> }],
};
