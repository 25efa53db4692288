import { Alert, Anchor, Loader, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/client';
import { ok } from '../api/errors';
import { session, type TokenPair } from '../api/session';
import { AuthCard } from './auth-card';
import { safeReturnTo, SSO_VERIFIER_KEY } from './return-to';
import { useErrorText } from '../api/error-text';

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
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const m = useOneTimeExchange(() => ok(api.POST('/auth/verify-email', { body: { token } })), '/');
  return (
    <AuthCard title={t('verify.title')}>
      {m.error ? (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {errorText(m.error)}
          </Alert>
          <Anchor component={Link} to="/sign-in">
            {t('verify.goToSignIn')}
          </Anchor>
        </Stack>
      ) : (
        <Loader aria-label={t('verify.verifying')} />
      )}
    </AuthCard>
  );
}

/** The reasons the API lands a refused sign-on with (SsoFailure codes), each a key of `sso.errors` in a person's words. */
const SSO_ERRORS = new Set(['account_inactive', 'domain_not_allowed', 'email_unverified', 'idp_error', 'invalid_response', 'invalid_state', 'not_provisioned', 'sso_required', 'sso_unavailable']);

/** Where single sign-on lands: /sso/complete?code=… (or ?error=…), exchanged with this browser's verifier. */
export function SsoCompletePage() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const code = params.get('code');
  const error = params.get('error');
  const verifier = sessionStorage.getItem(SSO_VERIFIER_KEY);
  if (error || !code || !verifier) {
    const why = error ? (SSO_ERRORS.has(error) ? t(`sso.errors.${error}`) : t('sso.incomplete', { error })) : t('sso.otherBrowser');
    return (
      <AuthCard title={t('sso.title')}>
        <Alert color="red" role="alert">
          {why}
        </Alert>
        <Anchor component={Link} to="/sign-in">
          {t('sso.backToSignIn')}
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
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  return (
    <AuthCard title={t('sso.title')}>
      {m.error ? (
        <Alert color="red" role="alert">
          {errorText(m.error)}
        </Alert>
      ) : (
        <Loader aria-label={t('sso.signingIn')} />
      )}
    </AuthCard>
  );
}
