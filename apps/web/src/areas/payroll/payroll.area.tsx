import type { Area } from '../area';
import { EVERY_ROLE, PEOPLE_ADMIN_ROLES } from '../../auth/me';
import { DeductionsPage } from './deductions.page';
import { MyPayslipsPage } from './my-payslips.page';
import { PaySettingsPage } from './pay-settings.page';
import { RunPage } from './run.page';
import { RunsPage } from './runs.page';

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
