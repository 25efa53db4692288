import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { UserOperation } from '@wfm/api-client/operation-roles';
import { mayOpen, useMe, useSession } from './me';
import { useAvailability } from '../areas/me/availability.queries';
import { setDisplayZone } from '../ui/zone';
import { featureName, PLAN_PAGE, planAllows, usePlan, type Feature } from './plan';

/** Sign-in first: a signed-out visitor goes to /sign-in and comes back here afterwards. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const pair = useSession();
  const location = useLocation();
  if (!pair) return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <InCompanyZone>{children}</InCompanyZone>;
}

/**
 * Pages render once the company's zone is known, so that no time is ever shown in the browser's
 * zone first. Every role reads it from /me/availability ("the tenant's timezone"); GET /tenant is
 * for administrators only. Should that read fail, times stay in the browser's zone.
 */
function InCompanyZone({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui');
  const availability = useAvailability();
  if (availability.isPending)
    return (
      <Center p="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  if (availability.data) setDisplayZone(availability.data.timezone);
  return children;
}

/**
 * A page that needs some operations, and perhaps a plan feature: a role the API would refuse any of
 * them (403) is told so in the page instead of shown a broken one, and a plan without the feature
 * is told which, with the way to the plan page.
 */
export function RequireOperations({ needs, feature, children }: { needs: readonly UserOperation[]; feature?: Feature; children: ReactNode }) {
  const { t } = useTranslation('ui');
  const me = useMe();
  const plan = usePlan();
  if (me.isPending || (feature && plan.isPending))
    return (
      <Center p="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
  if (!mayOpen(me.data, needs)) return <NotPermitted />;
  if (feature && plan.data && !planAllows(plan.data, feature)) return <NotInPlan plan={plan.data.plan} feature={featureName(plan.data, feature)} />;
  return children;
}

/** One line, where a page of a feature the plan lacks would be. */
function NotInPlan({ plan, feature }: { plan: string; feature: string }) {
  document.title = 'Not in your plan · Workforce Platform';
  return (
    <Text>
      Your {plan} plan does not include {feature}.{' '}
      <Anchor component={Link} to={PLAN_PAGE}>
        See your plan.
      </Anchor>
    </Text>
  );
}

export function NotPermitted() {
  return (
    <Stack maw={520}>
      <Alert color="orange" title="Not available to you" role="alert">
        This page is for administrators and managers. Ask your administrator if you need it.
      </Alert>
      <Button component={Link} to="/" variant="light" w="fit-content">
        Go to your home page
      </Button>
    </Stack>
  );
}
