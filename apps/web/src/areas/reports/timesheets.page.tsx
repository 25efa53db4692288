import { useTranslation } from 'react-i18next';
import { formatDay, formatMinutes } from '../../ui/format';
import { ReportPage } from './report-page';
import { useTimesheets, type TimesheetRow } from './reports.queries';

export function TimesheetsPage() {
  const { t } = useTranslation('reports');
  return (
    <ReportPage<TimesheetRow>
      path="timesheets"
      title={t('timesheets.title')}
      useRows={useTimesheets}
      rowKey={(r) => `${r.date}|${r.userId}`}
      columns={[
        { header: t('columns.date'), cell: (r) => formatDay(r.date) },
        { header: t('columns.person'), cell: (r) => r.userName },
        { header: t('timesheets.scheduled'), cell: (r) => formatMinutes(r.scheduledMinutes) },
        { header: t('timesheets.clocked'), cell: (r) => formatMinutes(r.clockedMinutes) },
        { header: t('timesheets.breaks'), cell: (r) => formatMinutes(r.breakMinutes) },
        { header: t('columns.overtime'), cell: (r) => formatMinutes(r.overtimeMinutes) },
        { header: t('timesheets.open'), cell: (r) => r.openClockIns },
      ]}
    />
  );
}
