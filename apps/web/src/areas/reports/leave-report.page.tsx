import { useTranslation } from 'react-i18next';
import { ReportPage } from './report-page';
import { useLeaveReport, type LeaveRow } from './reports.queries';

export function LeaveReportPage() {
  const { t } = useTranslation('reports');
  return (
    <ReportPage<LeaveRow>
      path="leave"
      title={t('leave.title')}
      useRows={useLeaveReport}
      rowKey={(r) => `${r.userId}|${r.leaveType}`}
      columns={[
        { header: t('columns.person'), cell: (r) => r.userName },
        { header: t('leave.type'), cell: (r) => t(`leave.types.${r.leaveType}`) },
        { header: t('leave.taken'), cell: (r) => t('leave.days', { count: r.takenDays }) },
        { header: t('leave.balance'), cell: (r) => (r.balance === null ? '—' : t(r.balanceUnit === 'HOURS' ? 'leave.hours' : 'leave.days', { count: r.balance })) },
      ]}
    />
  );
}
