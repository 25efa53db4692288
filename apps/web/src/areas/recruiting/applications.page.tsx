import { Anchor, Badge, Button, Group, Loader, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { downloadFile } from '../../api/download';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { useApplication, useApplications, useConvert, useDeleteApplication, useJobs, useMoveStage, type Stage } from './recruiting.queries';

const STAGES: Stage[] = ['APPLIED', 'SCREENING', 'INTERVIEW', 'OFFER', 'HIRED', 'REJECTED', 'WITHDRAWN'];
const COLOUR: Record<Stage, string> = { APPLIED: 'blue', SCREENING: 'blue', INTERVIEW: 'indigo', OFFER: 'yellow', HIRED: 'green', REJECTED: 'red', WITHDRAWN: 'gray' };
const PIPELINE: Stage[] = ['APPLIED', 'SCREENING', 'INTERVIEW', 'OFFER', 'HIRED'];

/** Where an application may go next (the API's rule): forward, HIRED only from OFFER, or out. */
function nextStages(from: Stage, converted: boolean): Stage[] {
  if (from === 'HIRED') return converted ? [] : ['WITHDRAWN'];
  if (from === 'REJECTED' || from === 'WITHDRAWN') return [];
  const later = PIPELINE.slice(PIPELINE.indexOf(from) + 1).filter((s) => s !== 'HIRED' || from === 'OFFER');
  return [...later, 'REJECTED', 'WITHDRAWN'];
}

/** Applications, newest first, by posting and stage. */
export function ApplicationsPage() {
  const { t } = useTranslation('recruiting');
  const [params, setParams] = useSearchParams();
  const jobs = useJobs();
  const jobId = params.get('jobId');
  const [stage, setStage] = useState<string | null>(null);
  const apps = useApplications({ ...(jobId ? { jobId } : {}), ...(stage ? { stage: stage as Stage } : {}) });
  return (
    <Page title={t('applications.title')}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('applications.posting')} placeholder={t('applications.everyPosting')} clearable data={(jobs.data ?? []).map((j) => ({ value: j.id, label: j.title }))} value={jobId} onChange={(v) => setParams(v ? { jobId: v } : {})} />
        <Select label={t('applications.stage')} placeholder={t('applications.anyStage')} clearable data={STAGES.map((s) => ({ value: s, label: t(`stages.${s}`) }))} value={stage} onChange={setStage} />
      </Group>
      <DataTable query={apps} loadingLabel={t('applications.loading')} empty={t('applications.empty')} tableProps={{ striped: true, highlightOnHover: true }} columns={[
        {
          header: t('applications.candidate'),
          cell: (a) => (
            <Anchor component={Link} to={`/recruiting/applications/${a.id}`}>
              {a.fullName}
            </Anchor>
          ),
        },
        { header: t('applications.posting'), cell: (a) => a.jobTitle },
        {
          header: t('applications.stage'),
          cell: (a) => (
            <Badge variant="light" color={COLOUR[a.stage]}>
              {t(`stages.${a.stage}`)}
            </Badge>
          ),
        },
        { header: t('applications.applied'), cell: (a) => formatDateTime(a.createdAt) },
      ]} />
    </Page>
  );
}

const ROLES = ['STAFF', 'OUTLET_MANAGER', 'OPERATIONS_MANAGER', 'AREA_MANAGER', 'HR_MANAGER', 'COMPANY_ADMIN'] as const;

/** One application: the candidate, their résumé, the stage moves, and turning a hire into a user. */
export function ApplicationPage() {
  const { t } = useTranslation('recruiting');
  const { id = '' } = useParams();
  const app = useApplication(id);
  const move = useMoveStage();
  const convert = useConvert();
  const remove = useDeleteApplication();
  const [converting, setConverting] = useState(false);
  const [role, setRole] = useState<(typeof ROLES)[number]>('STAFF');
  const [code, setCode] = useState('');
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const a = app.data;
  if (app.error) return <ErrorNotice error={app.error} />;
  if (!a) return <Loader aria-label={t('application.loading')} />;
  return (
    <Page title={a.fullName}>
      <Group gap="sm">
        <Badge size="lg" variant="light" color={COLOUR[a.stage]}>
          {t(`stages.${a.stage}`)}
        </Badge>
        <Text>{a.jobTitle}</Text>
      </Group>
      <Paper withBorder p="md">
        <Stack gap={4}>
          <Text size="sm">
            {a.email}
            {a.phone ? ` · ${a.phone}` : ''}
          </Text>
          <Text size="sm" c="dimmed">
            {t('application.appliedAt', { time: formatDateTime(a.createdAt) })}
          </Text>
          {a.coverLetter ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} mt="xs">
              {a.coverLetter}
            </Text>
          ) : null}
          {a.resume ? (
            <Button
              variant="default"
              size="xs"
              w="fit-content"
              mt="xs"
              onClick={() => {
                setDownloadError(null);
                downloadFile(`/recruiting/applications/${a.id}/resume`, a.resume!.mediaType === 'application/pdf' ? 'resume.pdf' : 'resume.docx').catch(setDownloadError);
              }}
            >
              {t('application.download')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed">
              {t('application.noResume')}
            </Text>
          )}
        </Stack>
      </Paper>
      <ErrorNotice error={move.error ?? convert.error ?? downloadError} />
      <Group gap="xs">
        {nextStages(a.stage, a.convertedUserId !== null).map((s) => (
          <Button key={s} size="xs" variant={s === 'REJECTED' || s === 'WITHDRAWN' ? 'subtle' : 'light'} color={s === 'REJECTED' ? 'red' : undefined} loading={move.isPending && move.variables?.stage === s} onClick={() => move.mutate({ id: a.id, stage: s })}>
            {t(`application.moveTo.${s}`)}
          </Button>
        ))}
        {a.stage === 'HIRED' && !a.convertedUserId ? <Button size="xs" onClick={() => setConverting(true)}>{t('application.makeUser')}</Button> : null}
        {a.convertedUserId ? (
          <Anchor component={Link} to="/people/users" size="sm">
            {t('application.userSince', { time: formatDateTime(a.convertedAt) })}
          </Anchor>
        ) : null}
      </Group>
      {a.history.length ? (
        <Text size="xs" c="dimmed">
          {a.history.map((h) => t('application.historyStep', { from: t(`stages.${h.from}`), to: t(`stages.${h.to}`), time: formatDateTime(h.at) })).join(' · ')}
        </Text>
      ) : null}
      <Button variant="subtle" color="red" size="xs" w="fit-content" loading={remove.isPending} onClick={() => remove.mutate(a.id, { onSuccess: () => window.history.back() })}>
        {t('application.delete')}
      </Button>
      <FormModal opened={converting} onClose={() => setConverting(false)} title={t('application.convertTitle', { name: a.fullName })} error={convert.error}
        submit={
          <Button
            loading={convert.isPending}
            onClick={() =>
              convert.mutate(
                { id: a.id, body: { role, ...(code.trim() ? { employeeCode: code.trim() } : {}) } },
                {
                  onSuccess: (r) => {
                    notifications.show({ color: 'green', message: t('application.converted', { name: r.user.fullName }) });
                    setConverting(false);
                  },
                },
              )
            }
          >
            {t('application.createUser')}
          </Button>
        }
      >
        <Text size="sm">{t('application.inviteNote', { email: a.email })}</Text>
        <Select label={t('application.role')} allowDeselect={false} data={ROLES.map((r) => ({ value: r, label: t(`application.roles.${r}`) }))} value={role} onChange={(v) => v && setRole(v as (typeof ROLES)[number])} />
        <TextInput label={t('application.employeeCode')} value={code} onChange={(e) => setCode(e.currentTarget.value)} />
      </FormModal>
    </Page>
  );
}
