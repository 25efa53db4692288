import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { PayrollRepository } from './runs/payroll.repository.js';
import { PayrollService } from './runs/payroll.service.js';
import { payrollRoutes } from './runs/payroll.routes.js';
import { AccountingRepository } from './accounting/accounting.repository.js';
import { AccountingService } from './accounting/accounting.service.js';
import { accountingRoutes } from './accounting/accounting.routes.js';
import { XeroClient } from './accounting/xero.client.js';
import type { ComplianceService } from '../compliance/rules/compliance.service.js';
import { PremiumsRepository } from './premiums/premiums.repository.js';
import { PremiumsService } from './premiums/premiums.service.js';

/** Payroll runs, with the premium pay working-time rules owe, and their export to accounting (Xero). */
export function composePayroll(infra: Infrastructure, r: ApiRouter, { companyName, compliance }: { companyName: (tenantId: string) => Promise<string>; compliance: ComplianceService }): void {
  const { config, ds, transaction, clock } = infra;
  const payroll = new PayrollService(new PayrollRepository(ds), transaction, clock, infra.people, new PremiumsService(new PremiumsRepository(), compliance));
  payrollRoutes(r, payroll, companyName, infra.pdf);
  const xero = config.xero && new XeroClient(config.xero, () => clock.now().getTime());
  accountingRoutes(r, new AccountingService(new AccountingRepository(ds), xero, payroll, infra.encryptor, transaction, clock, `${infra.publicBaseUrl}/payroll/accounting/callback`), infra.appUrl);
}
