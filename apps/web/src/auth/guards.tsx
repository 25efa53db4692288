import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import type { UserOperation } from '@wfm/api-client/operation-roles';
import { mayOpen, useMe, useSession } from './me';

/** Sign-in first: a signed-out visitor goes to /sign-in and comes back here afterwards. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const pair = useSession();
  const location = useLocation();
  if (!pair) return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children;
}

/**
 * A page that needs some operations: a role the API would refuse any of them (403) is told so in the
 * page instead of shown a broken one.
 */
export function RequireOperations({ needs, children }: { needs: readonly UserOperation[]; children: ReactNode }) {
  const me = useMe();
  if (me.isPending)
    return (
      <Center p="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (!mayOpen(me.data, needs)) return <NotPermitted />;
  return children;
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
