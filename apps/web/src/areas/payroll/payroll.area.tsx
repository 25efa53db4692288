import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const DeductionsPage = lazyPage(() => import('./deductions.page'), 'DeductionsPage');
const MyPayslipsPage = lazyPage(() => import('./my-payslips.page'), 'MyPayslipsPage');
const PaySettingsPage = lazyPage(() => import('./pay-settings.page'), 'PaySettingsPage');
const RunPage = lazyPage(() => import('./run.page'), 'RunPage');
const RunsPage = lazyPage(() => import('./runs.page'), 'RunsPage');

export const payrollArea: Area = {
  ns: 'payroll',
  title: 'area.title',
  routes: [
    { path: 'payroll/runs', needs: ['getPayrollRuns'], nav: 'nav.payRuns', element: <RunsPage /> },
    { path: 'payroll/runs/:id', needs: ['getPayrollRunsById'], element: <RunPage /> },
    { path: 'payroll/pay-settings', needs: ['putUsersByIdPay'], nav: 'nav.paySettings', element: <PaySettingsPage /> },
    { path: 'payroll/deductions', needs: ['getPayrollDeductions'], nav: 'nav.deductions', element: <DeductionsPage /> },
    { path: 'payroll/payslips', needs: ['getPayrollPayslips'], nav: 'nav.myPayslips', element: <MyPayslipsPage /> },
  ],
};
