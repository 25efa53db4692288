import type { Area } from '../area';
import { lazyPage } from '../lazy-page';
import { EVERY_ROLE, PEOPLE_ADMIN_ROLES } from '../../auth/me';

const DeductionsPage = lazyPage(() => import('./deductions.page'), 'DeductionsPage');
const MyPayslipsPage = lazyPage(() => import('./my-payslips.page'), 'MyPayslipsPage');
const PaySettingsPage = lazyPage(() => import('./pay-settings.page'), 'PaySettingsPage');
const RunPage = lazyPage(() => import('./run.page'), 'RunPage');
const RunsPage = lazyPage(() => import('./runs.page'), 'RunsPage');

export const payrollArea: Area = {
  title: 'Payroll',
  nav: [
    { label: 'Pay runs', to: '/payroll/runs', roles: PEOPLE_ADMIN_ROLES },
    { label: 'Pay settings', to: '/payroll/pay-settings', roles: PEOPLE_ADMIN_ROLES },
    { label: 'Deductions', to: '/payroll/deductions', roles: PEOPLE_ADMIN_ROLES },
    { label: 'My payslips', to: '/payroll/payslips', roles: EVERY_ROLE },
  ],
  routes: [
    { path: 'payroll/runs', roles: PEOPLE_ADMIN_ROLES, element: <RunsPage /> },
    { path: 'payroll/runs/:id', roles: PEOPLE_ADMIN_ROLES, element: <RunPage /> },
    { path: 'payroll/pay-settings', roles: PEOPLE_ADMIN_ROLES, element: <PaySettingsPage /> },
    { path: 'payroll/deductions', roles: PEOPLE_ADMIN_ROLES, element: <DeductionsPage /> },
    { path: 'payroll/payslips', roles: EVERY_ROLE, element: <MyPayslipsPage /> },
  ],
};
