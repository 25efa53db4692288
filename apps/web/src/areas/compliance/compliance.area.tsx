import type { Area } from '../area';
import { lazyPage } from '../lazy-page';

const ComplianceRulesPage = lazyPage(() => import('./compliance-rules.page'), 'ComplianceRulesPage');
const ComplianceViolationsPage = lazyPage(() => import('./compliance-violations.page'), 'ComplianceViolationsPage');

/** Issue 31: the working-time rule packs the company follows, their modes and its own limits; the breaches recorded. */
export const complianceArea: Area = {
  ns: 'compliance',
  title: 'area.title',
  routes: [
    { path: 'compliance/rules', needs: ['getCompliancePacks', 'getComplianceSettings'], nav: 'nav.workingTimeRules', element: <ComplianceRulesPage /> },
    { path: 'compliance/violations', needs: ['getComplianceViolations', 'getUsers'], nav: 'nav.ruleViolations', element: <ComplianceViolationsPage /> },
  ],
};
