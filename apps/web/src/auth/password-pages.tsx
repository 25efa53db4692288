import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { api } from '../api/client';
import { ok } from '../api/errors';
import { session } from '../api/session';
import { AuthCard } from './auth-card';

/** Spec 01's rule for a new password, checked here so the form says so before sending. */
const PASSWORD_MIN = 10;

function NewPasswordForm({ submitLabel, pending, error, onSubmit }: { submitLabel: string; pending: boolean; error: Error | null; onSubmit: (password: string) => void }) {
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
        <PasswordInput label="New password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={tooShort ? `At least ${PASSWORD_MIN} characters` : undefined} />
        <PasswordInput label="Repeat the new password" autoComplete="new-password" required value={repeat} onChange={(e) => setRepeat(e.currentTarget.value)} error={differs ? 'The two passwords differ' : undefined} />
        <Button type="submit" loading={pending} disabled={password.length < PASSWORD_MIN || password !== repeat}>
          {submitLabel}
        </Button>
        {error ? (
          <Alert color="red" role="alert">
            {error.message}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}

export function ForgotPasswordPage() {
  const [identifier, setIdentifier] = useState('');
  const send = useMutation({ mutationFn: () => ok(api.POST('/auth/forgot-password', { body: { identifier: identifier.trim() } })) });
  return (
    <AuthCard title="Reset your password" subtitle="We mail a link to set a new password.">
      {send.isSuccess ? (
        <Alert color="green">If an account has that address or number, a reset link is on its way. It works once and for a limited time.</Alert>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            send.mutate();
          }}
          noValidate
        >
          <Stack gap="sm">
            <TextInput label="Email or mobile number" autoComplete="username" required value={identifier} onChange={(e) => setIdentifier(e.currentTarget.value)} />
            <Button type="submit" loading={send.isPending} disabled={!identifier.trim()}>
              Send the link
            </Button>
            {send.error ? (
              <Alert color="red" role="alert">
                {send.error.message}
              </Alert>
            ) : null}
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        Back to sign-in
      </Anchor>
    </AuthCard>
  );
}

/** The mailed link: /reset-password?token=… */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useMutation({ mutationFn: (password: string) => ok(api.POST('/auth/reset-password', { body: { token, password } })) });
  if (!token) return <AuthCard title="Choose a new password"><Alert color="red">This link has no reset token. Open the link from the mail again, or ask for a new one.</Alert></AuthCard>;
  return (
    <AuthCard title="Choose a new password" subtitle="Every device signed in to your account is signed out.">
      {reset.isSuccess ? (
        <Stack gap="sm">
          <Alert color="green">Your password has been changed.</Alert>
          <Button component={Link} to="/sign-in">
            Sign in
          </Button>
        </Stack>
      ) : (
        <NewPasswordForm submitLabel="Set the password" pending={reset.isPending} error={reset.error} onSubmit={(p) => reset.mutate(p)} />
      )}
    </AuthCard>
  );
}

/** The mailed invite: /invite/:code — choose a password and be signed in. */
export function AcceptInvitePage() {
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
    <AuthCard title="Welcome aboard" subtitle="Choose a password to finish setting up your account.">
      <NewPasswordForm submitLabel="Set the password and sign in" pending={redeem.isPending} error={redeem.error} onSubmit={(p) => redeem.mutate(p)} />
    </AuthCard>
  );
}

/** Self-service sign-up: a new company on the Free plan and its owner, who confirms their email from the mailed link. */
export function SignUpPage() {
  const [companyName, setCompanyName] = useState('');
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const signUp = useMutation({
    mutationFn: (password: string) =>
      ok(api.POST('/auth/signup', { body: { companyName: companyName.trim(), fullName: fullName.trim(), email: email.trim(), password, timezone: Intl.DateTimeFormat().resolvedOptions().timeZone } })),
  });
  return (
    <AuthCard title="Start your company's account" subtitle="Free plan; upgrade when you need more.">
      {signUp.isSuccess ? (
        <Alert color="green" role="status">
          Check your mail: we sent a link to {email.trim()} to confirm the address. It works once within 24 hours, then you can sign in.
        </Alert>
      ) : (
        <Stack gap="sm">
          <TextInput label="Company name" required maxLength={120} value={companyName} onChange={(e) => setCompanyName(e.currentTarget.value)} />
          <TextInput label="Your full name" autoComplete="name" required maxLength={120} value={fullName} onChange={(e) => setFullName(e.currentTarget.value)} />
          <TextInput label="Work email" type="email" autoComplete="email" required maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          {companyName.trim() && fullName.trim() && email.trim() ? (
            <NewPasswordForm submitLabel="Create the account" pending={signUp.isPending} error={signUp.error} onSubmit={(password) => signUp.mutate(password)} />
          ) : (
            <Text size="sm" c="dimmed">
              Then choose a password.
            </Text>
          )}
        </Stack>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        Already have an account? Sign in
      </Anchor>
    </AuthCard>
  );
}
