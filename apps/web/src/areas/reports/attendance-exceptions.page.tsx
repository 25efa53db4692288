import { useTranslation } from 'react-i18next';
import { useOutletZones } from '../../api/shared.queries';
import { formatDateTime, formatDay, formatShiftSpan } from '../../ui/format';
import { ReportPage } from './report-page';
import { useAttendanceExceptions, type ExceptionRow } from './reports.queries';

export function AttendanceExceptionsPage() {
  const { t } = useTranslation('reports');
  const zoneOf = useOutletZones();
  return (
    <ReportPage<ExceptionRow>
      path="attendance-exceptions"
      title={t('exceptions.title')}
      useRows={useAttendanceExceptions}
      rowKey={(r) => `${r.shiftId}|${r.kind}`}
      columns={[
        { header: t('columns.date'), cell: (r) => formatDay(r.date) },
        { header: t('exceptions.kind'), cell: (r) => t(`exceptions.kinds.${r.kind}`, { minutes: r.minutesLate ?? 0 }) },
        { header: t('columns.person'), cell: (r) => r.userName },
        { header: t('columns.outlet'), cell: (r) => r.outletName },
        { header: t('exceptions.shift'), cell: (r) => formatShiftSpan(r.scheduledStart, r.scheduledEnd, zoneOf(r.outletId)) },
        { header: t('exceptions.clockIn'), cell: (r) => formatDateTime(r.clockInAt, zoneOf(r.outletId)) },
        { header: t('exceptions.clockOut'), cell: (r) => formatDateTime(r.clockOutAt, zoneOf(r.outletId)) },
      ]}
    />
  );
}
