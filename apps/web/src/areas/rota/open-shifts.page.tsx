import { Badge, Button, Group, Select, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('rota');
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
    claim.mutate(s.id, { onSuccess: () => notifications.show({ color: 'green', message: t('openShifts.claimed') }) });
  return (
    <Page title={t('openShifts.title')}>
      <Select label={t('openShifts.outlet')} placeholder={t('openShifts.allOutlets')} clearable data={(outlets.data ?? []).map((o) => ({ value: o.id, label: o.name }))} value={outletId} onChange={setOutletId} maw={320} />
      <DataTable query={shifts} error={shifts.error ?? claim.error} loadingLabel={t('openShifts.loading')} empty={<Text c="dimmed">{manager ? t('openShifts.emptyManager') : t('openShifts.empty')}</Text>} minWidth={560} columns={[
        { header: t('openShifts.when'), cell: (s) => formatShiftSpan(s.scheduledStart, s.scheduledEnd, zoneOf(s.outletId)) },
        { header: t('openShifts.outlet'), cell: (s) => (outletName.get(s.outletId) ?? '—') },
        { header: t('openShifts.type'), cell: (s) => humanize(s.type) },
        { header: t('openShifts.note'), cell: (s) => (s.note ?? '') },
        {
          header: t('openShifts.status'),
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
                  {t('openShifts.claim')}
                </Button>
                {manager ? (
                  <Button size="compact-sm" variant="subtle" color="red" onClick={() => setWithdrawing(s)}>
                    {t('openShifts.withdraw')}
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
        title={t('openShifts.withdrawTitle')}
        confirmLabel={t('openShifts.withdraw')}
        cancelLabel={t('openShifts.keepOpen')}
        pending={withdraw.isPending}
        error={withdraw.error}
        onConfirm={() => withdraw.mutate(withdrawing!.id, { onSuccess: () => setWithdrawing(null) })}
      >
        {t('openShifts.withdrawText')}
      </ConfirmModal>
    </Page>
  );
}
