import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { RowsTable } from '../../ui/data-table';
import type { LeaveBalance, LedgerLine } from './leave-balances.queries';

const KIND_COLOUR: Record<LedgerLine['kind'], string> = { ACCRUAL: 'green', TAKEN: 'blue', CARRY_OVER: 'gray', EXPIRY: 'orange', ADJUSTMENT: 'violet' };

/** An amount in its unit, with two places: `2.33 days`, `19.31 h`. */
export function amountIn(t: TFunction<'hr'>, amount: number, unit: LeaveBalance['unit']): string {
  return t(unit === 'HOURS' ? 'ledger.amountHours' : 'ledger.amountDays', { amount: amount.toFixed(2) });
}

/** The balance, what pending requests hold of it and what is left to ask for. */
export function BalanceSummary({ balance }: { balance: LeaveBalance }) {
  const { t } = useTranslation('hr');
  const figures = [
    [t('ledger.balance'), balance.balance],
    [t('ledger.pending'), balance.pending],
    [t('ledger.available'), balance.available],
  ] as const;
  return (
    <Group gap="md" wrap="wrap">
      {figures.map(([label, value]) => (
        <Paper key={label} withBorder p="sm" miw={150} role="group" aria-label={label}>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
          <Text fw={600} size="lg">
            {amountIn(t, value, balance.unit)}
          </Text>
        </Paper>
      ))}
    </Group>
  );
}

/** Every line the balance is the sum of, oldest first, each with how it was reached. */
export function LedgerTable({ lines }: { lines: readonly LedgerLine[] }) {
  const { t } = useTranslation('hr');
  if (!lines.length) return <Text c="dimmed">{t('ledger.empty')}</Text>;
  return (
    <Stack gap="xs">
      <RowsTable rows={lines} minWidth={560} columns={[
        { header: t('ledger.date'), cell: (l) => l.effectiveOn },
        {
          header: t('ledger.line'),
          cell: (l) => (
            <Badge variant="light" color={KIND_COLOUR[l.kind]}>
              {t(`ledgerKind.${l.kind}`)}
            </Badge>
          ),
        },
        { header: t('ledger.amount'), cell: (l) => (l.amount > 0 ? `+${amountIn(t, l.amount, l.unit)}` : amountIn(t, l.amount, l.unit)) },
        { header: t('ledger.how'), cell: (l) => l.note },
      ]} />
    </Stack>
  );
}
