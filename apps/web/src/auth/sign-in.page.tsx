import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { api } from '../api/client';
import { ApiError, ok } from '../api/errors';
import { session } from '../api/session';
import { AuthCard } from './auth-card';
import { useSession } from './me';
import { safeReturnTo, SSO_VERIFIER_KEY } from './return-to';
import { useErrorText } from '../api/error-text';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function SignInPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const signedIn = useSession();
  const [identifier, setIdentifier] = useState('');
  const [password, setPassword] = useState('');
  const email = EMAIL.test(identifier.trim()) ? identifier.trim() : null;

  // Whether this address's company signs in through its identity provider (spec 01, single sign-on).
  const lookup = useQuery({
    queryKey: ['sso-lookup', email],
    enabled: email !== null,
    staleTime: 60_000,
    retry: false,
    queryFn: () => ok(api.GET('/auth/sso/lookup', { params: { query: { email: email! } } })),
  });

  const signIn = useMutation({
    mutationFn: () => ok(api.POST('/auth/login', { body: { identifier: identifier.trim(), password } })),
    onSuccess: (pair) => {
      session.set(pair);
      navigate(returnTo, { replace: true });
    },
  });

  const sso = useMutation({
    mutationFn: () => ok(api.POST('/auth/sso/start', { body: { email: email!, returnTo } })),
    onSuccess: (started) => {
      sessionStorage.setItem(SSO_VERIFIER_KEY, started.verifier);
      window.location.assign(started.redirectUrl);
    },
  });

  if (signedIn) return <Navigate to={returnTo} replace />;
  const passwordAllowed = lookup.data?.passwordAllowed !== false;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate();
  };
  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label={t('signIn.identifier')} autoComplete="username" required value={identifier} onChange={(e) => setIdentifier(e.currentTarget.value)} />
          {lookup.data?.sso ? (
            <Button variant="light" onClick={() => sso.mutate()} loading={sso.isPending}>
              {t('signIn.withCompany')}
            </Button>
          ) : null}
          {passwordAllowed ? (
            <>
              <PasswordInput label={t('signIn.password')} autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
              <Button type="submit" loading={signIn.isPending} disabled={!identifier.trim() || !password}>
                {t('signIn.submit')}
              </Button>
            </>
          ) : (
            <Alert color="blue">{t('sso.errors.sso_required')}</Alert>
          )}
          {signIn.error ? (
            <Alert color="red" role="alert">
              {signIn.error instanceof ApiError && signIn.error.status === 401 ? t('signIn.noMatch') : errorText(signIn.error)}
            </Alert>
          ) : null}
          {sso.error ? (
            <Alert color="red" role="alert">
              {errorText(sso.error)}
            </Alert>
          ) : null}
          <Group justify="space-between">
            <Anchor component={Link} to="/forgot-password" size="sm">
              {t('signIn.forgot')}
            </Anchor>
            <Anchor component={Link} to="/sign-up" size="sm">
              {t('signIn.signUp')}
            </Anchor>
            <Anchor component={Link} to="/contact" size="sm">
              {t('signIn.sales')}
            </Anchor>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
