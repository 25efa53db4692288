import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
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

/** Shifts, rosters, open shifts, swaps and availability. */
export function composeScheduling(infra: Infrastructure, r: ApiRouter) {
  const { ds, transaction, clock, outletScopes, people } = infra;
  const shiftsRepository = new ShiftsRepository(ds);
  const availability = new AvailabilityService(new AvailabilityRepository(ds), new LeaveRepository(ds), transaction, clock, outletScopes, people);
  availabilityRoutes(r, availability);
  const shifts = new ShiftsService(shiftsRepository, transaction, clock, outletScopes, people, availability);
  shiftsRoutes(r, shifts);
  rostersRoutes(r, new RostersService(new RostersRepository(ds), shiftsRepository, shifts, transaction, clock, outletScopes, people, availability));
  openShiftsRoutes(r, new OpenShiftsService(new OpenShiftsRepository(ds), shiftsRepository, transaction, clock, outletScopes, people, availability));
  shiftSwapsRoutes(r, new ShiftSwapsService(new ShiftSwapsRepository(ds), shiftsRepository, transaction, clock, outletScopes));
  return { shifts, availability };
}
