import type { RouteObject } from 'react-router';
import { EsignPage } from './esign.page';
import { VisitPage } from './visit.page';

/** Pages reached from a mailed or shared link, without signing in. */
export const outsiderRoutes: RouteObject[] = [
  { path: 'visit/:code', element: <VisitPage /> },
  { path: 'esign/:token', element: <EsignPage /> },
];
