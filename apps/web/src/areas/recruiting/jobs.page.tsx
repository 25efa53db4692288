import { Anchor, Badge, Button, Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { DraftModal } from '../../ui/form-actions';
import { useCreateJob, useDeleteJob, useJobs, useUpdateJob, type Job } from './recruiting.queries';

const TYPES = ['FULL_TIME', 'PART_TIME', 'FIXED_TERM', 'CASUAL', 'INTERN', 'CONTRACTOR'] as const;
const COLOUR: Record<Job['status'], string> = { DRAFT: 'gray', OPEN: 'green', CLOSED: 'red' };

interface Draft {
  title: string;
  slug: string;
  description: string;
  employmentType: (typeof TYPES)[number];
  location: string;
}

const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63);

/** Job postings: drafted, published on the careers page, closed; each with its applications. */
export function JobsPage() {
  const { t } = useTranslation('recruiting');
  const jobs = useJobs();
  const create = useCreateJob();
  const update = useUpdateJob();
  const remove = useDeleteJob();
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<Job | null>(null);
  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const save = (publish: boolean) => {
    const { id, draft } = editing!;
    const body = { title: draft.title.trim(), slug: draft.slug, description: draft.description.trim(), employmentType: draft.employmentType, ...(draft.location.trim() ? { location: draft.location.trim() } : {}) };
    if (id) update.mutate({ id, body }, { onSuccess: close });
    else create.mutate({ ...body, status: publish ? 'OPEN' : 'DRAFT' }, { onSuccess: () => { notifications.show({ color: 'green', message: publish ? t('jobs.published') : t('jobs.drafted') }); close(); } });
  };
  const setStatus = (job: Job, status: Job['status']) =>
    update.mutate({ id: job.id, body: { status } }, { onSuccess: () => notifications.show({ message: status === 'OPEN' ? t('jobs.opened', { title: job.title }) : t('jobs.closed', { title: job.title }) }) });
  return (
    <Page title={t('jobs.title')} actions={<Button onClick={() => setEditing({ id: null, draft: { title: '', slug: '', description: '', employmentType: 'FULL_TIME', location: '' } })}>{t('jobs.new')}</Button>}>
      <Text size="sm" c="dimmed">
        <Trans t={t} i18nKey="jobs.intro" values={{ origin: window.location.origin }} components={{ code: <code /> }} />
      </Text>
      <DataTable query={jobs} error={jobs.error ?? update.error} loadingLabel={t('jobs.loading')} empty={t('jobs.empty')} minWidth={720} columns={[
        {
          header: t('jobs.postingTitle'),
          cell: (j) => (
            <>
              {j.title}
              <Text size="xs" c="dimmed">
                {j.slug}
                {j.location ? ` · ${j.location}` : ''}
              </Text>
            </>
          ),
        },
        { header: t('jobs.type'), cell: (j) => t(`jobs.types.${j.employmentType}`) },
        {
          header: t('jobs.status'),
          cell: (j) => (
            <Badge variant="light" color={COLOUR[j.status]}>
              {t(`jobs.statuses.${j.status}`)}
            </Badge>
          ),
        },
        {
          header: t('jobs.applications'),
          cell: (j) => (
            <Anchor component={Link} to={`/recruiting/applications?jobId=${j.id}`}>
              {j.applicationCount}
            </Anchor>
          ),
        },
        {
          cell: (j) => (
            <Group gap="xs" wrap="nowrap">
              {j.status !== 'OPEN' ? (
                <Button size="compact-sm" variant="light" onClick={() => setStatus(j, 'OPEN')}>
                  {t('jobs.publish')}
                </Button>
              ) : (
                <Button size="compact-sm" variant="light" color="orange" onClick={() => setStatus(j, 'CLOSED')}>
                  {t('jobs.close')}
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" onClick={() => setEditing({ id: j.id, draft: { title: j.title, slug: j.slug, description: j.description, employmentType: j.employmentType, location: j.location ?? '' } })}>
                {t('jobs.edit')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(j)}>
                {t('jobs.delete')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} title={editing?.id ? t('jobs.editTitle') : t('jobs.new')} size="lg" error={create.error ?? update.error} submit={(editing) =>
        editing.id ? (
          <Button loading={update.isPending} onClick={() => save(false)} disabled={!editing.draft.title.trim() || !editing.draft.description.trim() || !editing.draft.slug}>
            {t('jobs.save')}
          </Button>
        ) : (
          <>
            <Button variant="light" loading={create.isPending} onClick={() => save(false)} disabled={!editing.draft.title.trim() || !editing.draft.description.trim() || !editing.draft.slug}>
              {t('jobs.saveDraft')}
            </Button>
            <Button loading={create.isPending} onClick={() => save(true)} disabled={!editing.draft.title.trim() || !editing.draft.description.trim() || !editing.draft.slug}>
              {t('jobs.publish')}
            </Button>
          </>
        )
      }>
        {(editing) => (
          <>
            <TextInput
              label={t('jobs.postingTitle')}
              required
              maxLength={120}
              value={editing.draft.title}
              onChange={(e) => {
                const title = e.currentTarget.value;
                setEditing({ ...editing, draft: { ...editing.draft, title, slug: editing.id ? editing.draft.slug : slugOf(title) } });
              }}
            />
            <TextInput label={t('jobs.slug')} description={t('jobs.slugHelp')} required maxLength={63} value={editing.draft.slug} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, slug: e.currentTarget.value } })} />
            <Select label={t('jobs.employmentType')} allowDeselect={false} data={TYPES.map((type) => ({ value: type, label: t(`jobs.types.${type}`) }))} value={editing.draft.employmentType} onChange={(v) => v && setEditing({ ...editing, draft: { ...editing.draft, employmentType: v as Draft['employmentType'] } })} />
            <TextInput label={t('jobs.location')} value={editing.draft.location} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, location: e.currentTarget.value } })} />
            <Textarea label={t('jobs.description')} required autosize minRows={5} value={editing.draft.description} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, description: e.currentTarget.value } })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('jobs.deleteTitle', { title: deleting?.title ?? '' })}
        confirmLabel={t('jobs.delete')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
      >
        {t('jobs.deleteBody')}
      </ConfirmModal>
    </Page>
  );
}
