import { useTranslation } from 'react-i18next';
import { formatDay, formatMinutes } from '../../ui/format';
import { formatMoney } from '../payroll/money';
import { ReportPage } from './report-page';
import { useLabourCost, type LabourCostRow } from './reports.queries';

export function LabourCostPage() {
  const { t } = useTranslation('reports');
  return (
    <ReportPage<LabourCostRow>
      path="labour-cost"
      title={t('labourCost.title')}
      useRows={useLabourCost}
      rowKey={(r) => `${r.weekStart}|${r.outletId}|${r.userId}`}
      columns={[
        { header: t('labourCost.week'), cell: (r) => formatDay(r.weekStart) },
        { header: t('columns.outlet'), cell: (r) => r.outletName },
        { header: t('columns.person'), cell: (r) => r.userName },
        { header: t('labourCost.hours'), cell: (r) => formatMinutes(r.clockedMinutes) },
        { header: t('columns.overtime'), cell: (r) => formatMinutes(r.overtimeMinutes) },
        { header: t('labourCost.pay'), cell: (r) => (r.payType ? t(`labourCost.payType.${r.payType}`) : t('labourCost.noPay')) },
        { header: t('labourCost.cost'), cell: (r) => (r.costMinor !== null && r.currency ? formatMoney(r.costMinor, r.currency) : '—') },
      ]}
    />
  );
}
