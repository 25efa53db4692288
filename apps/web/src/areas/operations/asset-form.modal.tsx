import { Badge, Button, Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutlets } from '../../api/shared.queries';
import { mayCall, useMe } from '../../auth/me';
import { DraftModal } from '../../ui/form-actions';

import { useAssetCategories, useCreateAsset, useUpdateAsset, useVendors, type Asset, type AssetStatus } from './operations.queries';

export const ASSET_STATUSES: AssetStatus[] = ['ACTIVE', 'UNDER_MAINTENANCE', 'OUT_OF_SERVICE', 'RETIRED'];
const STATUS_COLOUR: Record<AssetStatus, string> = { ACTIVE: 'green', UNDER_MAINTENANCE: 'yellow', OUT_OF_SERVICE: 'red', RETIRED: 'gray' };

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  const { t } = useTranslation('operations');
  return (
    <Badge variant="light" color={STATUS_COLOUR[status]}>
      {t(`assetStatus.${status}`)}
    </Badge>
  );
}

export interface AssetDraft {
  id: string | null;
  outletId: string | null;
  categoryId: string | null;
  vendorId: string | null;
  name: string;
  tag: string;
  serialNumber: string;
  purchaseDate: string;
  warrantyUntil: string;
  status: AssetStatus;
  notes: string;
}

export const NEW_ASSET: AssetDraft = { id: null, outletId: null, categoryId: null, vendorId: null, name: '', tag: '', serialNumber: '', purchaseDate: '', warrantyUntil: '', status: 'ACTIVE', notes: '' };

export function draftOf(a: Asset): AssetDraft {
  return {
    id: a.id,
    outletId: a.outlet.id,
    categoryId: a.category.id,
    vendorId: a.vendor?.id ?? null,
    name: a.name,
    tag: a.tag,
    serialNumber: a.serialNumber ?? '',
    purchaseDate: a.purchaseDate ?? '',
    warrantyUntil: a.warrantyUntil ?? '',
    status: a.status,
    notes: a.notes ?? '',
  };
}

function withoutNulls<T extends object>(o: T): { [K in keyof T]?: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null)) as { [K in keyof T]?: Exclude<T[K], null> };
}

/** Registers an asset or edits one: an empty optional field is left out of a new asset and cleared on an existing one. */
export function AssetFormModal({ draft, onChange, onClose }: { draft: AssetDraft | null; onChange: (d: AssetDraft) => void; onClose: () => void }) {
  const { t } = useTranslation('operations');
  const me = useMe();
  const outlets = useOutlets();
  const categories = useAssetCategories();
  const vendors = useVendors(mayCall(me.data, 'getVendors'));
  const create = useCreateAsset();
  const update = useUpdateAsset();
  const close = () => {
    create.reset();
    update.reset();
    onClose();
  };
  const save = (d: AssetDraft) => {
    const base = { outletId: d.outletId!, categoryId: d.categoryId!, name: d.name.trim(), tag: d.tag.trim(), status: d.status };
    const optional = { vendorId: d.vendorId || null, serialNumber: d.serialNumber.trim() || null, purchaseDate: d.purchaseDate || null, warrantyUntil: d.warrantyUntil || null, notes: d.notes.trim() || null };
    if (d.id) update.mutate({ id: d.id, body: { ...base, ...optional } }, { onSuccess: close });
    else create.mutate({ ...base, ...withoutNulls(optional) }, { onSuccess: close });
  };
  const field = <K extends keyof AssetDraft>(d: AssetDraft, key: K) => (value: AssetDraft[K]) => onChange({ ...d, [key]: value });
  return (
    <DraftModal draft={draft} onClose={close} title={draft?.id ? t('assets.edit') : t('assets.new')} error={create.error ?? update.error} submit={(d) => (
      <Button loading={create.isPending || update.isPending} disabled={!d.outletId || !d.categoryId || !d.name.trim() || !d.tag.trim()} onClick={() => save(d)}>
        {t('save')}
      </Button>
    )}>
      {(d) => (
        <>
          <TextInput label={t('name')} required maxLength={200} value={d.name} onChange={(e) => field(d, 'name')(e.currentTarget.value)} />
          <TextInput label={t('asset.tag')} description={t('assets.tagHelp')} required maxLength={60} value={d.tag} onChange={(e) => field(d, 'tag')(e.currentTarget.value)} />
          <Select label={t('outlet')} required searchable data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={d.outletId} onChange={field(d, 'outletId')} />
          <Select label={t('category')} required searchable data={(categories.data ?? []).map((c) => ({ value: c.id, label: c.name }))} value={d.categoryId} onChange={field(d, 'categoryId')} />
          {vendors.data ? <Select label={t('vendor')} clearable searchable data={vendors.data.map((v) => ({ value: v.id, label: v.name }))} value={d.vendorId} onChange={field(d, 'vendorId')} /> : null}
          <TextInput label={t('asset.serialNumber')} maxLength={100} value={d.serialNumber} onChange={(e) => field(d, 'serialNumber')(e.currentTarget.value)} />
          <TextInput label={t('asset.purchasedOn')} type="date" value={d.purchaseDate} onChange={(e) => field(d, 'purchaseDate')(e.currentTarget.value)} />
          <TextInput label={t('asset.warrantyUntil')} type="date" value={d.warrantyUntil} onChange={(e) => field(d, 'warrantyUntil')(e.currentTarget.value)} />
          <Select label={t('status')} allowDeselect={false} data={ASSET_STATUSES.map((s) => ({ value: s, label: t(`assetStatus.${s}`) }))} value={d.status} onChange={(v) => v && field(d, 'status')(v as AssetStatus)} />
          <Textarea label={t('asset.notes')} maxLength={2000} autosize minRows={2} value={d.notes} onChange={(e) => field(d, 'notes')(e.currentTarget.value)} />
        </>
      )}
    </DraftModal>
  );
}
