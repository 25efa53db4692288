import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { UserOperation } from '@wfm/api-client/operation-roles';
import type { Feature } from '../auth/plan';

/**
 * A page of the signed-in console. It names the operations it cannot work without; app.tsx opens it,
 * and the navigation shows its entry, exactly to the roles the API lets call all of them and, when
 * it names a plan feature, on the plans that include it.
 */
export interface AreaRoute {
  /** Relative to /, e.g. `access/zones/:id`. */
  path: string;
  needs: readonly UserOperation[];
  /** The plan feature the page is for: without it the entry is hidden and the page says so, pointing at the plan page. */
  feature?: Feature;
  /** The key, in the area's namespace, of its entry's label in the navigation; a page without one is reached from another. */
  nav?: string;
  element: ReactNode;
}

/**
 * One area of the console (people, schedule, door access…): its pages inside the signed-in shell,
 * in the order of its navigation section, and the pages it offers outsiders (no sign-in). app.tsx
 * composes them.
 */
export interface Area {
  /** The area's i18n namespace: its folder, whose `locales/<language>.json` holds its strings. */
  ns: string;
  /** The key, in `ns`, of the navigation section's heading. */
  title: string;
  routes: AreaRoute[];
  publicRoutes?: RouteObject[];
}
