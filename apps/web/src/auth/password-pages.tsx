import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../api/client';
import { ok } from '../api/errors';
import { session } from '../api/session';
import { AuthCard } from './auth-card';
import { useErrorText } from '../api/error-text';

/** Spec 01's rule for a new password, checked here so the form says so before sending. */
const PASSWORD_MIN = 10;

function NewPasswordForm({ submitLabel, pending, error, onSubmit }: { submitLabel: string; pending: boolean; error: Error | null; onSubmit: (password: string) => void }) {
  const { t } = useTranslation('auth', { keyPrefix: 'passwordPages' });
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const tooShort = password.length > 0 && password.length < PASSWORD_MIN;
  const differs = repeat.length > 0 && repeat !== password;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (password.length >= PASSWORD_MIN && password === repeat) onSubmit(password);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <PasswordInput label={t('newPassword')} autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={tooShort ? t('tooShort', { count: PASSWORD_MIN }) : undefined} />
        <PasswordInput label={t('repeatPassword')} autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} error={differs ? t('differ') : undefined} />
        <Button type="submit" loading={pending} disabled={password.length < PASSWORD_MIN || password !== repeat}>
          {submitLabel}
        </Button>
        {error ? (
          <Alert color="red" role="alert">
            {errorText(error)}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth', { keyPrefix: 'passwordPages' });
  const errorText = useErrorText();
  const [identifier, setIdentifier] = useState('');
  const send = useMutation({ mutationFn: () => ok(api.POST('/auth/forgot-password', { body: { identifier: identifier.trim() } })) });
  return (
    <AuthCard title={t('forgot.title')} subtitle={t('forgot.subtitle')}>
      {send.isSuccess ? (
        <Alert color="green">{t('forgot.sent')}</Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
          noValidate
        >
          <Stack gap="sm">
            <TextInput label={t('forgot.identifier')} description={t('forgot.identifierHint')} autoComplete="username" required value={identifier} onChange={(e) => setIdentifier(e.currentTarget.value)} />
            <Button type="submit" loading={send.isPending} disabled={!identifier.trim()}>
              {t('forgot.submit')}
            </Button>
            {send.error ? (
              <Alert color="red" role="alert">
                {errorText(send.error)}
              </Alert>
            ) : null}
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        {t('backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}

/** The mailed or texted link: /reset-password?token=… */
export function ResetPasswordPage() {
  const { t } = useTranslation('auth', { keyPrefix: 'passwordPages' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useMutation({ mutationFn: (password: string) => ok(api.POST('/auth/reset-password', { body: { token, password } })) });
  if (!token)
    return (
      <AuthCard title={t('reset.title')}>
        <Alert color="red">{t('reset.noToken')}</Alert>
      </AuthCard>
    );
  return (
    <AuthCard title={t('reset.title')} subtitle={t('reset.subtitle')}>
      {reset.isSuccess ? (
        <Stack gap="sm">
          <Alert color="green">{t('reset.done')}</Alert>
          <Button component={Link} to="/sign-in">
            {t('reset.signIn')}
          </Button>
        </Stack>
      ) : (
        <NewPasswordForm submitLabel={t('reset.submit')} pending={reset.isPending} error={reset.error} onSubmit={(p) => reset.mutate(p)} />
      )}
    </AuthCard>
  );
}

/** The mailed or texted invite: /invite/:code — choose a password and be signed in. */
export function AcceptInvitePage() {
  const { t } = useTranslation('auth', { keyPrefix: 'passwordPages' });
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const redeem = useMutation({
    mutationFn: (password: string) => ok(api.POST('/auth/invite/{code}/redeem', { params: { path: { code } }, body: { password } })),
    onSuccess: (pair) => {
      session.set(pair);
      navigate('/', { replace: true });
    },
  });
  return (
    <AuthCard title={t('invite.title')} subtitle={t('invite.subtitle')}>
      <NewPasswordForm submitLabel={t('invite.submit')} pending={redeem.isPending} error={redeem.error} onSubmit={(p) => redeem.mutate(p)} />
    </AuthCard>
  );
}

/** Self-service sign-up: a new company on the Free plan and its owner, who confirms their email from the mailed link. */
export function SignUpPage() {
  const { t } = useTranslation('auth', { keyPrefix: 'passwordPages' });
  const [companyName, setCompanyName] = useState('');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const signUp = useMutation({
    mutationFn: (password: string) =>
      ok(api.POST('/auth/signup', { body: { companyName: companyName.trim(), fullName: fullName.trim(), email: email.trim(), password, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone } })),
  });
  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')}>
      {signUp.isSuccess ? (
        <Alert color="green" role="status">
          {t('signUp.checkMail', { email: email.trim() })}
        </Alert>
      ) : (
        <Stack gap="sm">
          <TextInput label={t('signUp.companyName')} required maxLength={120} value={companyName} onChange={(e) => setCompanyName(e.currentTarget.value)} />
          <TextInput label={t('signUp.fullName')} autoComplete="name" required maxLength={120} value={fullName} onChange={(e) => setFullName(e.currentTarget.value)} />
          <TextInput label={t('signUp.workEmail')} type="email" autoComplete="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          {companyName.trim() && fullName.trim() && email.trim() ? (
            <NewPasswordForm submitLabel={t('signUp.submit')} pending={signUp.isPending} error={signUp.error} onSubmit={(password) => signUp.mutate(password)} />
          ) : (
            <Text size="sm" c="dimmed">
              {t('signUp.thenPassword')}
            </Text>
          )}
        </Stack>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        {t('signUp.haveAccount')}
      </Anchor>
    </AuthCard>
  );
}
