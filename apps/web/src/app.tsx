import { Loader, MantineProvider, Modal, createTheme, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, RouterProvider, type RouteObject } from 'react-router';
import { ApiError } from './api/errors';
import { RequireOperations, RequireSignedIn } from './auth/guards';
import { mayCall, useMe } from './auth/me';
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
import { notificationsArea } from './areas/notifications/notifications.area';
import { complianceArea } from './areas/compliance/compliance.area';
import { operationsArea } from './areas/operations/operations.area';
import { outsiderRoutes } from './areas/outsiders/outsiders.area';
import { payrollArea } from './areas/payroll/payroll.area';
import { reportsArea } from './areas/reports/reports.area';
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
const WebhookPortalPage = lazyPage(() => import('./areas/portal/webhook-portal.page'), 'WebhookPortalPage');
const MyHomePage = lazyPage(() => import('./areas/me/my-home.page'), 'MyHomePage');

const AREAS: Area[] = [peopleArea, scheduleArea, rotaArea, complianceArea, operationsArea, hrArea, trainingArea, payrollArea, reportsArea, recruitingArea, accessArea, visitorsArea, developersArea, settingsArea, meArea, notificationsArea, accountArea];

/** Those who see other people (the dashboard's first need) land on the dashboard, everyone else on their own day. */
function Home() {
  const me = useMe();
  if (me.isPending) return null;
  return mayCall(me.data, 'getUsers') ? <DashboardPage /> : <MyHomePage />;
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
  // Issue 32: outside the console's shell and sign-in; the API serves it framable by the link's origins.
  { path: '/portal/:linkId', element: <WebhookPortalPage /> },
  ...outsiderRoutes.map((r) => ({ ...r, path: `/${r.path}` })),
  {
    path: '/',
    element: (
      <RequireSignedIn>
        <Shell areas={AREAS} />
      </RequireSignedIn>
    ),
    children: [{ index: true, element: <Home /> }, ...AREAS.flatMap((a) => a.routes.map((r) => ({ path: r.path, element: <RequireOperations needs={r.needs} feature={r.feature}>{r.element}</RequireOperations> }))), { path: '*', element: <NotFoundPage /> }],
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
  // WCAG AA asks 4.5:1 for text: white on blue.8 is 4.6:1 (Mantine's default shade 6 is 3.5:1), and
  // so are links and light buttons in it.
  primaryShade: 8,
  defaultRadius: 'sm',
  // Someone who asks their system for less motion gets dialogs, menus and notifications without their
  // fades and slides (WCAG 2.3.3). The browser tests ask for it too: a dialog is there at once, in its
  // final look, rather than part-way through a fade that axe measures and a click can race.
  respectReducedMotion: true,
  components: {
    // The close button of every dialog is an icon: it needs a name for screen readers.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // A loader is a span: its name ("Loading the shifts") is allowed only with a role, status here.
    Loader: Loader.extend({ defaultProps: { role: 'status' } }),
  },
});
/**
 * WCAG AA contrast (4.5:1) for Mantine's greys and tints in the light scheme: dimmed text and
 * placeholders (gray.6 and gray.5: 3.3:1 and 2.4:1 on white) take gray.7, and the text of light
 * badges and buttons (a colour's shade 6 on its own tint, down to 1.9:1 for yellow) takes its shade
 * 9 darkened by a third, 5.2:1 or more for every colour.
 */
const contrast: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': t.colors.gray[7]!,
    '--mantine-color-placeholder': t.colors.gray[7]!,
    ...Object.fromEntries(Object.keys(t.colors).map((c) => [`--mantine-color-${c}-light-color`, `color-mix(in srgb, var(--mantine-color-${c}-9), black 30%)`])),
  },
  dark: {},
});
const router = createBrowserRouter(routes);

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={contrast}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
