import { Checkbox, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePeople } from '../../api/shared.queries';
import { RowsTable } from '../../ui/data-table';
import { ErrorNotice } from '../../ui/page';
import { useActiveContracts, useSetContractSettings, type ComplianceSettings, type Pack, type PackRef } from './compliance.queries';

const INHERIT = '';

/**
 * What a contract changes for the rules: a young worker's limits in place of the adult ones, or the
 * packs of another jurisdiction. Only ACTIVE contracts count; a contract back to inheriting and adult
 * has no settings left.
 */
export function ContractSettingsSection({ settings, offered }: { settings: ComplianceSettings; offered: Pack[] }) {
  const { t } = useTranslation('compliance');
  const contracts = useActiveContracts(true);
  const people = usePeople();
  const set = useSetContractSettings();
  const own = new Map(settings.contracts.map((c) => [c.contractId, c]));
  const options = [{ value: INHERIT, label: t('contracts.inherit') }, ...offered.map((p) => ({ value: `${p.id}@${p.version}`, label: t('rules.packOption', { name: p.name, version: p.version }) }))];
  const save = (contractId: string, packs: PackRef[] | null, youngWorker: boolean) =>
    set.mutate({ contractId, settings: packs === null && !youngWorker ? null : { packs, youngWorker } });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('contracts.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('contracts.help')}
      </Text>
      <ErrorNotice error={set.error ?? contracts.error} />
      <RowsTable
        rows={contracts.data ?? []}
        minWidth={560}
        columns={[
          { header: t('contracts.person'), cell: (c) => people.data?.get(c.userId)?.fullName ?? t('contracts.someone') },
          { header: t('contracts.contract'), cell: (c) => c.jobTitle },
          {
            header: t('contracts.youngWorker'),
            cell: (c) => {
              const mine = own.get(c.id);
              const name = people.data?.get(c.userId)?.fullName ?? c.jobTitle;
              return <Checkbox aria-label={t('contracts.youngWorkerOf', { name })} checked={mine?.youngWorker ?? false} disabled={set.isPending} onChange={(e) => save(c.id, mine?.packs ?? null, e.currentTarget.checked)} />;
            },
          },
          {
            header: t('contracts.follows'),
            cell: (c) => {
              const mine = own.get(c.id);
              const first = mine?.packs?.[0];
              const name = people.data?.get(c.userId)?.fullName ?? c.jobTitle;
              return (
                <NativeSelect
                  aria-label={t('contracts.packsOf', { name })}
                  data={options}
                  value={first ? `${first.packId}@${first.version}` : INHERIT}
                  disabled={set.isPending}
                  onChange={(e) => {
                    const choice = e.currentTarget.value;
                    const [packId, version] = choice.split('@') as [string, string];
                    save(c.id, choice === INHERIT ? null : [{ packId, version: Number(version) }], mine?.youngWorker ?? false);
                  }}
                />
              );
            },
          },
        ]}
      />
    </Stack>
  );
}
