import { Checkbox, NativeSelect, Stack, Text, Title } from '@mantine/core';
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
  const contracts = useActiveContracts(true);
  const people = usePeople();
  const set = useSetContractSettings();
  const own = new Map(settings.contracts.map((c) => [c.contractId, c]));
  const options = [{ value: INHERIT, label: "The outlet's or company's" }, ...offered.map((p) => ({ value: `${p.id}@${p.version}`, label: `${p.name} (v${p.version})` }))];
  const save = (contractId: string, packs: PackRef[] | null, youngWorker: boolean) =>
    set.mutate({ contractId, settings: packs === null && !youngWorker ? null : { packs, youngWorker } });
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        Contracts
      </Title>
      <Text size="sm" c="dimmed">
        A young worker’s contract gets the young-worker rules (UK: 8 h a day, 40 h a week, 12 h daily rest, 30 min break over 4.5 h) in place of the adult ones.
      </Text>
      <ErrorNotice error={set.error ?? contracts.error} />
      <RowsTable
        rows={contracts.data ?? []}
        minWidth={560}
        columns={[
          { header: 'Person', cell: (c) => people.data?.get(c.userId)?.fullName ?? 'Someone' },
          { header: 'Contract', cell: (c) => c.jobTitle },
          {
            header: 'Young worker',
            cell: (c) => {
              const mine = own.get(c.id);
              const name = people.data?.get(c.userId)?.fullName ?? c.jobTitle;
              return <Checkbox aria-label={`Young worker: ${name}`} checked={mine?.youngWorker ?? false} disabled={set.isPending} onChange={(e) => save(c.id, mine?.packs ?? null, e.currentTarget.checked)} />;
            },
          },
          {
            header: 'Follows',
            cell: (c) => {
              const mine = own.get(c.id);
              const first = mine?.packs?.[0];
              const name = people.data?.get(c.userId)?.fullName ?? c.jobTitle;
              return (
                <NativeSelect
                  aria-label={`Packs of ${name}'s contract`}
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
