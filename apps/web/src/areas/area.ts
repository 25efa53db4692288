import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { Role } from '../auth/me';

/** A link of the console's navigation, shown to the roles that may open its page. */
export interface NavEntry {
  label: string;
  to: string;
  roles: readonly Role[];
}

/** A page of the signed-in console, for the roles that may open it (app.tsx guards it with them). */
export interface AreaRoute {
  /** Relative to /, e.g. `access/zones/:id`. */
  path: string;
  roles: readonly Role[];
  element: ReactNode;
}

/**
 * One area of the console (people, schedule, door access…): its pages inside the signed-in shell,
 * its navigation section, and the pages it offers outsiders (no sign-in). app.tsx composes them.
 */
export interface Area {
  title: string;
  nav: NavEntry[];
  routes: AreaRoute[];
  publicRoutes?: RouteObject[];
}
