import { api } from '../../api/client';
import { ok } from '../../api/errors';
import { CsvImportPage, type CsvImportKind } from '../../ui/csv-import';
import type { ImportRow, Role } from './people.queries';
import { ROLE_ORDER } from './roles';

const USERS: CsvImportKind<ImportRow, 'fullName' | 'email' | 'mobile' | 'role' | 'employeeCode'> = {
  ns: 'people',
  title: 'import.users.title',
  help: 'import.users.help',
  columns: {
    fullName: ['fullname', 'full name', 'name'],
    email: ['email', 'e-mail', 'email address'],
    mobile: ['mobile', 'phone', 'mobile number'],
    role: ['role'],
    employeeCode: ['employeecode', 'employee code', 'code'],
  },
  toRow: (cell) => {
    const role = (cell('role').toUpperCase().replace(/[\s-]+/g, '_') || 'STAFF') as Role;
    if (!cell('fullName')) return 'No name';
    if (!cell('email') && !cell('mobile')) return 'Needs an email address or a mobile number';
    if (!ROLE_ORDER.includes(role)) return `Unknown role ${cell('role')}`;
    return {
      fullName: cell('fullName'),
      role,
      ...(cell('email') ? { email: cell('email') } : {}),
      ...(cell('mobile') ? { mobile: cell('mobile') } : {}),
      ...(cell('employeeCode') ? { employeeCode: cell('employeeCode') } : {}),
    };
  },
  headings: ['import.users.name', 'import.users.contact'],
  describe: (row) => [row.fullName, [row.email, row.mobile].filter(Boolean).join(' · ')],
  send: (rows) => ok(api.POST('/users/bulk-import', { body: { rows } })),
};

export function ImportPage() {
  return <CsvImportPage kind={USERS} />;
}
