import { Alert, Anchor, Button, Stack, Textarea, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { AuthCard } from '../../auth/auth-card';

/** The sales-enquiry form (/contact), linked from the sign-in page for companies not yet customers. */
export function ContactPage() {
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
    <AuthCard title="Talk to sales" subtitle="Tell us about your company: we answer within a working day.">
      {send.isSuccess ? (
        <Alert color="green" role="status">
          Thank you: your enquiry is with our team.
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <TextInput label="Your name" required autoComplete="name" maxLength={200} value={name} onChange={(e) => setName(e.currentTarget.value)} />
            <TextInput label="Work email" type="email" required autoComplete="email" maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
            <TextInput label="Company" required autoComplete="organization" maxLength={200} value={company} onChange={(e) => setCompany(e.currentTarget.value)} />
            <Textarea label="Message (optional)" autosize minRows={3} maxLength={5000} value={message} onChange={(e) => setMessage(e.currentTarget.value)} />
            <div aria-hidden="true" style={{ position: 'absolute', left: '-10000px', width: 1, height: 1, overflow: 'hidden' }}>
              <label>
                Website
                <input tabIndex={-1} autoComplete="off" value={website} onChange={(e) => setWebsite(e.currentTarget.value)} name="website" />
              </label>
            </div>
            {send.error ? (
              <Alert color="red" role="alert">
                {send.error.message}
              </Alert>
            ) : null}
            <Button type="submit" loading={send.isPending} disabled={!name.trim() || !email.trim() || !company.trim()}>
              Send
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/sign-in" size="sm">
        Back to sign-in
      </Anchor>
    </AuthCard>
  );
}
