import { Badge, Button, Group, Loader, Select, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime, formatSpan, humanize } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { ErrorNotice, Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { useMyScheduledShifts, useRequestSwap, useSwapAction, useSwapCandidates, useSwaps, type Swap, type SwapAction, type SwapStatus } from './rota.queries';
import { usePeople } from '../../api/shared.queries';

const STATUSES: SwapStatus[] = ['PENDING_PEER', 'PENDING_APPROVAL', 'APPROVED', 'REJECTED', 'DECLINED', 'CANCELLED'];
const COLOUR: Record<SwapStatus, string> = { PENDING_PEER: 'yellow', PENDING_APPROVAL: 'yellow', APPROVED: 'green', REJECTED: 'red', DECLINED: 'gray', CANCELLED: 'gray' };

/** Shift swaps: asked by one person, accepted by the colleague, then approved by a manager. */
export function SwapsPage() {
  const { t } = useTranslation('rota');
  const me = useMe();
  const manager = mayCall(me.data, 'postShiftSwapsByIdApprove');
  const people = usePeople(manager);
  const [status, setStatus] = useState<string | null>(null);
  const swaps = useSwaps((status as SwapStatus | null) ?? undefined);
  const act = useSwapAction();
  const [asking, setAsking] = useState(false);
  const name = (id: string) => (id === me.data?.id ? t('swaps.you') : (people.data?.get(id)?.fullName ?? t('swaps.colleague')));
  const run = (swap: Swap, action: SwapAction) => act.mutate({ id: swap.id, action }, { onSuccess: () => notifications.show({ color: 'green', message: t(`swaps.done.${action}`) }) });
  const actions = (s: Swap) => {
    const mine = s.requesterUserId === me.data?.id;
    const asked = s.peerUserId === me.data?.id;
    const buttons: Array<{ action: SwapAction; label: string; color?: string }> = [];
    if (asked && s.status === 'PENDING_PEER') buttons.push({ action: 'accept', label: t('swaps.accept') }, { action: 'decline', label: t('swaps.decline'), color: 'red' });
    if (mine && (s.status === 'PENDING_PEER' || s.status === 'PENDING_APPROVAL')) buttons.push({ action: 'cancel', label: t('swaps.cancel'), color: 'red' });
    if (manager && !mine && !asked && s.status === 'PENDING_APPROVAL') buttons.push({ action: 'approve', label: t('swaps.approve') }, { action: 'reject', label: t('swaps.reject'), color: 'red' });
    return buttons;
  };
  return (
    <Page title={t('swaps.title')} actions={<Button onClick={() => setAsking(true)}>{t('swaps.ask')}</Button>}>
      <Select label={t('swaps.status')} placeholder={t('swaps.anyStatus')} clearable data={STATUSES.map((s) => ({ value: s, label: humanize(s) }))} value={status} onChange={setStatus} maw={260} />
      <DataTable query={swaps} error={swaps.error ?? act.error} loadingLabel={t('swaps.loading')} empty={t('swaps.empty')} columns={[
        { header: t('swaps.asked'), cell: (s) => formatDateTime(s.createdAt) },
        { header: t('swaps.by'), cell: (s) => name(s.requesterUserId) },
        { header: t('swaps.with'), cell: (s) => name(s.peerUserId) },
        { header: t('swaps.note'), cell: (s) => (s.note ?? '') },
        {
          header: t('swaps.status'),
          cell: (s) => (
            <Badge variant="light" color={COLOUR[s.status]}>
              {humanize(s.status)}
            </Badge>
          ),
        },
        {
          cell: (s) => (
            <Group gap="xs" wrap="nowrap">
              {actions(s).map((b) => (
                <Button key={b.action} size="compact-sm" variant="light" color={b.color} loading={act.isPending && act.variables?.id === s.id && act.variables.action === b.action} onClick={() => run(s, b.action)}>
                  {b.label}
                </Button>
              ))}
            </Group>
          ),
        },
      ]} />
      <AskSwapModal opened={asking} onClose={() => setAsking(false)} userId={me.data?.id} />
    </Page>
  );
}

/** One of my scheduled shifts for a colleague's at the same outlet, both ahead. */
function AskSwapModal({ opened, onClose, userId }: { opened: boolean; onClose: () => void; userId: string | undefined }) {
  const { t } = useTranslation('rota');
  const mine = useMyScheduledShifts(opened ? userId : undefined);
  const [shiftId, setShiftId] = useState<string | null>(null);
  const [withId, setWithId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const colleagues = useSwapCandidates(opened ? shiftId : null);
  const request = useRequestSwap();
  const close = () => {
    request.reset();
    setShiftId(null);
    setWithId(null);
    setNote('');
    onClose();
  };
  const submit = () =>
    request.mutate(
      { shiftAssignmentId: shiftId!, withShiftAssignmentId: withId!, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('swaps.requested') });
          close();
        },
      },
    );
  return (
    <FormModal opened={opened} onClose={close} title={t('swaps.ask')} error={request.error}
      submit={
        <Button onClick={submit} disabled={!shiftId || !withId} loading={request.isPending}>
          {t('swaps.askButton')}
        </Button>
      }
    >
      {mine.isPending ? <Loader aria-label={t('swaps.loadingShifts')} /> : null}
      {mine.data && mine.data.length === 0 ? <Text size="sm">{t('swaps.noShifts')}</Text> : null}
      <Select label={t('swaps.yourShift')} required data={(mine.data ?? []).map((s) => ({ value: s.id, label: formatSpan(s.scheduledStart, s.scheduledEnd) }))} value={shiftId} onChange={(v) => { setShiftId(v); setWithId(null); }} />
      <Select
        label={t('swaps.theirShift')}
        required
        disabled={!shiftId}
        searchable
        nothingFoundMessage={t('swaps.noColleague')}
        data={(colleagues.data ?? []).map((c) => ({ value: c.shiftAssignmentId, label: t('swaps.candidate', { name: c.fullName, span: formatSpan(c.scheduledStart, c.scheduledEnd) }) }))}
        value={withId}
        onChange={setWithId}
      />
      <ErrorNotice error={colleagues.error} />
      <Textarea label={t('swaps.noteOptional')} value={note} onChange={(e) => setNote(e.currentTarget.value)} maxLength={1000} />
    </FormModal>
  );
}
