import { Badge, Button, Group, Select, Switch, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';

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
function worked(t: TFunction<'operations'>, g: Guide): string {
  const { sessions, resolved, resolvedRate } = g.stats;
  return resolvedRate === null ? t('guides.notRun') : t('guides.worked', { resolved, sessions, pct: Math.round(resolvedRate * 100) });
}

/** Troubleshooting guides: managers write them for a category of assets or one asset; staff run them from the asset. */
export function GuidesPage() {
  const { t } = useTranslation('operations');
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
    ...(categoriesAllowed ? [{ group: t('guides.everyAssetOfCategory'), items: (catalog.data?.categories ?? []).map((c) => ({ value: `category:${c.id}`, label: c.name })) }] : []),
    { group: t('guides.oneAsset'), items: (catalog.data?.assets ?? []).map((a) => ({ value: `asset:${a.id}`, label: t('assetWithTag', { name: a.name, tag: a.tag }) })) },
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
      notifications.show({ color: 'green', message: t('guides.saved') });
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
      title={t('guides.title')}
      actions={
        <Group gap="xs">
          <Button variant="light" component={Link} to="/operations/guides/run">
            {t('guides.troubleshoot')}
          </Button>
          {writer ? <Button onClick={() => setEditing(blank())}>{t('guides.new')}</Button> : null}
        </Group>
      }
    >
      <DataTable query={guides} error={guides.error ?? catalog.error ?? remove.error} loadingLabel={t('guides.loading')} empty={t('guides.empty')} minWidth={760} columns={[
        {
          header: t('guides.symptom'),
          cell: (g) => (
            <>
              {g.symptom}
              {g.title !== g.symptom ? <Text size="xs" c="dimmed">{g.title}</Text> : null}
            </>
          ),
        },
        { header: t('guides.for'), cell: (g) => (g.categoryName ? t('maintenance.everyAssetOf', { category: g.categoryName }) : g.assetName) },
        { header: t('guides.steps'), cell: (g) => g.steps.length },
        { header: t('guides.ifUnresolved'), cell: (g) => t('guides.priorityIssue', { priority: t(`priority.${g.priority}`) }) },
        { header: t('guides.workedHeader'), cell: (g) => worked(t, g) },
        {
          header: t('maintenance.state'),
          cell: (g) => (
            <Badge variant="light" color={g.active ? 'green' : 'gray'}>
              {g.active ? t('guides.active') : t('guides.draft')}
            </Badge>
          ),
        },
        writer && {
          cell: (g) => (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="subtle" aria-label={t('editOf', { name: g.symptom })} onClick={() => setEditing(fromGuide(g))}>
                {t('edit')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={t('deleteOf', { name: g.symptom })} onClick={() => setDeleting(g)}>
                {t('delete')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} size="lg" title={editing?.id ? t('guides.edit') : t('guides.new')} error={create.error ?? update.error} submit={(d) => (
        <Button loading={create.isPending || update.isPending} disabled={!ready(d)} onClick={() => save(d)}>
          {t('guides.save')}
        </Button>
      )}>
        {(d) => (
          <>
            <TextInput label={t('guides.symptom')} description={t('guides.symptomHelp')} required maxLength={120} value={d.symptom} onChange={(e) => setEditing({ ...d, symptom: e.currentTarget.value })} />
            <TextInput label={t('title')} required maxLength={200} value={d.title} onChange={(e) => setEditing({ ...d, title: e.currentTarget.value })} />
            <Select label={t('guides.for')} required searchable disabled={d.id !== null} data={targets} value={d.target} onChange={(v) => setEditing({ ...d, target: v })} />
            <Select label={t('guides.priority')} allowDeselect={false} data={PRIORITIES.map((p) => ({ value: p, label: t(`priority.${p}`) }))} value={d.priority} onChange={(v) => v && setEditing({ ...d, priority: v as Priority })} />
            <Switch label={t('guides.activeLabel')} checked={d.active} onChange={(e) => setEditing({ ...d, active: e.currentTarget.checked })} />
            <GuideStepsEditor steps={d.steps} onChange={(steps) => setEditing({ ...d, steps })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal
        opened={deleting !== null}
        title={t('deleteQuoted', { name: shownDeleting?.symptom ?? '' })}
        confirmLabel={t('delete')}
        cancelLabel={t('keepIt')}
        pending={remove.isPending}
        error={remove.error}
        onClose={() => setDeleting(null)}
        onConfirm={() => remove.mutate(deleting!.id, { onSuccess: () => setDeleting(null) })}
      >
        {t('guides.deleteText')}
      </ConfirmModal>
    </Page>
  );
}
