import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import { ComplianceService } from './rules/compliance.service.js';
import { ComplianceSettingsRepository } from './settings/compliance-settings.repository.js';
import { complianceSettingsRoutes } from './settings/compliance-settings.routes.js';
import { ComplianceSettingsService } from './settings/compliance-settings.service.js';
import { ViolationsRepository } from './violations/violations.repository.js';
import { violationsRoutes } from './violations/violations.routes.js';
import { ViolationsService } from './violations/violations.service.js';

/**
 * Working-time compliance (issue 31): rule packs and their assignment, the violations API, and the
 * ComplianceService that scheduling and time ask when they assign a shift or close a clock record.
 */
export function composeCompliance({ ds, transaction, clock, outletScopes, people }: Infrastructure, r: ApiRouter) {
  const settingsRepo = new ComplianceSettingsRepository();
  const violationsRepo = new ViolationsRepository();
  complianceSettingsRoutes(r, new ComplianceSettingsService(ds, settingsRepo, transaction, clock, people));
  violationsRoutes(r, new ViolationsService(ds, violationsRepo, transaction, clock, outletScopes, people));
  return { compliance: new ComplianceService(ds, settingsRepo, violationsRepo, outletScopes, clock) };
}
