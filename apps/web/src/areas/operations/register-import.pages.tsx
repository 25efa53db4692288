import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ok } from '../../api/errors';
import type { Body } from '../../api/types';
import { CsvImportPage, type CsvImportKind } from '../../ui/csv-import';

type CategoryRow = Body<'postAssetCategoriesBulkImport'>['rows'][number];
type VendorRow = Body<'postVendorsBulkImport'>['rows'][number];
type AssetRow = Body<'postAssetsBulkImport'>['rows'][number];

/** The cells a row has, without the empty ones: the API leaves a field a row does not give as it is. */
function given<C extends string>(cell: (c: C) => string, columns: readonly C[]): Partial<Record<C, string>> {
  return Object.fromEntries(columns.map((c) => [c, cell(c)]).filter(([, v]) => v !== '')) as Partial<Record<C, string>>;
}

type T = TFunction<'operations'>;

const categories = (t: T): CsvImportKind<CategoryRow, 'name' | 'description'> => ({
  title: t('import.categories.title'),
  help: t('import.categories.help', { again: t('import.again') }),
  columns: { name: ['name', 'category', 'category name'], description: ['description', 'notes'] },
  toRow: (cell) => (cell('name') ? { name: cell('name'), ...given(cell, ['description']) } : t('import.noName')),
  headings: [t('category'), t('description')],
  describe: (row) => [row.name, row.description ?? ''],
  sendEach: (rows) => ok(api.POST('/asset-categories/bulk-import', { body: { rows } })),
});

const VENDOR_COLUMNS = ['kind', 'contactName', 'email', 'phone', 'website', 'notes'] as const;
const vendors = (t: T): CsvImportKind<VendorRow, 'name' | (typeof VENDOR_COLUMNS)[number]> => ({
  title: t('import.vendors.title'),
  help: t('import.vendors.help', { again: t('import.again') }),
  columns: {
    name: ['name', 'vendor', 'vendor name', 'company'],
    kind: ['kind', 'type'],
    contactName: ['contactname', 'contact name', 'contact'],
    email: ['email', 'e-mail'],
    phone: ['phone', 'telephone', 'mobile'],
    website: ['website', 'web', 'url'],
    notes: ['notes'],
  },
  toRow: (cell) => {
    if (!cell('name')) return t('import.noName');
    const { kind, ...contacts } = given(cell, VENDOR_COLUMNS);
    return { name: cell('name'), ...contacts, ...(kind ? { kind: kind.toUpperCase() as VendorRow['kind'] } : {}) };
  },
  headings: [t('vendor'), t('vendors.contact')],
  describe: (row) => [row.name, [row.contactName, row.email, row.phone].filter(Boolean).join(' · ')],
  sendEach: (rows) => ok(api.POST('/vendors/bulk-import', { body: { rows } })),
});

const ASSET_COLUMNS = ['vendorName', 'serialNumber', 'purchaseDate', 'warrantyUntil', 'status', 'notes'] as const;
const assets = (t: T): CsvImportKind<AssetRow, 'tag' | 'name' | 'outletCode' | 'categoryName' | (typeof ASSET_COLUMNS)[number]> => ({
  title: t('import.assets.title'),
  help: t('import.assets.help', { again: t('import.again') }),
  columns: {
    tag: ['tag', 'asset tag'],
    name: ['name', 'asset', 'asset name'],
    outletCode: ['outletcode', 'outlet code', 'outlet'],
    categoryName: ['categoryname', 'category name', 'category'],
    vendorName: ['vendorname', 'vendor name', 'vendor'],
    serialNumber: ['serialnumber', 'serial number', 'serial'],
    purchaseDate: ['purchasedate', 'purchase date', 'purchased'],
    warrantyUntil: ['warrantyuntil', 'warranty until', 'warranty'],
    status: ['status'],
    notes: ['notes'],
  },
  toRow: (cell) => {
    for (const c of ['tag', 'name', 'outletCode', 'categoryName'] as const) if (!cell(c)) return t(`import.missing.${c}`);
    const { status, ...fields } = given(cell, ASSET_COLUMNS);
    return {
      tag: cell('tag'),
      name: cell('name'),
      outletCode: cell('outletCode'),
      categoryName: cell('categoryName'),
      ...fields,
      ...(status ? { status: status.toUpperCase().replace(/[\s-]+/g, '_') as AssetRow['status'] } : {}),
    };
  },
  headings: [t('assets.asset'), t('import.assets.keyHeading')],
  describe: (row) => [row.name, `${row.tag} · ${row.outletCode} · ${row.categoryName}`],
  sendEach: (rows) => ok(api.POST('/assets/bulk-import', { body: { rows } })),
});

/** An import page whose texts follow the reader's language. */
function useKind<K>(of: (t: T) => K): K {
  const { t } = useTranslation('operations');
  return useMemo(() => of(t), [of, t]);
}

export function AssetCategoriesImportPage() {
  return <CsvImportPage kind={useKind(categories)} />;
}

export function VendorsImportPage() {
  return <CsvImportPage kind={useKind(vendors)} />;
}

export function AssetsImportPage() {
  return <CsvImportPage kind={useKind(assets)} />;
}
