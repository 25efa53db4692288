import { Button, Group, NumberInput, ScrollArea, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOutlets } from '../../api/shared.queries';
import { FormModal } from '../../ui/form-actions';
import { ErrorNotice, Page } from '../../ui/page';
import { useImportDemand, usePutStaffingTargets, useStaffingTargets } from './auto-schedule.queries';

/** ISO weekdays, Monday first. */
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7];
const HOURS = Array.from({ length: 24 }, (_, h) => h);
/** weekday (1–7) → hour → heads. */
type Grid = Map<number, Map<number, number>>;

function gridOf(rows: ReadonlyArray<{ weekday: number; hour: number; required: number }>): Grid {
  const grid: Grid = new Map();
  for (const r of rows) grid.set(r.weekday, new Map(grid.get(r.weekday) ?? []).set(r.hour, r.required));
  return grid;
}

/**
 * Staffing targets: heads an outlet needs in a role in each hour of the week (the tenant's local
 * time), which the auto-scheduler covers. Set by hand, a block of hours at a time, or derived from a
 * demand CSV.
 */
export function StaffingTargetsPage() {
  const { t } = useTranslation('rota');
  const outlets = useOutlets();
  const [outletId, setOutletId] = useState<string | null>(null);
  const targets = useStaffingTargets(outletId);
  const roles = [...new Set((targets.data ?? []).map((r) => r.role))];
  const [role, setRole] = useState('');
  const [grid, setGrid] = useState<Grid>(new Map());
  const [block, setBlock] = useState<{ day: string; from: number; to: number; heads: number }>({ day: '1', from: 9, to: 17, heads: 1 });
  const [importing, setImporting] = useState(false);
  const save = usePutStaffingTargets();
  const key = role.trim().toLowerCase();
  useEffect(() => setGrid(gridOf((targets.data ?? []).filter((r) => r.role === key))), [targets.data, key]);

  const apply = () =>
    setGrid((g) => {
      const next: Grid = new Map([...g].map(([d, hours]) => [d, new Map(hours)]));
      const days = block.day === 'all' ? [1, 2, 3, 4, 5, 6, 7] : [Number(block.day)];
      for (const d of days) {
        const hours = next.get(d) ?? new Map<number, number>();
        for (let h = block.from; h < block.to; h++) hours.set(h, block.heads);
        next.set(d, hours);
      }
      return next;
    });
  const submit = () =>
    save.mutate(
      { outletId: outletId!, role, targets: [...grid].flatMap(([weekday, hours]) => [...hours].filter(([, n]) => n > 0).map(([hour, required]) => ({ weekday, hour, required }))) },
      { onSuccess: (rows) => notifications.show({ color: 'green', message: t('staffingTargets.saved', { count: rows.length, role: key }) }) },
    );

  return (
    <Page title={t('staffingTargets.title')} actions={<Button variant="light" onClick={() => setImporting(true)}>{t('staffingTargets.importCsv')}</Button>}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('staffingTargets.outlet')} placeholder={t('staffingTargets.chooseOutlet')} data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} allowDeselect={false} />
        <TextInput label={t('staffingTargets.role')} placeholder={t('staffingTargets.rolePlaceholder')} value={role} onChange={(e) => setRole(e.currentTarget.value)} maxLength={100} />
        {roles.length ? (
          <Text size="sm" c="dimmed">
            {t('staffingTargets.rolesHere', { roles: roles.join(', ') })}
          </Text>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        {t('staffingTargets.help')}
      </Text>
      <ErrorNotice error={targets.error} />
      {outletId && key ? (
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select label={t('staffingTargets.day')} data={[{ value: 'all', label: t('staffingTargets.everyDay') }, ...WEEKDAYS.map((d) => ({ value: String(d), label: t(`staffingTargets.weekday.${d}`) }))]} value={block.day} onChange={(day) => day && setBlock({ ...block, day })} w={130} allowDeselect={false} />
            <NumberInput label={t('staffingTargets.fromHour')} min={0} max={23} value={block.from} onChange={(v) => setBlock({ ...block, from: Number(v) })} w={110} />
            <NumberInput label={t('staffingTargets.toHour')} min={1} max={24} value={block.to} onChange={(v) => setBlock({ ...block, to: Number(v) })} w={110} />
            <NumberInput label={t('staffingTargets.heads')} min={0} max={500} value={block.heads} onChange={(v) => setBlock({ ...block, heads: Number(v) })} w={100} />
            <Button variant="light" onClick={apply}>
              {t('staffingTargets.setHours')}
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              {t('staffingTargets.save')}
            </Button>
          </Group>
          <ErrorNotice error={save.error} />
          <ScrollArea>
            <Table withTableBorder withColumnBorders fz="xs" aria-label={t('staffingTargets.gridLabel', { role: key })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('staffingTargets.day')}</Table.Th>
                  {HOURS.map((h) => (
                    <Table.Th key={h}>{String(h).padStart(2, '0')}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {WEEKDAYS.map((d) => (
                  <Table.Tr key={d}>
                    <Table.Th>{t(`staffingTargets.weekday.${d}`)}</Table.Th>
                    {HOURS.map((h) => (
                      <Table.Td key={h} aria-label={t('staffingTargets.cell', { day: t(`staffingTargets.weekday.${d}`), hour: String(h).padStart(2, '0') })}>
                        {grid.get(d)?.get(h) || ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      ) : (
        <Text size="sm">{t('staffingTargets.chooseBoth')}</Text>
      )}
      <ImportDemandModal opened={importing} onClose={() => setImporting(false)} defaultRole={role} />
    </Page>
  );
}

function ImportDemandModal({ opened, onClose, defaultRole }: { opened: boolean; onClose: () => void; defaultRole: string }) {
  const { t } = useTranslation('rota');
  const run = useImportDemand();
  const [role, setRole] = useState(defaultRole);
  const [ratio, setRatio] = useState<number | string>(100);
  const [csv, setCsv] = useState('outlet,date,hour,sales\n');
  const close = () => {
    run.reset();
    onClose();
  };
  const result = run.data;
  return (
    <FormModal opened={opened} onClose={close} title={t('staffingTargets.importCsv')} size="lg" error={run.error}
      submit={
        <Button onClick={() => run.mutate({ role, salesPerStaffHour: Number(ratio), csv })} disabled={!role.trim() || !(Number(ratio) > 0)} loading={run.isPending}>
          {t('staffingTargets.derive')}
        </Button>
      }
    >
      <TextInput label={t('staffingTargets.role')} required value={role} onChange={(e) => setRole(e.currentTarget.value)} />
      <NumberInput label={t('staffingTargets.salesPerHour')} description={t('staffingTargets.salesPerHourHelp')} required min={0.01} value={ratio} onChange={setRatio} />
      <Textarea
        label="CSV"
        description={t('staffingTargets.csvHelp')}
        autosize
        minRows={6}
        maxRows={14}
        value={csv}
        onChange={(e) => setCsv(e.currentTarget.value)}
      />
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label={t('staffingTargets.csvFile')}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void file.text().then(setCsv);
        }}
      />
      {result ? (
        <Stack gap={4} role="status">
          <Title order={3} size="h5">
            {t('staffingTargets.result', { valid: result.valid, rows: result.rows, targets: result.targets.length, failed: result.failed })}
          </Title>
          {result.errors.map((e) => (
            <Text key={e.line} size="sm" c="red">
              {t('staffingTargets.line', { line: e.line, errors: e.errors.join('; ') })}
            </Text>
          ))}
        </Stack>
      ) : null}
    </FormModal>
  );
}
