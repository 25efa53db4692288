import { Anchor, Badge, Button, Group, Select, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { humanize } from '../../ui/format';
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
    else create.mutate({ ...body, status: publish ? 'OPEN' : 'DRAFT' }, { onSuccess: () => { notifications.show({ color: 'green', message: publish ? 'Published on the careers page.' : 'Saved as a draft.' }); close(); } });
  };
  const setStatus = (job: Job, status: Job['status']) =>
    update.mutate({ id: job.id, body: { status } }, { onSuccess: () => notifications.show({ message: status === 'OPEN' ? `${job.title} is on the careers page.` : `${job.title} is closed.` }) });
  return (
    <Page title="Job postings" actions={<Button onClick={() => setEditing({ id: null, draft: { title: '', slug: '', description: '', employmentType: 'FULL_TIME', location: '' } })}>New posting</Button>}>
      <Text size="sm" c="dimmed">
        Open postings are listed on your careers page, <code>{window.location.origin}/careers/&lt;your company's short name&gt;</code>, where people apply.
      </Text>
      <DataTable query={jobs} error={jobs.error ?? update.error} loadingLabel="Loading postings" empty="No postings yet." minWidth={720} columns={[
        {
          header: 'Title',
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
        { header: 'Type', cell: (j) => humanize(j.employmentType) },
        {
          header: 'Status',
          cell: (j) => (
            <Badge variant="light" color={COLOUR[j.status]}>
              {humanize(j.status)}
            </Badge>
          ),
        },
        {
          header: 'Applications',
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
                  Publish
                </Button>
              ) : (
                <Button size="compact-sm" variant="light" color="orange" onClick={() => setStatus(j, 'CLOSED')}>
                  Close
                </Button>
              )}
              <Button size="compact-sm" variant="subtle" onClick={() => setEditing({ id: j.id, draft: { title: j.title, slug: j.slug, description: j.description, employmentType: j.employmentType, location: j.location ?? '' } })}>
                Edit
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" onClick={() => setDeleting(j)}>
                Delete
              </Button>
            </Group>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} title={editing?.id ? 'Edit posting' : 'New posting'} size="lg" error={create.error ?? update.error} submit={(editing) =>
        editing.id ? (
          <Button loading={update.isPending} onClick={() => save(false)} disabled={!editing.draft.title.trim() || !editing.draft.description.trim() || !editing.draft.slug}>
            Save
          </Button>
        ) : (
          <>
            <Button variant="light" loading={create.isPending} onClick={() => save(false)} disabled={!editing.draft.title.trim() || !editing.draft.description.trim() || !editing.draft.slug}>
              Save as a draft
            </Button>
            <Button loading={create.isPending} onClick={() => save(true)} disabled={!editing.draft.title.trim() || !editing.draft.description.trim() || !editing.draft.slug}>
              Publish
            </Button>
          </>
        )
      }>
        {(editing) => (
          <>
            <TextInput
              label="Title"
              required
              maxLength={120}
              value={editing.draft.title}
              onChange={(e) => {
                const title = e.currentTarget.value;
                setEditing({ ...editing, draft: { ...editing.draft, title, slug: editing.id ? editing.draft.slug : slugOf(title) } });
              }}
            />
            <TextInput label="Address name" description="Lowercase letters, digits and hyphens: /careers/<company>/<this>" required maxLength={63} value={editing.draft.slug} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, slug: e.currentTarget.value } })} />
            <Select label="Employment type" allowDeselect={false} data={TYPES.map((t) => ({ value: t, label: humanize(t) }))} value={editing.draft.employmentType} onChange={(v) => v && setEditing({ ...editing, draft: { ...editing.draft, employmentType: v as Draft['employmentType'] } })} />
            <TextInput label="Location (optional)" value={editing.draft.location} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, location: e.currentTarget.value } })} />
            <Textarea label="Description" required autosize minRows={5} value={editing.draft.description} onChange={(e) => setEditing({ ...editing, draft: { ...editing.draft, description: e.currentTarget.value } })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.title ?? ''}?`}
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
      >
        The posting leaves the careers page and this list.
      </ConfirmModal>
    </Page>
  );
}
