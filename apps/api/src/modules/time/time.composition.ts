import type { JobDefinition } from '@wfm/jobs/job-runner';
import type { Notifier } from '../notifications/centre/centre.service.js';
import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { ShiftsService } from '../scheduling/shifts/shifts.service.js';
import type { ComplianceService } from '../compliance/rules/compliance.service.js';
import { KiosksRepository } from './kiosks/kiosks.repository.js';
import { kiosksRoutes } from './kiosks/kiosks.routes.js';
import { KiosksService } from './kiosks/kiosks.service.js';
import { PoliciesRepository } from './policies/policies.repository.js';
import { PoliciesService } from './policies/policies.service.js';
import { policiesRoutes } from './policies/policies.routes.js';
import { AttendanceRepository } from './attendance/attendance.repository.js';
import { AttendanceService } from './attendance/attendance.service.js';
import { attendanceRoutes } from './attendance/attendance.routes.js';
import { LeaveRepository } from './leave/leave.repository.js';
import { LeaveService } from './leave/leave.service.js';
import { leaveRoutes } from './leave/leave.routes.js';
import { LeaveAccrualRepository } from './leave-accrual/leave-accrual.repository.js';
import { LeaveAccrualService } from './leave-accrual/leave-accrual.service.js';
import { leaveAccrualRoutes } from './leave-accrual/leave-accrual.routes.js';

/** The leave ledger: made ahead of the time domain, because offboarding (people) settles from it. */
export function composeLeaveLedger({ ds, transaction, clock, outletScopes, people, logger }: Infrastructure): LeaveAccrualService {
  return new LeaveAccrualService(new LeaveAccrualRepository(ds), transaction, clock, outletScopes, people, logger);
}

/** Time policies, attendance against shifts, the kiosks that clock people in, and leave. */
export function composeTime(
  infra: Infrastructure,
  r: ApiRouter,
  { shifts, leaveLedger, compliance, notifier }: { shifts: ShiftsService; leaveLedger: LeaveAccrualService; compliance: ComplianceService; notifier: Notifier },
) {
  const { ds, transaction, clock, outletScopes, logger, people } = infra;
  const policies = new PoliciesService(new PoliciesRepository(ds), transaction, clock);
  policiesRoutes(r, policies);
  const attendance = new AttendanceService(new AttendanceRepository(ds), shifts, policies, transaction, clock, outletScopes, logger, people, compliance);
  attendanceRoutes(r, attendance, infra.publicLists);
  kiosksRoutes(r, new KiosksService(new KiosksRepository(ds), transaction, infra.secrets, infra.passwords, attendance, outletScopes, clock, people));
  leaveRoutes(r, new LeaveService(new LeaveRepository(ds), notifier.transactions(transaction), clock, outletScopes, leaveLedger, notifier), infra.publicLists);
  leaveAccrualRoutes(r, leaveLedger);
  const jobs: JobDefinition[] = [
    { name: 'missed-clock-out', cron: '*/5 * * * *', run: async () => void (await attendance.closeMissedClockOuts(infra.config.missedClockOutGraceMs)) },
    // Hourly, so each tenant's month is posted soon after it ends in its own timezone.
    { name: 'leave-accrual', cron: '41 * * * *', run: async () => void (await leaveLedger.runAccrual()) },
  ];
  return { jobs };
}
