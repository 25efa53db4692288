import { NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useOutlets } from '../../api/shared.queries';
import { RowsTable } from '../../ui/data-table';
import { ErrorNotice } from '../../ui/page';
import { useSetOutletPacks, type ComplianceSettings, type Pack } from './compliance.queries';

const INHERIT = '';

/** An outlet in another jurisdiction follows that jurisdiction's pack instead of the company's. */
export function OutletPacksSection({ settings, offered, admin }: { settings: ComplianceSettings; offered: Pack[]; admin: boolean }) {
  const { t } = useTranslation('compliance');
  const outlets = useOutlets();
  const set = useSetOutletPacks();
  const own = new Map(settings.outlets.map((o) => [o.outletId, o.packs]));
  const options = [{ value: INHERIT, label: t('outlets.inherit') }, ...offered.map((p) => ({ value: `${p.id}@${p.version}`, label: t('rules.packOption', { name: p.name, version: p.version }) }))];
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">
        {t('outlets.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('outlets.help')}
      </Text>
      <ErrorNotice error={set.error} />
      <RowsTable
        rows={outlets.data ?? []}
        minWidth={480}
        columns={[
          { header: t('outlets.outlet'), cell: (o) => o.name },
          {
            header: t('contracts.follows'),
            cell: (o) => {
              const packs = own.get(o.id);
              const value = packs?.[0] ? `${packs[0].packId}@${packs[0].version}` : INHERIT;
              return (
                <NativeSelect
                  aria-label={t('outlets.packsOf', { name: o.name })}
                  data={options}
                  value={value}
                  disabled={!admin || set.isPending}
                  onChange={(e) => {
                    const choice = e.currentTarget.value;
                    if (choice === INHERIT) set.mutate({ outletId: o.id, packs: null });
                    else {
                      const [packId, version] = choice.split('@') as [string, string];
                      set.mutate({ outletId: o.id, packs: [{ packId, version: Number(version) }] });
                    }
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
