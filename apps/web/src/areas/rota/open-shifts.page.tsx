import { Badge, Button, Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { mayCall, useMe } from '../../auth/me';
import { formatShiftSpan, humanize } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useClaimOpenShift, useOpenShifts, useWithdrawOpenShift, type OpenShift } from './rota.queries';
import { useOutletZones, useOutlets } from '../../api/shared.queries';

/**
 * The marketplace of released shifts. Staff see those they may claim (at their outlets, not
 * clashing with their own); managers see every open one in their scope and may withdraw it.
 */
export function OpenShiftsPage() {
  const me = useMe();
  const manager = mayCall(me.data, 'deleteOpenShiftsById');
  const outlets = useOutlets();
  const zoneOf = useOutletZones();
  const [outletId, setOutletId] = useState<string | null>(null);
  const shifts = useOpenShifts(outletId ?? undefined);
  const claim = useClaimOpenShift();
  const withdraw = useWithdrawOpenShift();
  const [withdrawing, setWithdrawing] = useState<OpenShift | null>(null);
  const outletName = new Map((outlets.data ?? []).map((o) => [o.id, o.name]));
  const doClaim = (s: OpenShift) =>
    claim.mutate(s.id, { onSuccess: () => notifications.show({ color: 'green', message: 'The shift is yours: it is in your shifts.' }) });
  return (
    <Page title="Open shifts">
      <Select label="Outlet" placeholder="All outlets" clearable data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} maw={320} />
      <DataTable query={shifts} error={shifts.error ?? claim.error} loadingLabel="Loading open shifts" empty={<Text c="dimmed">{manager ? 'No open shifts. Release a shift from the week view to offer it here.' : 'No shifts to pick up right now.'}</Text>} minWidth={560} columns={[
        { header: 'When', cell: (s) => formatShiftSpan(s.scheduledStart, s.scheduledEnd, zoneOf(s.outletId)) },
        { header: 'Outlet', cell: (s) => (outletName.get(s.outletId) ?? '—') },
        { header: 'Type', cell: (s) => humanize(s.type) },
        { header: 'Note', cell: (s) => (s.note ?? '') },
        {
          header: 'Status',
          cell: (s) => (
            <Badge variant="light" color={s.status === 'OPEN' ? 'blue' : 'gray'}>
              {humanize(s.status)}
            </Badge>
          ),
        },
        {
          cell: (s) => (
            s.status === 'OPEN' ? (
              <Group gap="xs" wrap="nowrap">
                <Button size="compact-sm" onClick={() => doClaim(s)} loading={claim.isPending && claim.variables === s.id}>
                  Claim
                </Button>
                {manager ? (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setWithdrawing(s)}>
                    Withdraw
                  </Button>
                ) : null}
              </Group>
            ) : null
          ),
        },
      ]} />
      <ConfirmModal
        opened={withdrawing !== null}
        onClose={() => setWithdrawing(null)}
        title="Withdraw this open shift?"
        confirmLabel="Withdraw"
        cancelLabel="Keep it open"
        pending={withdraw.isPending}
        error={withdraw.error}
        onConfirm={() => withdraw.mutate(withdrawing!.id, { onSuccess: () => setWithdrawing(null) })}
      >
        Nobody will be able to claim it any more.
      </ConfirmModal>
    </Page>
  );
}
