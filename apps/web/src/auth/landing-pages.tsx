import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/client';
import { ok } from '../api/errors';
import { session, type TokenPair } from '../api/session';
import { AuthCard } from './auth-card';
import { safeReturnTo, SSO_VERIFIER_KEY } from './return-to';

/** Runs a one-time exchange once per page load (a token is spent by its first use), then goes on. */
function useOneTimeExchange(exchange: () => Promise<TokenPair>, to: string) {
  const navigate = useNavigate();
  const m = useMutation({
    mutationFn: exchange,
    onSuccess: (pair) => {
      session.set(pair);
      navigate(to, { replace: true });
    },
  });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    m.mutate();
  }, [m]);
  return m;
}

/** The mailed link of a new company owner: /verify-email?token=… verifies and signs in. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const m = useOneTimeExchange(() => ok(api.POST('/auth/verify-email', { body: { token } })), '/');
  return (
    <AuthCard title="Verifying your email address">
      {m.error ? (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {m.error.message}
          </Alert>
          <Anchor component={Link} to="/sign-in">
            Go to sign-in
          </Anchor>
        </Stack>
      ) : (
        <Loader aria-label="Verifying" />
      )}
    </AuthCard>
  );
}

/** The reasons the API lands a refused sign-on with (SsoFailure codes), in a person's words. */
const SSO_ERRORS: Record<string, string> = {
  account_inactive: 'Your account is not active. Ask your administrator.',
  domain_not_allowed: "Your email address's domain is not one your company signs in with.",
  email_unverified: 'The identity provider has not verified your email address.',
  idp_error: 'The identity provider did not sign you in.',
  invalid_response: 'The answer from the identity provider could not be trusted.',
  invalid_state: 'This sign-in has expired or was already used. Start again.',
  not_provisioned: 'You do not have an account yet. Ask your administrator for an invite.',
  sso_required: 'Your company signs you in through its identity provider.',
  sso_unavailable: 'Single sign-on is not available for your company.',
};

/** Where single sign-on lands: /sso/complete?code=… (or ?error=…), exchanged with this browser's verifier. */
export function SsoCompletePage() {
  const [params] = useSearchParams();
  const code = params.get('code');
  const error = params.get('error');
  const verifier = sessionStorage.getItem(SSO_VERIFIER_KEY);
  if (error || !code || !verifier) {
    const why = error ? (SSO_ERRORS[error] ?? `Single sign-on did not complete (${error}).`) : 'This sign-in was started in another browser or has already been used. Start again.';
    return (
      <AuthCard title="Single sign-on">
        <Alert color="red" role="alert">
          {why}
        </Alert>
        <Anchor component={Link} to="/sign-in">
          Back to sign-in
        </Anchor>
      </AuthCard>
    );
  }
  return <SsoExchange code={code} verifier={verifier} returnTo={safeReturnTo(params.get('returnTo'))} />;
}

function SsoExchange({ code, verifier, returnTo }: { code: string; verifier: string; returnTo: string }) {
  const m = useOneTimeExchange(async () => {
    sessionStorage.removeItem(SSO_VERIFIER_KEY);
    return ok(api.POST('/auth/sso/exchange', { body: { code, verifier } }));
  }, returnTo);
  return (
    <AuthCard title="Single sign-on">
      {m.error ? (
        <Alert color="red" role="alert">
          {m.error.message}
        </Alert>
      ) : (
        <Loader aria-label="Signing you in" />
      )}
    </AuthCard>
  );
}
