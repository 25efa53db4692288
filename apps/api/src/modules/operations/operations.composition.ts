import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { ShiftsService } from '../scheduling/shifts/shifts.service.js';
import { ChecklistRunsRepository } from './checklists/checklist-runs.repository.js';
import { ChecklistRunsService } from './checklists/checklist-runs.service.js';
import { checklistRunsRoutes } from './checklists/checklist-runs.routes.js';
import { ChecklistSchedulesRepository } from './checklists/checklist-schedules.repository.js';
import { ChecklistSchedulesService } from './checklists/checklist-schedules.service.js';
import { checklistSchedulesRoutes } from './checklists/checklist-schedules.routes.js';
import { ChecklistTemplatesRepository } from './checklists/checklist-templates.repository.js';
import { ChecklistTemplatesService } from './checklists/checklist-templates.service.js';
import { checklistTemplatesRoutes } from './checklists/checklist-templates.routes.js';
import { IssuesRepository } from './issues/issues.repository.js';
import { IssuesService } from './issues/issues.service.js';
import { issuesRoutes } from './issues/issues.routes.js';

/** Issues reported at outlets, and the checklists done there. */
export function composeOperations({ ds, transaction, clock, outletScopes, files, logger }: Infrastructure, r: ApiRouter, { shifts }: { shifts: ShiftsService }) {
  const issues = new IssuesService(new IssuesRepository(ds), shifts, transaction, clock, outletScopes);
  issuesRoutes(r, issues);

  const templates = new ChecklistTemplatesRepository(ds);
  checklistTemplatesRoutes(r, new ChecklistTemplatesService(templates, transaction, clock));
  checklistSchedulesRoutes(r, new ChecklistSchedulesService(new ChecklistSchedulesRepository(ds), templates, transaction, clock, outletScopes));
  const runs = new ChecklistRunsService(new ChecklistRunsRepository(ds), issues, transaction, clock, outletScopes, files, logger);
  checklistRunsRoutes(r, runs);

  // Every five minutes: a run's window is as short as five minutes, and MISSED should not wait longer than that.
  const jobs: JobDefinition[] = [{ name: 'checklist-runs', cron: '*/5 * * * *', run: async () => void (await runs.sweep()) }];
  return { jobs };
}
