import { Badge, Button, Group, Select, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';
import { humanize } from '../../ui/format';
import { useLastShown } from '../../ui/last-shown';
import { Page } from '../../ui/page';
import { GuideStepsEditor, newStep, type StepDraft } from './guide-steps.editor';
import { useCatalog, useCreateGuide, useDeleteGuide, useGuides, useUpdateGuide, type Guide } from './troubleshooting.queries';

const PRIORITIES = ['LOW', 'MEDIUM', 'HIGH', 'URGENT'] as const;
type Priority = (typeof PRIORITIES)[number];

interface Draft {
  id: string | null;
  title: string;
  symptom: string;
  /** `category:<id>` or `asset:<id>`: what the guide is for, fixed once it exists. */
  target: string | null;
  priority: Priority;
  active: boolean;
  steps: StepDraft[];
}

const blank = (): Draft => ({ id: null, title: '', symptom: '', target: null, priority: 'MEDIUM', active: true, steps: [newStep(), newStep()] });
const fromGuide = (g: Guide): Draft => ({
  id: g.id,
  title: g.title,
  symptom: g.symptom,
  target: g.categoryId ? `category:${g.categoryId}` : `asset:${g.assetId}`,
  priority: g.priority,
  active: g.active,
  steps: g.steps.map((s) => newStep(s.instruction, s.caution ?? '')),
});

/** How often the guide fixed the problem: which guides work and which only delay an issue. */
function worked(g: Guide): string {
  const { sessions, resolved, resolvedRate } = g.stats;
  return resolvedRate === null ? 'Not run yet' : `${resolved} of ${sessions} fixed (${Math.round(resolvedRate * 100)}%)`;
}

/** Troubleshooting guides: managers write them for a category of assets or one asset; staff run them from the asset. */
export function GuidesPage() {
  const me = useMe();
  const writer = mayCall(me.data, 'postTroubleshootingGuides');
  const guides = useGuides();
  const catalog = useCatalog();
  const create = useCreateGuide();
  const update = useUpdateGuide();
  const remove = useDeleteGuide();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<Guide | null>(null);
  const shownDeleting = useLastShown(deleting);
  // A category guide is tenant-wide, which an outlet manager's reach is not (the API refuses it).
  const categoriesAllowed = me.data?.role !== 'OUTLET_MANAGER';
  const targets = [
    ...(categoriesAllowed ? [{ group: 'Every asset of a category', items: (catalog.data?.categories ?? []).map((c) => ({ value: `category:${c.id}`, label: c.name })) }] : []),
    { group: 'One asset', items: (catalog.data?.assets ?? []).map((a) => ({ value: `asset:${a.id}`, label: `${a.name} (${a.tag})` })) },
  ];
  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const save = (d: Draft) => {
    const fields = {
      title: d.title.trim(),
      symptom: d.symptom.trim(),
      priority: d.priority,
      active: d.active,
      steps: d.steps.map((s) => ({ instruction: s.instruction.trim(), ...(s.caution.trim() ? { caution: s.caution.trim() } : {}) })),
    };
    const done = () => {
      notifications.show({ color: 'green', message: 'Guide saved.' });
      close();
    };
    if (d.id) update.mutate({ id: d.id, body: fields }, { onSuccess: done });
    else {
      const [kind, id] = d.target!.split(':') as ['category' | 'asset', string];
      create.mutate({ ...fields, ...(kind === 'category' ? { categoryId: id } : { assetId: id }) }, { onSuccess: done });
    }
  };
  const ready = (d: Draft) => d.title.trim() !== '' && d.symptom.trim() !== '' && d.target !== null && d.steps.every((s) => s.instruction.trim());
  return (
    <Page
      title="Troubleshooting guides"
      actions={
        <Group gap="xs">
          <Button variant="light" component={Link} to="/operations/guides/run">
            Troubleshoot an asset
          </Button>
          {writer ? <Button onClick={() => setEditing(blank())}>New guide</Button> : null}
        </Group>
      }
    >
      <DataTable query={guides} error={guides.error ?? catalog.error ?? remove.error} loadingLabel="Loading guides" empty="No guides yet." minWidth={760} columns={[
        {
          header: 'Symptom',
          cell: (g) => (
            <>
              {g.symptom}
              {g.title !== g.symptom ? <Text size="xs" c="dimmed">{g.title}</Text> : null}
            </>
          ),
        },
        { header: 'For', cell: (g) => (g.categoryName ? `Every ${g.categoryName} asset` : g.assetName) },
        { header: 'Steps', cell: (g) => g.steps.length },
        { header: 'If unresolved', cell: (g) => `${humanize(g.priority)} issue` },
        { header: 'Worked', cell: (g) => worked(g) },
        {
          header: 'State',
          cell: (g) => (
            <Badge variant="light" color={g.active ? 'green' : 'gray'}>
              {g.active ? 'Active' : 'Draft'}
            </Badge>
          ),
        },
        writer && {
          cell: (g) => (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="subtle" aria-label={`Edit ${g.symptom}`} onClick={() => setEditing(fromGuide(g))}>
                Edit
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${g.symptom}`} onClick={() => setDeleting(g)}>
                Delete
              </Button>
            </Group>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} size="lg" title={editing?.id ? 'Edit guide' : 'New guide'} error={create.error ?? update.error} submit={(d) => (
        <Button loading={create.isPending || update.isPending} disabled={!ready(d)} onClick={() => save(d)}>
          Save guide
        </Button>
      )}>
        {(d) => (
          <>
            <TextInput label="Symptom" description="As staff would say it, e.g. “Fridge not cooling”" required maxLength={120} value={d.symptom} onChange={(e) => setEditing({ ...d, symptom: e.currentTarget.value })} />
            <TextInput label="Title" required maxLength={200} value={d.title} onChange={(e) => setEditing({ ...d, title: e.currentTarget.value })} />
            <Select label="For" required searchable disabled={d.id !== null} data={targets} value={d.target} onChange={(v) => setEditing({ ...d, target: v })} />
            <Select label="Priority of the issue if it is not fixed" allowDeselect={false} data={PRIORITIES.map((p) => ({ value: p, label: humanize(p) }))} value={d.priority} onChange={(v) => v && setEditing({ ...d, priority: v as Priority })} />
            <Switch label="Active (staff see it)" checked={d.active} onChange={(e) => setEditing({ ...d, active: e.currentTarget.checked })} />
            <GuideStepsEditor steps={d.steps} onChange={(steps) => setEditing({ ...d, steps })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete “${shownDeleting?.symptom ?? ''}”?`}
        confirmLabel="Delete"
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
      >
        Staff will no longer see this guide. Sessions already running with it still end, and report their issue if unresolved.
      </ConfirmModal>
    </Page>
  );
}
