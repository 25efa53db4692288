import { ACCESS_READERS } from '@wfm/core/role-sets';
import type { ApiRouter } from '../../../http/api-router.js';
import { reportRoutes, type ReportOutputs } from '../shared/report.routes.js';
import type { DoorAccessReport } from './door-access.service.js';
import { DoorAccessRow } from './door-access.schemas.js';

export function doorAccessRoutes(r: ApiRouter, report: DoorAccessReport, out: ReportOutputs): void {
  reportRoutes(
    r,
    {
      path: 'door-access',
      title: 'Door access',
      summary: 'Door taps allowed and denied per zone and person (outlet filter: the zones of that outlet)',
      row: DoorAccessRow,
      columns: [
        { header: 'zone', value: (x) => x.zoneName },
        { header: 'zone_id', value: (x) => x.zoneId, printed: false },
        { header: 'person', value: (x) => x.userName },
        { header: 'user_id', value: (x) => x.userId, printed: false },
        { header: 'granted', value: (x) => x.granted },
        { header: 'denied', value: (x) => x.denied },
      ],
      roles: ACCESS_READERS,
      plan: 'accessControl',
      run: (caller, filters) => report.run(caller, filters),
    },
    out,
  );
}
