import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';
import { useLastShown } from '../../ui/last-shown';
import { Page } from '../../ui/page';
import { useAssetCategories, useCreateAssetCategory, useDeleteAssetCategory, useUpdateAssetCategory, type AssetCategory } from './operations.queries';

interface Draft {
  id: string | null;
  name: string;
  description: string;
}

/** The company's kinds of asset, one list for every outlet; a category still holding assets cannot be deleted. */
export function AssetCategoriesPage() {
  const { t } = useTranslation('operations');
  const me = useMe();
  const admin = mayCall(me.data, 'postAssetCategories');
  const categories = useAssetCategories();
  const create = useCreateAssetCategory();
  const update = useUpdateAssetCategory();
  const remove = useDeleteAssetCategory();
  const [editing, setEditing] = useState<Draft | null>(null);
  const [deleting, setDeleting] = useState<AssetCategory | null>(null);
  const shown = useLastShown(deleting);
  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };
  const save = (d: Draft) => {
    const name = d.name.trim();
    const description = d.description.trim();
    if (d.id) update.mutate({ id: d.id, body: { name, description: description || null } }, { onSuccess: close });
    else create.mutate({ name, ...(description ? { description } : {}) }, { onSuccess: close });
  };
  return (
    <Page title={t('categories.title')} actions={
      admin ? (
        <Group gap="xs">
          <Button variant="light" component={Link} to="/operations/asset-categories/import">
            {t('importCsv')}
          </Button>
          <Button onClick={() => setEditing({ id: null, name: '', description: '' })}>{t('categories.new')}</Button>
        </Group>
      ) : null
    }>
      <DataTable query={categories} loadingLabel={t('categories.loading')} empty={t('categories.empty')} minWidth={520} columns={[
        { header: t('category'), cell: (c) => c.name },
        { header: t('description'), cell: (c) => c.description ?? '—' },
        { header: t('assets.title'), cell: (c) => c.assetCount },
        admin && {
          cell: (c) => (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="subtle" aria-label={t('editOf', { name: c.name })} onClick={() => setEditing({ id: c.id, name: c.name, description: c.description ?? '' })}>
                {t('edit')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={t('deleteOf', { name: c.name })} onClick={() => setDeleting(c)}>
                {t('delete')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} title={editing?.id ? t('categories.edit') : t('categories.new')} error={create.error ?? update.error} submit={(d) => (
        <Button loading={create.isPending || update.isPending} disabled={!d.name.trim()} onClick={() => save(d)}>
          {t('save')}
        </Button>
      )}>
        {(d) => (
          <>
            <TextInput label={t('name')} required maxLength={120} value={d.name} onChange={(e) => setEditing({ ...d, name: e.currentTarget.value })} />
            <Textarea label={t('description')} maxLength={2000} autosize minRows={2} value={d.description} onChange={(e) => setEditing({ ...d, description: e.currentTarget.value })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal opened={deleting !== null} title={t('deleteTitle', { name: shown?.name ?? t('categories.thisCategory') })} confirmLabel={t('delete')} cancelLabel={t('keepIt')} pending={remove.isPending} error={remove.error} onClose={closeDelete} onConfirm={() => remove.mutate(deleting!.id, { onSuccess: closeDelete })}>
        {t('categories.deleteText')}
      </ConfirmModal>
    </Page>
  );
}
