import { api } from '../../api/client';
import { ok } from '../../api/errors';
import type { Body } from '../../api/types';
import { CsvImportPage, type CsvImportKind } from '../../ui/csv-import';

type OutletRow = Body<'postOutletsBulkImport'>['rows'][number];

const OUTLETS: CsvImportKind<OutletRow, 'name' | 'code' | 'city' | 'address' | 'status'> = {
  ns: 'people',
  title: 'import.outlets.title',
  help: 'import.outlets.help',
  columns: {
    name: ['name', 'outlet', 'outlet name'],
    code: ['code', 'outlet code'],
    city: ['city', 'town'],
    address: ['address', 'street address'],
    status: ['status'],
  },
  toRow: (cell) => {
    const status = (cell('status').toUpperCase() || 'ACTIVE') as OutletRow['status'];
    if (!cell('name')) return 'No name';
    if (!cell('code')) return 'No code';
    if (!cell('city')) return 'No city';
    if (status !== 'ACTIVE' && status !== 'INACTIVE') return `Unknown status ${cell('status')}`;
    return { name: cell('name'), code: cell('code'), city: cell('city'), status, ...(cell('address') ? { address: cell('address') } : {}) };
  },
  headings: ['import.outlets.outlet', 'import.outlets.codeCity'],
  describe: (row) => [row.name, `${row.code} · ${row.city}`],
  send: (rows) => ok(api.POST('/outlets/bulk-import', { body: { rows } })),
};

export function OutletsImportPage() {
  return <CsvImportPage kind={OUTLETS} />;
}
