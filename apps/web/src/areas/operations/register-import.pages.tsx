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

const AGAIN = 'Running the same file again creates nothing: rows whose key already exists are updated where they differ, or left unchanged.';

const CATEGORIES: CsvImportKind<CategoryRow, 'name' | 'description'> = {
  title: 'Import asset categories',
  help: `A CSV file with a header row: name and description (optional). Names are unique in the company, whatever their case. ${AGAIN}`,
  columns: { name: ['name', 'category', 'category name'], description: ['description', 'notes'] },
  toRow: (cell) => (cell('name') ? { name: cell('name'), ...given(cell, ['description']) } : 'No name'),
  headings: ['Category', 'Description'],
  describe: (row) => [row.name, row.description ?? ''],
  sendEach: (rows) => ok(api.POST('/asset-categories/bulk-import', { body: { rows } })),
};

const VENDOR_COLUMNS = ['kind', 'contactName', 'email', 'phone', 'website', 'notes'] as const;
const VENDORS: CsvImportKind<VendorRow, 'name' | (typeof VENDOR_COLUMNS)[number]> = {
  title: 'Import vendors',
  help: `A CSV file with a header row: name, kind (SUPPLIER, MAINTAINER or BOTH; MAINTAINER for a new vendor when empty), contactName, email, phone, website and notes. ${AGAIN}`,
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
    if (!cell('name')) return 'No name';
    const { kind, ...contacts } = given(cell, VENDOR_COLUMNS);
    return { name: cell('name'), ...contacts, ...(kind ? { kind: kind.toUpperCase() as VendorRow['kind'] } : {}) };
  },
  headings: ['Vendor', 'Contact'],
  describe: (row) => [row.name, [row.contactName, row.email, row.phone].filter(Boolean).join(' · ')],
  sendEach: (rows) => ok(api.POST('/vendors/bulk-import', { body: { rows } })),
};

const ASSET_COLUMNS = ['vendorName', 'serialNumber', 'purchaseDate', 'warrantyUntil', 'status', 'notes'] as const;
const ASSETS: CsvImportKind<AssetRow, 'tag' | 'name' | 'outletCode' | 'categoryName' | (typeof ASSET_COLUMNS)[number]> = {
  title: 'Import assets',
  help: `A CSV file with a header row: tag, name, outletCode, categoryName, and optionally vendorName, serialNumber, purchaseDate and warrantyUntil (YYYY-MM-DD), status (ACTIVE when empty) and notes. The outlet, category and vendor must exist already; the tag is unique in the company. ${AGAIN}`,
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
    for (const [c, label] of [['tag', 'tag'], ['name', 'name'], ['outletCode', 'outlet code'], ['categoryName', 'category']] as const) if (!cell(c)) return `No ${label}`;
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
  headings: ['Asset', 'Tag · outlet · category'],
  describe: (row) => [row.name, `${row.tag} · ${row.outletCode} · ${row.categoryName}`],
  sendEach: (rows) => ok(api.POST('/assets/bulk-import', { body: { rows } })),
};

export function AssetCategoriesImportPage() {
  return <CsvImportPage kind={CATEGORIES} />;
}

export function VendorsImportPage() {
  return <CsvImportPage kind={VENDORS} />;
}

export function AssetsImportPage() {
  return <CsvImportPage kind={ASSETS} />;
}
