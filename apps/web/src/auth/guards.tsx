import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { hasRole, useMe, useSession, type Role } from './me';

/** Sign-in first: a signed-out visitor goes to /sign-in and comes back here afterwards. */
export function RequireSignedIn({ children }: { children: ReactNode }) {
  const pair = useSession();
  const location = useLocation();
  if (!pair) return <Navigate to={`/sign-in?returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return children;
}

/**
 * A page for some roles only. The API refuses everyone else anyway (403); this says so in the page
 * instead of showing a broken one.
 */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const me = useMe();
  if (me.isPending)
    return (
      <Center p="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  if (!hasRole(me.data, roles)) return <NotPermitted />;
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
