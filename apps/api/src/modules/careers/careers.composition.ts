import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { UsersService } from '../organization/users/users.service.js';
import type { UserOutletsService } from '../organization/user-outlets/user-outlets.service.js';
import type { BrandingService } from '../organization/branding/branding.service.js';
import { JobsRepository } from './jobs/jobs.repository.js';
import { JobsService } from './jobs/jobs.service.js';
import { jobsRoutes } from './jobs/jobs.routes.js';
import { ApplicationsRepository } from './applications/applications.repository.js';
import { ApplicationsService } from './applications/applications.service.js';
import { applicationsRoutes } from './applications/applications.routes.js';
import { CareersPageRepository } from './page/careers-page.repository.js';
import { CareersPageService } from './page/careers-page.service.js';
import { careersPageRoutes } from './page/careers-page.routes.js';

export interface CareersDeps {
  /** A hired applicant becomes a user, placed in the job's outlet. */
  users: UsersService;
  userOutlets: UserOutletsService;
  /** The careers page wears the tenant's branding. */
  branding: BrandingService;
}

/** Job postings, applications and the public careers page. */
export function composeCareers(infra: Infrastructure, r: ApiRouter, deps: CareersDeps) {
  const { ds, transaction, files, clock, logger } = infra;
  const jobsRepository = new JobsRepository(ds);
  const applicationsRepository = new ApplicationsRepository(ds);
  jobsRoutes(r, new JobsService(jobsRepository, transaction, clock));
  const applications = new ApplicationsService(applicationsRepository, transaction, files, deps.users, deps.userOutlets, clock, logger, infra.config.careersRetentionDays);
  applicationsRoutes(r, applications);
  careersPageRoutes(r, new CareersPageService(new CareersPageRepository(ds), jobsRepository, applicationsRepository, transaction, files, infra.secrets, clock, logger, deps.branding));
  // Daily: decided applications past the retention period are erased with their résumés.
  const jobs: JobDefinition[] = [{ name: 'careers-retention', cron: '41 3 * * *', run: async () => void (await applications.purgeDecided()) }];
  return { jobs };
}
