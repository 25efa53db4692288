import { Anchor, Badge, Button, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOutlets } from '../../api/shared.queries';
import { mayCall, useMe } from '../../auth/me';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { formatDay } from '../../ui/format';
import { useLastShown } from '../../ui/last-shown';
import { Page } from '../../ui/page';
import { ASSET_STATUSES, AssetFormModal, AssetStatusBadge, draftOf, NEW_ASSET, type AssetDraft } from './asset-form.modal';
import { useAssetCategories, useAssets, useDeleteAsset, type Asset, type AssetStatus } from './operations.queries';
import { localToday } from '../../ui/shift-time';

const SOON_DAYS = 30;

/** Days from today to a calendar day (negative once it has passed). */
function daysUntil(ymd: string): number {
  return Math.round((Date.parse(`${ymd}T00:00:00Z`) - Date.parse(`${localToday()}T00:00:00Z`)) / 86_400_000);
}

export function Warranty({ until }: { until: string | null }) {
  const { t } = useTranslation('operations');
  if (!until) return <>—</>;
  const left = daysUntil(until);
  return (
    <Group gap={6} wrap="nowrap">
      {formatDay(until)}
      {left < 0 ? <Badge size="sm" color="gray" variant="light">{t('assets.warrantyEnded')}</Badge> : left <= SOON_DAYS ? <Badge size="sm" color="orange" variant="light">{t('assets.warrantyEndsIn', { days: left })}</Badge> : null}
    </Group>
  );
}

/** The asset register: what stands at each outlet, filtered; managers register, edit and import assets. */
export function AssetsPage() {
  const { t } = useTranslation('operations');
  const me = useMe();
  const writer = mayCall(me.data, 'postAssets');
  const outlets = useOutlets();
  const categories = useAssetCategories();
  const [outletId, setOutletId] = useState<string | null>(null);
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const assets = useAssets({
    ...(outletId ? { outletId } : {}),
    ...(categoryId ? { categoryId } : {}),
    ...(status ? { status: status as AssetStatus } : {}),
    ...(debounced ? { search: debounced } : {}),
  });
  const [editing, setEditing] = useState<AssetDraft | null>(null);
  const [deleting, setDeleting] = useState<Asset | null>(null);
  const shownDeleting = useLastShown(deleting);
  const remove = useDeleteAsset();
  const closeDelete = () => {
    remove.reset();
    setDeleting(null);
  };
  return (
    <Page title={t('assets.title')} actions={
      writer ? (
        <Group gap="xs">
          <Button variant="light" component={Link} to="/operations/assets/import">
            {t('importCsv')}
          </Button>
          <Button onClick={() => setEditing(NEW_ASSET)}>{t('assets.new')}</Button>
        </Group>
      ) : null
    }>
      <Group align="flex-end" gap="sm">
        <TextInput label={t('assets.search')} placeholder={t('assets.searchPlaceholder')} value={search} onChange={(e) => setSearch(e.currentTarget.value)} maxLength={100} w={220} />
        <Select label={t('outlet')} placeholder={t('anyOutlet')} clearable data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} w={200} />
        <Select label={t('category')} placeholder={t('assets.anyCategory')} clearable data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} value={categoryId} onChange={setCategoryId} w={200} />
        <Select label={t('status')} placeholder={t('anyStatus')} clearable data={ASSET_STATUSES.map((s) => ({ value: s, label: t(`assetStatus.${s}`) }))} value={status} onChange={setStatus} w={200} />
      </Group>
      <DataTable query={assets} loadingLabel={t('assets.loading')} empty={t('assets.empty')} minWidth={820} columns={[
        {
          header: t('assets.asset'),
          cell: (a) => (
            <>
              <Anchor component={Link} to={`/operations/assets/${a.id}`}>
                {a.name}
              </Anchor>
              <Text size="xs" c="dimmed">
                {a.serialNumber ? t('assets.tagSerial', { tag: a.tag, serial: a.serialNumber }) : a.tag}
              </Text>
            </>
          ),
        },
        { header: t('outlet'), cell: (a) => a.outlet.name },
        { header: t('category'), cell: (a) => a.category.name },
        { header: t('vendor'), cell: (a) => a.vendor?.name ?? '—' },
        { header: t('assets.warranty'), cell: (a) => <Warranty until={a.warrantyUntil} /> },
        { header: t('status'), cell: (a) => <AssetStatusBadge status={a.status} /> },
        writer && {
          cell: (a) => (
            <Group gap={4} wrap="nowrap">
              <Button size="compact-sm" variant="subtle" aria-label={t('editOf', { name: a.name })} onClick={() => setEditing(draftOf(a))}>
                {t('edit')}
              </Button>
              <Button size="compact-sm" variant="subtle" color="red" aria-label={t('deleteOf', { name: a.name })} onClick={() => setDeleting(a)}>
                {t('delete')}
              </Button>
            </Group>
          ),
        },
      ]} />
      <AssetFormModal draft={editing} onChange={setEditing} onClose={() => setEditing(null)} />
      <ConfirmModal opened={deleting !== null} title={t('deleteTitle', { name: shownDeleting?.name ?? t('assets.thisAsset') })} confirmLabel={t('delete')} cancelLabel={t('keepIt')} pending={remove.isPending} error={remove.error} onClose={closeDelete} onConfirm={() => remove.mutate(deleting!.id, { onSuccess: closeDelete })}>
        {t('assets.deleteText')}
      </ConfirmModal>
    </Page>
  );
}
