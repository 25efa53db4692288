import { useTranslation } from 'react-i18next';
import { ReportPage } from './report-page';
import { useDoorAccess, type DoorAccessRow } from './reports.queries';

export function DoorAccessReportPage() {
  const { t } = useTranslation('reports');
  return (
    <ReportPage<DoorAccessRow>
      path="door-access"
      title={t('doorAccess.title')}
      useRows={useDoorAccess}
      rowKey={(r) => `${r.zoneId}|${r.userId}`}
      columns={[
        { header: t('doorAccess.zone'), cell: (r) => r.zoneName ?? t('doorAccess.noZone') },
        { header: t('columns.person'), cell: (r) => r.userName ?? t('doorAccess.unknownPerson') },
        { header: t('doorAccess.granted'), cell: (r) => r.granted },
        { header: t('doorAccess.denied'), cell: (r) => r.denied },
      ]}
    />
  );
}
