import { Group, Stack, Text } from '@mantine/core';
import { formatMoney } from './money';
import type { Payslip } from './payroll.queries';

/**
 * A payslip's lines, each with its amount. A premium line (owed by a working-time rule) says why
 * under it: the rule's trace sentence, then how its amount was computed.
 */
export function PayslipLines({ p }: { p: Pick<Payslip, 'lines' | 'currency'> }) {
  return (
    <Stack gap={2}>
      {p.lines.map((l, i) => (
        <Stack key={i} gap={0}>
          <Group justify="space-between" wrap="nowrap">
            <Text size="sm">{l.description}</Text>
            <Text size="sm">{formatMoney(l.amountMinor, p.currency)}</Text>
          </Group>
          {l.premium ? (
            <Text size="xs" c="dimmed" pl="sm">
              {l.premium.explanation} · {l.premium.arithmetic}
            </Text>
          ) : null}
        </Stack>
      ))}
    </Stack>
  );
}
