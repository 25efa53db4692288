import { Alert, Anchor, Badge, Box, Button, Center, FileInput, Group, Image, Loader, Paper, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { textOn } from '../../ui/contrast';
import { useApply, useCareersPage, useJobPage } from './careers.queries';
import { useErrorText } from '../../api/error-text';

interface Brand {
  name: string;
  primaryColor: string | null;
  logoUrl: string | null;
}

/** A company's careers pages, in its colours and with its logo. */
function CareersFrame({ brand, children }: { brand: Brand | undefined; children: ReactNode }) {
  const { t } = useTranslation('careers');
  return (
    <Box mih="100vh" bg="gray.0">
      <Box bg={brand?.primaryColor ?? 'blue.8'} p="md">
        <Group maw={860} mx="auto" gap="sm">
          {brand?.logoUrl ? <Image src={brand.logoUrl} alt={brand.name} h={36} w="auto" fit="contain" bg="white" p={4} radius="sm" /> : null}
          <Text c={brand?.primaryColor ? textOn(brand.primaryColor) : 'white'} fw={700} size="lg">
            {brand ? t('careersAt', { name: brand.name }) : t('careers')}
          </Text>
        </Group>
      </Box>
      <Box maw={860} mx="auto" p="md" component="main">
        {children}
      </Box>
    </Box>
  );
}

function NotFound({ what }: { what: string }) {
  const { t } = useTranslation('careers');
  return (
    <Center p="xl">
      <Stack gap="sm">
        <Title order={1} size="h3">
          {t('notFound')}
        </Title>
        <Alert color="gray" role="alert">
          {what}
        </Alert>
      </Stack>
    </Center>
  );
}

/** /careers/{tenantSlug}: the open postings. */
export function CareersPage() {
  const { t } = useTranslation('careers');
  const { tenantSlug = '' } = useParams();
  const page = useCareersPage(tenantSlug);
  document.title = page.data ? t('documentTitle', { name: page.data.tenant.name }) : t('careers');
  if (page.isPending) return <Loader aria-label={t('loading')} m="xl" />;
  if (!page.data) return <NotFound what={t('noPage')} />;
  const { tenant, jobs } = page.data;
  return (
    <CareersFrame brand={tenant}>
      <Title order={1} size="h2" mb="md">
        {t('openPositions')}
      </Title>
      {jobs.length === 0 ? <Text c="dimmed">{t('noPositions')}</Text> : null}
      <Stack gap="sm">
        {jobs.map((j) => (
          <Paper key={j.slug} withBorder p="md" radius="md">
            <Group justify="space-between" wrap="wrap">
              <Anchor component={Link} to={`/careers/${tenantSlug}/${j.slug}`} fw={600} size="lg">
                {j.title}
              </Anchor>
              <Group gap="xs">
                <Badge variant="light">{t(`recruiting:jobs.types.${j.employmentType}`)}</Badge>
                {j.location ? <Text size="sm">{j.location}</Text> : null}
              </Group>
            </Group>
          </Paper>
        ))}
      </Stack>
    </CareersFrame>
  );
}

/** /careers/{tenantSlug}/{jobSlug}: one posting and its application form. */
export function JobPage() {
  const { t } = useTranslation('careers');
  const { tenantSlug = '', jobSlug = '' } = useParams();
  const page = useJobPage(tenantSlug, jobSlug);
  document.title = page.data ? `${page.data.job.title} · ${page.data.tenant.name}` : t('careers');
  if (page.isPending) return <Loader aria-label={t('loading')} m="xl" />;
  if (!page.data) return <NotFound what={t('noPosition')} />;
  const { tenant, job } = page.data;
  return (
    <CareersFrame brand={tenant}>
      <Anchor component={Link} to={`/careers/${tenantSlug}`} size="sm">
        {t('allPositions')}
      </Anchor>
      <Title order={1} size="h2" mt="sm">
        {job.title}
      </Title>
      <Group gap="xs" my="sm">
        <Badge variant="light">{t(`recruiting:jobs.types.${job.employmentType}`)}</Badge>
        {job.location ? <Text size="sm">{job.location}</Text> : null}
      </Group>
      <Text style={{ whiteSpace: 'pre-wrap' }} mb="lg">
        {job.description}
      </Text>
      <ApplyForm tenantSlug={tenantSlug} jobSlug={jobSlug} />
    </CareersFrame>
  );
}

function ApplyForm({ tenantSlug, jobSlug }: { tenantSlug: string; jobSlug: string }) {
  const { t } = useTranslation('careers');
  const errorText = useErrorText();
  const apply = useApply(tenantSlug, jobSlug);
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [coverLetter, setCoverLetter] = useState('');
  const [resume, setResume] = useState<File | null>(null);
  const tooBig = resume !== null && resume.size > 5 * 1024 * 1024;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    apply.mutate({
      body: { fullName: fullName.trim(), email: email.trim(), ...(phone.trim() ? { phone: phone.trim() } : {}), ...(coverLetter.trim() ? { coverLetter: coverLetter.trim() } : {}) },
      resume,
    });
  };
  if (apply.data)
    return (
      <Alert color="green" title={t('apply.sent')} role="status">
        {apply.data.resumeError ? t('apply.sentWithoutResume', { name: fullName.trim(), error: errorText(apply.data.resumeError) }) : t('apply.thanks', { name: fullName.trim() })}
      </Alert>
    );
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">
            {t('apply.title')}
          </Title>
          <TextInput label={t('apply.fullName')} required autoComplete="name" maxLength={200} value={fullName} onChange={(e) => setFullName(e.currentTarget.value)} />
          <TextInput label={t('apply.email')} type="email" required autoComplete="email" maxLength={254} value={email} onChange={(e) => setEmail(e.currentTarget.value)} />
          <TextInput label={t('apply.phone')} type="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.currentTarget.value)} />
          <Textarea label={t('apply.coverLetter')} autosize minRows={4} maxLength={10_000} value={coverLetter} onChange={(e) => setCoverLetter(e.currentTarget.value)} />
          <FileInput
            label={t('apply.resume')}
            accept="application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            clearable
            value={resume}
            onChange={setResume}
            error={tooBig ? t('apply.tooBig') : undefined}
          />
          {apply.error ? (
            <Alert color="red" role="alert">
              {errorText(apply.error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={apply.isPending} disabled={!fullName.trim() || !email.trim() || tooBig} w="fit-content">
            {t('apply.send')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
