import type { RouteObject } from 'react-router';
import { Placeholder } from '../placeholder';

/** Pages reached from a mailed or shared link, without signing in. */
export const outsiderRoutes: RouteObject[] = [
  { path: 'visit/:code', element: <Placeholder title="Visitor pass" /> },
  { path: 'esign/:token', element: <Placeholder title="Sign a document" /> },
];
