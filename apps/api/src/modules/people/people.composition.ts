import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { UsersService } from '../organization/users/users.service.js';
import { ContractsRepository } from './contracts/contracts.repository.js';
import { ContractsService } from './contracts/contracts.service.js';
import { ContractImportService } from './contracts/contract-import.service.js';
import { contractsRoutes } from './contracts/contracts.routes.js';
import { DisciplinaryRepository } from './disciplinary/disciplinary.repository.js';
import { DisciplinaryService } from './disciplinary/disciplinary.service.js';
import { disciplinaryRoutes } from './disciplinary/disciplinary.routes.js';
import { TrainingRepository } from './training/training.repository.js';
import { TrainingService } from './training/training.service.js';
import { trainingRoutes } from './training/training.routes.js';
import { OffboardingRepository } from './offboarding/offboarding.repository.js';
import { OffboardingService } from './offboarding/offboarding.service.js';
import { offboardingRoutes } from './offboarding/offboarding.routes.js';
import type { LeaveAccrualService } from '../time/leave-accrual/leave-accrual.service.js';

/** The contracts the users' bulk import writes: made before the organization domain, which needs it. */
export function composeContractImport({ ds }: Infrastructure): ContractImportService {
  return new ContractImportService(new ContractsRepository(ds));
}

/** Contracts, training, disciplinary records and offboarding: HR around the organization's users. */
export function composePeople(infra: Infrastructure, r: ApiRouter, { users, leaveLedger }: { users: UsersService; leaveLedger: LeaveAccrualService }) {
  const { ds, transaction, clock, people } = infra;
  const contracts = new ContractsService(new ContractsRepository(ds), transaction, clock, infra.logger, users, people);
  contractsRoutes(r, contracts);
  trainingRoutes(r, new TrainingService(new TrainingRepository(ds), transaction, clock));
  disciplinaryRoutes(r, new DisciplinaryService(new DisciplinaryRepository(ds), transaction, clock, people));
  offboardingRoutes(r, new OffboardingService(new OffboardingRepository(ds), contracts, users, transaction, clock, people, leaveLedger));
  // Daily per tenant: run hourly, each tenant's contracts expire once its own date has turned.
  const jobs: JobDefinition[] = [{ name: 'contract-expiry', cron: '7 * * * *', run: async () => void (await contracts.expirePastEndDate()) }];
  return { jobs };
}
