import { MANAGERS } from '@wfm/core/role-sets';
import type { ApiRouter } from '../../../http/api-router.js';
import { reportRoutes, type ReportOutputs } from '../shared/report.routes.js';
import type { LabourCostReport } from './labour-cost.service.js';
import { LabourCostRow } from './labour-cost.schemas.js';

export function labourCostRoutes(r: ApiRouter, report: LabourCostReport, out: ReportOutputs): void {
  reportRoutes(
    r,
    {
      path: 'labour-cost',
      title: 'Hours and labour cost',
      summary: 'Per person, outlet and ISO week: clocked minutes, overtime and their cost at the pay settings',
      row: LabourCostRow,
      columns: [
        { header: 'week_start', value: (x) => x.weekStart },
        { header: 'outlet', value: (x) => x.outletName },
        { header: 'person', value: (x) => x.userName },
        { header: 'user_id', value: (x) => x.userId, printed: false },
        { header: 'clocked_minutes', value: (x) => x.clockedMinutes },
        { header: 'overtime_minutes', value: (x) => x.overtimeMinutes },
        { header: 'pay_type', value: (x) => x.payType },
        { header: 'currency', value: (x) => x.currency },
        { header: 'cost_minor', value: (x) => x.costMinor },
      ],
      roles: MANAGERS,
      run: (caller, filters) => report.run(caller, filters),
    },
    out,
  );
}
