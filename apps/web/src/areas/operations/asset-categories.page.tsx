import { Button, Group, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
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
    <Page title="Asset categories" actions={
      admin ? (
        <Group gap="xs">
          <Button variant="light" component={Link} to="/operations/asset-categories/import">
            Import from CSV
          </Button>
          <Button onClick={() => setEditing({ id: null, name: '', description: '' })}>New category</Button>
        </Group>
      ) : null
    }>
      <DataTable query={categories} loadingLabel="Loading categories" empty="No categories yet." minWidth={520} columns={[
        { header: 'Category', cell: (c) => c.name },
        { header: 'Description', cell: (c) => c.description ?? '—' },
        { header: 'Assets', cell: (c) => c.assetCount },
        admin && {
          cell: (c) => (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="subtle" aria-label={`Edit ${c.name}`} onClick={() => setEditing({ id: c.id, name: c.name, description: c.description ?? '' })}>
                Edit
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={`Delete ${c.name}`} onClick={() => setDeleting(c)}>
                Delete
              </Button>
            </Group>
          ),
        },
      ]} />
      <DraftModal draft={editing} onClose={close} title={editing?.id ? 'Edit category' : 'New category'} error={create.error ?? update.error} submit={(d) => (
        <Button loading={create.isPending || update.isPending} disabled={!d.name.trim()} onClick={() => save(d)}>
          Save
        </Button>
      )}>
        {(d) => (
          <>
            <TextInput label="Name" required maxLength={120} value={d.name} onChange={(e) => setEditing({ ...d, name: e.currentTarget.value })} />
            <Textarea label="Description" maxLength={2000} autosize minRows={2} value={d.description} onChange={(e) => setEditing({ ...d, description: e.currentTarget.value })} />
          </>
        )}
      </DraftModal>
      <ConfirmModal opened={deleting !== null} title={`Delete ${shown?.name ?? 'category'}?`} confirmLabel="Delete" pending={remove.isPending} error={remove.error} onClose={closeDelete} onConfirm={() => remove.mutate(deleting!.id, { onSuccess: closeDelete })}>
        A category that still has assets is kept: move or delete its assets first.
      </ConfirmModal>
    </Page>
  );
}
