import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const ContractsPage = lazyPage(() => import('./contracts.page'), 'ContractsPage');
const DisciplinaryPage = lazyPage(() => import('./disciplinary.page'), 'DisciplinaryPage');
const OffboardingListPage = lazyPage(() => import('./offboarding.page'), 'OffboardingListPage');
const OffboardingPage = lazyPage(() => import('./offboarding.page'), 'OffboardingPage');
const LeaveBalancesPage = lazyPage(() => import('./leave-balances.page'), 'LeaveBalancesPage');
const LeaveBalancePage = lazyPage(() => import('./leave-balances.page'), 'LeaveBalancePage');

/**
 * Everyone reads their own contracts and disciplinary record; HR writes contracts, issues
 * disciplinary actions and runs offboarding. Leave balances are for those who decide other people's
 * leave (every role but STAFF, within their scope); everyone sees their own on My leave.
 */
export const hrArea: Area = {
  ns: 'hr',
  title: 'area.title',
  routes: [
    { path: 'hr/contracts', needs: ['getContracts'], nav: 'nav.contracts', element: <ContractsPage /> },
    { path: 'hr/disciplinary', needs: ['getDisciplinaryActions'], nav: 'nav.disciplinary', element: <DisciplinaryPage /> },
    { path: 'hr/offboarding', needs: ['getOffboarding'], nav: 'nav.offboarding', element: <OffboardingListPage /> },
    { path: 'hr/offboarding/:id', needs: ['getOffboardingById'], element: <OffboardingPage /> },
    { path: 'hr/leave-balances', needs: ['getLeaveBalances', 'postLeaveRequestsByIdApprove'], nav: 'nav.leaveBalances', element: <LeaveBalancesPage /> },
    { path: 'hr/leave-balances/:userId', needs: ['getLeaveBalancesByUserId', 'postLeaveRequestsByIdApprove'], element: <LeaveBalancePage /> },
  ],
};
