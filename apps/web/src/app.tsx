import { MantineProvider, Modal, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { ApiError } from './api/errors';
import { RequireRole, RequireSignedIn } from './auth/guards';
import { hasRole, MANAGER_ROLES, useMe } from './auth/me';
import { AcceptInvitePage, ForgotPasswordPage, ResetPasswordPage, SignUpPage } from './auth/password-pages';
import { SignInPage } from './auth/sign-in.page';
import { SsoCompletePage, VerifyEmailPage } from './auth/landing-pages';
import type { Area } from './areas/area';
import { accessArea } from './areas/access/access.area';
import { accountArea } from './areas/account/account.area';
import { PublicCardPage } from './areas/account/public-card.page';
import { KioskPage } from './areas/kiosk/kiosk.page';
import { CareersPage, JobPage } from './areas/careers/careers.page';
import { ContactPage } from './areas/contact/contact.page';
import { developersArea } from './areas/developers/developers.area';
import { hrArea } from './areas/hr/hr.area';
import { meArea } from './areas/me/me.area';
import { outsiderRoutes } from './areas/outsiders/outsiders.area';
import { payrollArea } from './areas/payroll/payroll.area';
import { peopleArea } from './areas/people/people.area';
import { recruitingArea } from './areas/recruiting/recruiting.area';
import { rotaArea } from './areas/rota/rota.area';
import { scheduleArea } from './areas/schedule/schedule.area';
import { settingsArea } from './areas/settings/settings.area';
import { trainingArea } from './areas/training/training.area';
import { visitorsArea } from './areas/visitors/visitors.area';
import { lazyPage } from './areas/lazy-page';
import { Shell } from './layout/shell';
import { NotFoundPage } from './layout/not-found.page';

const DashboardPage = lazyPage(() => import('./areas/dashboard/dashboard.page'), 'DashboardPage');
const MyHomePage = lazyPage(() => import('./areas/me/my-home.page'), 'MyHomePage');

const AREAS: Area[] = [peopleArea, scheduleArea, rotaArea, hrArea, trainingArea, payrollArea, recruitingArea, accessArea, visitorsArea, developersArea, settingsArea, meArea, accountArea];

/** Managers land on the dashboard, everyone else on their own day. */
function Home() {
  const me = useMe();
  if (me.isPending) return null;
  return hasRole(me.data, MANAGER_ROLES) ? <DashboardPage /> : <MyHomePage />;
}

const routes: RouteObject[] = [
  { path: '/sign-in', element: <SignInPage /> },
  { path: '/sign-up', element: <SignUpPage /> },
  { path: '/forgot-password', element: <ForgotPasswordPage /> },
  { path: '/reset-password', element: <ResetPasswordPage /> },
  { path: '/invite/:code', element: <AcceptInvitePage /> },
  { path: '/verify-email', element: <VerifyEmailPage /> },
  { path: '/sso/complete', element: <SsoCompletePage /> },
  { path: '/kiosk', element: <KioskPage /> },
  { path: '/contact', element: <ContactPage /> },
  { path: '/careers/:tenantSlug', element: <CareersPage /> },
  { path: '/careers/:tenantSlug/:jobSlug', element: <JobPage /> },
  { path: '/u/:uid', element: <PublicCardPage /> },
  ...outsiderRoutes.map((r) => ({ ...r, path: `/${r.path}` })),
  {
    path: '/',
    element: (
      <RequireSignedIn>
        <Shell areas={AREAS} />
      </RequireSignedIn>
    ),
    children: [{ index: true, element: <Home /> }, ...AREAS.flatMap((a) => a.routes.map((r) => ({ path: r.path, element: <RequireRole roles={r.roles}>{r.element}</RequireRole> }))), { path: '*', element: <NotFoundPage /> }],
  },
];

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      // A 4xx will not change by asking again; a network blip or a 5xx may.
      retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status < 500),
      refetchOnWindowFocus: false,
    },
  },
});

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'sm',
  // The close button of every dialog is an icon: it needs a name for screen readers.
  components: { Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }) },
});
const router = createBrowserRouter(routes);

export function App() {
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
