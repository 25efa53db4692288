import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserOperation } from '@wfm/api-client/operation-roles';
import { DataTable } from '../../ui/data-table';
import { formatDateTime } from '../../ui/format';
import { AssetMaintenanceSection } from './asset-maintenance.section';
import { useIssues, type Asset } from './operations.queries';

/** One section of an asset's history on its page: shown to the roles allowed all its `needs`. */
export interface AssetHistorySection {
  key: string;
  /** A key of the operations namespace. */
  title: string;
  needs: readonly UserOperation[];
  Section: ComponentType<{ asset: Asset }>;
}

function AssetIssues({ asset }: { asset: Asset }) {
  const { t } = useTranslation('operations');
  const issues = useIssues({ assetId: asset.id });
  return (
    <DataTable query={issues} loadingLabel={t('history.loadingIssues')} empty={t('history.noIssues')} minWidth={560} columns={[
      { header: t('issues.issue'), cell: (i) => i.title },
      { header: t('issues.source'), cell: (i) => t(`issueSourceShort.${i.source}`) },
      { header: t('issues.priority'), cell: (i) => t(`priority.${i.priority}`) },
      { header: t('status'), cell: (i) => <Badge variant="light">{t(`issueStatus.${i.status}`)}</Badge> },
      { header: t('issues.reported'), cell: (i) => formatDateTime(i.createdAt) },
    ]} />
  );
}

function AssetMaintenance({ asset }: { asset: Asset }) {
  return <AssetMaintenanceSection assetId={asset.id} />;
}

/** The asset page's history, section by section, in this order, each with the operations it reads. */
export const ASSET_HISTORY_SECTIONS: AssetHistorySection[] = [
  { key: 'issues', title: 'history.issues', needs: ['getIssues'], Section: AssetIssues },
  { key: 'maintenance', title: 'history.maintenance', needs: ['getWorkOrders', 'getAssetsByIdServiceLogs'], Section: AssetMaintenance },
];

export function AssetHistory({ asset, sections }: { asset: Asset; sections: readonly AssetHistorySection[] }) {
  const { t } = useTranslation('operations');
  return (
    <Stack gap="lg">
      {sections.map(({ key, title, Section }) => (
        <Stack key={key} gap="xs" data-history-section={key}>
          <Title order={2} size="h4">
            {t(title)}
          </Title>
          <Section asset={asset} />
        </Stack>
      ))}
      <Text size="sm" c="dimmed">
        <Trans t={t} i18nKey="history.allIssues" components={{ link: <Anchor component={Link} to="/operations/issues" /> }} />
      </Text>
    </Stack>
  );
}
