import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { ComplianceService } from '../compliance/rules/compliance.service.js';
import type { Notifier } from '../notifications/centre/centre.service.js';
import { ShiftsRepository } from './shifts/shifts.repository.js';
import { ShiftsService } from './shifts/shifts.service.js';
import { shiftsRoutes } from './shifts/shifts.routes.js';
import { RostersRepository } from './rosters/rosters.repository.js';
import { RostersService } from './rosters/rosters.service.js';
import { rostersRoutes } from './rosters/rosters.routes.js';
import { OpenShiftsRepository } from './open-shifts/open-shifts.repository.js';
import { OpenShiftsService } from './open-shifts/open-shifts.service.js';
import { openShiftsRoutes } from './open-shifts/open-shifts.routes.js';
import { ShiftSwapsRepository } from './swaps/shift-swaps.repository.js';
import { ShiftSwapsService } from './swaps/shift-swaps.service.js';
import { shiftSwapsRoutes } from './swaps/shift-swaps.routes.js';
import { AvailabilityRepository } from './availability/availability.repository.js';
import { AvailabilityService } from './availability/availability.service.js';
import { availabilityRoutes } from './availability/availability.routes.js';
import { LeaveRepository } from '../time/leave/leave.repository.js';
import { StaffingTargetsRepository } from './staffing-targets/staffing-targets.repository.js';
import { StaffingTargetsService } from './staffing-targets/staffing-targets.service.js';
import { staffingTargetsRoutes } from './staffing-targets/staffing-targets.routes.js';
import { ContractLimitsLookup } from './auto-scheduler/contract-limits.lookup.js';
import { ComplianceLimitsLookup } from './auto-scheduler/compliance-limits.lookup.js';
import { ProposalsRepository } from './auto-scheduler/proposals.repository.js';
import { ProposalsService } from './auto-scheduler/proposals.service.js';
import { proposalsRoutes } from './auto-scheduler/proposals.routes.js';
import { SchedulerInputBuilder } from './auto-scheduler/scheduler-input.js';
import { SolverThread } from './auto-scheduler/solver.thread.js';
import type { AvailabilityLookup } from './auto-scheduler/scheduler.ports.js';
import { ShiftTemplatesRepository } from './shift-templates/shift-templates.repository.js';
import { ShiftTemplatesService } from './shift-templates/shift-templates.service.js';
import { shiftTemplatesRoutes } from './shift-templates/shift-templates.routes.js';
import { WeekPlanRepository } from './week-plan/week-plan.repository.js';
import { WeekPlanService } from './week-plan/week-plan.service.js';
import { weekPlanRoutes } from './week-plan/week-plan.routes.js';

/** Shifts, rosters, open shifts, swaps, availability, staffing targets and the auto-scheduler's proposals. */
export function composeScheduling(infra: Infrastructure, r: ApiRouter, { compliance, notifier }: { compliance: ComplianceService; notifier: Notifier }) {
  const { ds, clock, outletScopes, people, logger } = infra;
  // Publishing, changing, offering and swapping shifts tell people once their transaction commits.
  const transaction = notifier.transactions(infra.transaction);
  const shiftsRepository = new ShiftsRepository(ds);
  const availability = new AvailabilityService(new AvailabilityRepository(ds), new LeaveRepository(ds), transaction, clock, outletScopes, people);
  availabilityRoutes(r, availability);
  const shifts = new ShiftsService(shiftsRepository, transaction, clock, outletScopes, people, availability, compliance, notifier);
  shiftsRoutes(r, shifts, infra.publicLists);
  const rostersRepository = new RostersRepository(ds);
  rostersRoutes(r, new RostersService(rostersRepository, shiftsRepository, shifts, transaction, clock, outletScopes, people, availability, notifier));
  openShiftsRoutes(r, new OpenShiftsService(new OpenShiftsRepository(ds), shiftsRepository, shifts, transaction, clock, outletScopes, people, availability, notifier));
  shiftSwapsRoutes(r, new ShiftSwapsService(new ShiftSwapsRepository(ds), shiftsRepository, shifts, transaction, clock, outletScopes, notifier));
  staffingTargetsRoutes(r, new StaffingTargetsService(new StaffingTargetsRepository(ds), transaction, clock, outletScopes));
  shiftTemplatesRoutes(r, new ShiftTemplatesService(new ShiftTemplatesRepository(ds), clock, outletScopes));
  weekPlanRoutes(r, new WeekPlanService(new WeekPlanRepository(ds), shiftsRepository, availability, outletScopes));
  // The solver reads people's time as the assigning paths check it: weekly windows, time off, approved leave.
  const peopleTime: AvailabilityLookup = { forPeople: (tenantId, userIds, from, to) => availability.between(null, tenantId, userIds, from, to) };
  const limits = new ComplianceLimitsLookup(compliance, new ContractLimitsLookup(ds));
  const solver = new SolverThread();
  const world = new SchedulerInputBuilder(ds, peopleTime, limits, people);
  const proposals = new ProposalsService(new ProposalsRepository(ds), world, solver, shiftsRepository, rostersRepository, transaction, clock, outletScopes, people, logger, compliance, notifier, (task) => infra.held.afterCommit(task));
  proposalsRoutes(r, proposals);
  const jobs: JobDefinition[] = [{ name: 'abandoned-proposals', cron: '*/5 * * * *', run: async () => void (await proposals.sweepAbandoned()) }];
  return { shifts, availability, jobs, close: () => solver.close() };
}
