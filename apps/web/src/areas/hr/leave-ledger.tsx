import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { humanize } from '../../ui/format';
import { RowsTable } from '../../ui/data-table';
import type { LeaveBalance, LedgerLine } from './leave-balances.queries';

const KIND_COLOUR: Record<LedgerLine['kind'], string> = { ACCRUAL: 'green', TAKEN: 'blue', CARRY_OVER: 'gray', EXPIRY: 'orange', ADJUSTMENT: 'violet' };

/** An amount in its unit, with two places: `2.33 days`, `19.31 h`. */
export function amountIn(amount: number, unit: LeaveBalance['unit']): string {
  return `${amount.toFixed(2)} ${unit === 'HOURS' ? 'h' : 'days'}`;
}

/** The balance, what pending requests hold of it and what is left to ask for. */
export function BalanceSummary({ balance }: { balance: LeaveBalance }) {
  const figures = [
    ['Balance', balance.balance],
    ['Pending requests', balance.pending],
    ['Available', balance.available],
  ] as const;
  return (
    <Group gap="md" wrap="wrap">
      {figures.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" miw={150} role="group" aria-label={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} size="lg">
            {amountIn(value, balance.unit)}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}

/** Every line the balance is the sum of, oldest first, each with how it was reached. */
export function LedgerTable({ lines }: { lines: readonly LedgerLine[] }) {
  if (!lines.length) return <Text c="dimmed">Nothing has accrued yet.</Text>;
  return (
    <Stack gap="xs">
      <RowsTable rows={lines} minWidth={560} columns={[
        { header: 'Date', cell: (l) => l.effectiveOn },
        {
          header: 'Line',
          cell: (l) => (
            <Badge variant="light" color={KIND_COLOUR[l.kind]}>
              {humanize(l.kind)}
            </Badge>
          ),
        },
        { header: 'Amount', cell: (l) => (l.amount > 0 ? `+${amountIn(l.amount, l.unit)}` : amountIn(l.amount, l.unit)) },
        { header: 'How', cell: (l) => l.note },
      ]} />
    </Stack>
  );
}
