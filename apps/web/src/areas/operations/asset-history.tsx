import { Anchor, Badge, Stack, Text, Title } from '@mantine/core';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import type { UserOperation } from '@wfm/api-client/operation-roles';
import { DataTable } from '../../ui/data-table';
import { formatDateTime, humanize } from '../../ui/format';
import { useIssues, type Asset } from './operations.queries';

/** One section of an asset's history on its page: shown to the roles allowed all its `needs`. */
export interface AssetHistorySection {
  key: string;
  title: string;
  needs: readonly UserOperation[];
  Section: ComponentType<{ asset: Asset }>;
}

function AssetIssues({ asset }: { asset: Asset }) {
  const issues = useIssues({ assetId: asset.id });
  return (
    <DataTable query={issues} loadingLabel="Loading the asset's issues" empty="No issues reported about this asset." minWidth={560} columns={[
      { header: 'Issue', cell: (i) => i.title },
      { header: 'Source', cell: (i) => humanize(i.source) },
      { header: 'Priority', cell: (i) => humanize(i.priority) },
      { header: 'Status', cell: (i) => <Badge variant="light">{humanize(i.status)}</Badge> },
      { header: 'Reported', cell: (i) => formatDateTime(i.createdAt) },
    ]} />
  );
}

/**
 * The asset page's history, section by section, in this order. The maintenance part (service logs,
 * work orders) mounts its own sections here, each with the operations it reads.
 */
export const ASSET_HISTORY_SECTIONS: AssetHistorySection[] = [{ key: 'issues', title: 'Issues', needs: ['getIssues'], Section: AssetIssues }];

export function AssetHistory({ asset, sections }: { asset: Asset; sections: readonly AssetHistorySection[] }) {
  return (
    <Stack gap="lg">
      {sections.map(({ key, title, Section }) => (
        <Stack key={key} gap="xs" data-history-section={key}>
          <Title order={2} size="h4">
            {title}
          </Title>
          <Section asset={asset} />
        </Stack>
      ))}
      <Text size="sm" c="dimmed">
        All issues are on the <Anchor component={Link} to="/operations/issues">issues page</Anchor>.
      </Text>
    </Stack>
  );
}
