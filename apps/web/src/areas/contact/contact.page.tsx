import { Alert, Anchor, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { AuthCard } from '../../auth/auth-card';
import { useErrorText } from '../../api/error-text';

/** The sales-enquiry form (/contact), linked from the sign-in page for companies not yet customers. */
export function ContactPage() {
  const { t } = useTranslation('contact');
  const errorText = useErrorText();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [company, setCompany] = useState('');
  const [message, setMessage] = useState('');
  // The honeypot: hidden from people (and from assistive technology); a bot that fills it is answered and ignored.
  const [website, setWebsite] = useState('');
  const send = useMutation({
    mutationFn: () => ok(api.POST('/public/leads', { body: { name: name.trim(), email: email.trim(), company: company.trim(), ...(message.trim() ? { message: message.trim() } : {}), ...(website ? { website } : {}) } })),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    send.mutate();
  };
  return (
    <AuthCard title={t('title')} subtitle={t('subtitle')}>
      {send.isSuccess ? (
        <Alert color="green" role="status">
          {t('thanks')}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label={t('name')} required autoComplete="name" maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <TextInput label={t('email')} type="email" required autoComplete="email" maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <TextInput label={t('company')} required autoComplete="organization" maxLength={200} value={company} onChange={(e) => setCompany(e.currentTarget.value)} />
            <Textarea label={t('message')} autosize minRows={3} maxLength={5000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
            <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
              <label>
                {t('website')}
                <input tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.currentTarget.value)} name="website" />
              </label>
            </div>
            {send.error ? (
              <Alert color="red" role="alert">
                {errorText(send.error)}
              </Alert>
            ) : null}
            <Button type="submit" loading={send.isPending} disabled={!name.trim() || !email.trim() || !company.trim()}>
              {t('send')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        {t('auth:sso.backToSignIn')}
      </Anchor>
    </AuthCard>
  );
}
