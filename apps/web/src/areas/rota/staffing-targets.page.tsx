import { Button, Group, NumberInput, ScrollArea, Select, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useState } from 'react';
import { useOutlets } from '../../api/shared.queries';
import { FormModal } from '../../ui/form-actions';
import { ErrorNotice, Page } from '../../ui/page';
import { useImportDemand, usePutStaffingTargets, useStaffingTargets } from './auto-schedule.queries';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
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
  const outlets = useOutlets();
  const [outletId, setOutletId] = useState<string | null>(null);
  const targets = useStaffingTargets(outletId);
  const roles = [...new Set((targets.data ?? []).map((t) => t.role))];
  const [role, setRole] = useState('');
  const [grid, setGrid] = useState<Grid>(new Map());
  const [block, setBlock] = useState<{ day: string; from: number; to: number; heads: number }>({ day: '1', from: 9, to: 17, heads: 1 });
  const [importing, setImporting] = useState(false);
  const save = usePutStaffingTargets();
  const key = role.trim().toLowerCase();
  useEffect(() => setGrid(gridOf((targets.data ?? []).filter((t) => t.role === key))), [targets.data, key]);

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
      { onSuccess: (rows) => notifications.show({ color: 'green', message: `${rows.length} hour(s) of ${key} targets saved.` }) },
    );

  return (
    <Page title="Staffing targets" actions={<Button variant="light" onClick={() => setImporting(true)}>Import demand CSV</Button>}>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Outlet" placeholder="Choose an outlet" data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} allowDeselect={false} />
        <TextInput label="Role" placeholder="e.g. barista" value={role} onChange={(e) => setRole(e.currentTarget.value)} maxLength={100} />
        {roles.length ? (
          <Text size="sm" c="dimmed">
            Roles with targets here: {roles.join(', ')}
          </Text>
        ) : null}
      </Group>
      <Text size="sm" c="dimmed">
        A role matches the job title on each person’s active contract (ignoring case). Hours are the tenant’s local time.
      </Text>
      <ErrorNotice error={targets.error} />
      {outletId && key ? (
        <Stack gap="sm">
          <Group gap="xs" align="flex-end" wrap="wrap">
            <Select label="Day" data={[{ value: 'all', label: 'Every day' }, ...WEEKDAYS.map((d, i) => ({ value: String(i + 1), label: d }))]} value={block.day} onChange={(day) => day && setBlock({ ...block, day })} w={130} allowDeselect={false} />
            <NumberInput label="From hour" min={0} max={23} value={block.from} onChange={(v) => setBlock({ ...block, from: Number(v) })} w={110} />
            <NumberInput label="To hour" min={1} max={24} value={block.to} onChange={(v) => setBlock({ ...block, to: Number(v) })} w={110} />
            <NumberInput label="Heads" min={0} max={500} value={block.heads} onChange={(v) => setBlock({ ...block, heads: Number(v) })} w={100} />
            <Button variant="light" onClick={apply}>
              Set these hours
            </Button>
            <Button onClick={submit} loading={save.isPending}>
              Save targets
            </Button>
          </Group>
          <ErrorNotice error={save.error} />
          <ScrollArea>
            <Table withTableBorder withColumnBorders fz="xs" aria-label={`Heads needed: ${key}`}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Day</Table.Th>
                  {HOURS.map((h) => (
                    <Table.Th key={h}>{String(h).padStart(2, '0')}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {WEEKDAYS.map((d, i) => (
                  <Table.Tr key={d}>
                    <Table.Th>{d}</Table.Th>
                    {HOURS.map((h) => (
                      <Table.Td key={h} aria-label={`${d} ${String(h).padStart(2, '0')}:00`}>
                        {grid.get(i + 1)?.get(h) || ''}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
        </Stack>
      ) : (
        <Text size="sm">Choose an outlet and a role to see and set their week.</Text>
      )}
      <ImportDemandModal opened={importing} onClose={() => setImporting(false)} defaultRole={role} />
    </Page>
  );
}

function ImportDemandModal({ opened, onClose, defaultRole }: { opened: boolean; onClose: () => void; defaultRole: string }) {
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
    <FormModal opened={opened} onClose={close} title="Import demand CSV" size="lg" error={run.error}
      submit={
        <Button onClick={() => run.mutate({ role, salesPerStaffHour: Number(ratio), csv })} disabled={!role.trim() || !(Number(ratio) > 0)} loading={run.isPending}>
          Derive targets
        </Button>
      }
    >
      <TextInput label="Role" required value={role} onChange={(e) => setRole(e.currentTarget.value)} />
      <NumberInput label="Sales per staff-hour" description="One person handles this much in an hour; heads = sales ÷ this, rounded up" required min={0.01} value={ratio} onChange={setRatio} />
      <Textarea
        label="CSV"
        description="Columns outlet (code or id), date (YYYY-MM-DD or Mon…Sun), hour (0–23), sales. Rows of the same weekday and hour are averaged."
        autosize
        minRows={6}
        maxRows={14}
        value={csv}
        onChange={(e) => setCsv(e.currentTarget.value)}
      />
      <input
        type="file"
        accept=".csv,text/csv"
        aria-label="CSV file"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) void file.text().then(setCsv);
        }}
      />
      {result ? (
        <Stack gap={4} role="status">
          <Title order={3} size="h5">
            {result.valid} of {result.rows} row(s) used; {result.targets.length} target hour(s) written; {result.failed} row(s) failed
          </Title>
          {result.errors.map((e) => (
            <Text key={e.line} size="sm" c="red">
              Line {e.line}: {e.errors.join('; ')}
            </Text>
          ))}
        </Stack>
      ) : null}
    </FormModal>
  );
}
