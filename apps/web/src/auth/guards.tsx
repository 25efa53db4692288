import { Alert, Anchor, Button, Center, Loader, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import type { UserOperation } from '@wfm/api-client/operation-roles';
import { mayOpen, useMe, useSession } from './me';
import { useMyLocale } from '../areas/me/locale.queries';
import { featureName, PLAN_PAGE, planAllows, usePlan, type Feature } from './plan';

/** Sign-in first: a signed-out visitor goes to /sign-in and comes back here afterwards. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const pair = useSession();
  const location = useLocation();
  if (!pair) return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <InCompanyLocale>{children}</InCompanyLocale>;
}

/**
 * Pages render once the company's zone and locale and the person's language are known (GET
 * /me/locale, which every role may read; GET /tenant is for administrators only), so that nothing
 * is ever shown in the browser's zone or language first. Should that read fail, the browser's stay.
 */
function InCompanyLocale({ children }: { children: ReactNode }) {
  const { t } = useTranslation('ui');
  const locale = useMyLocale();
  if (locale.isPending)
    return (
      <Center p="xl">
        <Loader aria-label={t('loading')} />
      </Center>
    );
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
  const { t } = useTranslation('auth');
  document.title = t('notInPlan.documentTitle');
  return (
    <Text>
      {t('notInPlan.text', { plan, feature })}{' '}
      <Anchor component={Link} to={PLAN_PAGE}>
        {t('notInPlan.seePlan')}
      </Anchor>
    </Text>
  );
}

export function NotPermitted() {
  const { t } = useTranslation('auth');
  return (
    <Stack maw={520}>
      <Alert color="orange" title={t('notPermitted.title')} role="alert">
        {t('notPermitted.text')}
      </Alert>
      <Button component={Link} to="/" variant="light" w="fit-content">
        {t('notPermitted.home')}
      </Button>
    </Stack>
  );
}
