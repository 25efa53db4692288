import type { Infrastructure } from '../../composition/infrastructure.js';
import type { ApiRouter } from '../../http/api-router.js';
import type { ComplianceService } from '../compliance/rules/compliance.service.js';
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

/** Shifts, rosters, open shifts and swaps. */
export function composeScheduling(infra: Infrastructure, r: ApiRouter, { compliance }: { compliance: ComplianceService }) {
  const { ds, transaction, clock, outletScopes, people } = infra;
  const shiftsRepository = new ShiftsRepository(ds);
  const shifts = new ShiftsService(shiftsRepository, transaction, clock, outletScopes, people, compliance);
  shiftsRoutes(r, shifts);
  rostersRoutes(r, new RostersService(new RostersRepository(ds), shiftsRepository, shifts, transaction, clock, outletScopes, people));
  openShiftsRoutes(r, new OpenShiftsService(new OpenShiftsRepository(ds), shiftsRepository, shifts, transaction, clock, outletScopes, people));
  shiftSwapsRoutes(r, new ShiftSwapsService(new ShiftSwapsRepository(ds), shiftsRepository, shifts, transaction, clock, outletScopes));
  return { shifts };
}
