import { Badge, Button, Group, Modal, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay, humanize } from '../../ui/format';
import { localDay } from '../../ui/shift-time';
import { useLastShown } from '../../ui/last-shown';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormActions } from '../../ui/form-actions';
import { useDecideLeave, useLeave, type LeaveRequest, type LeaveStatus } from './schedule.queries';
import { usePeople } from '../../api/shared.queries';

export const LEAVE_COLOUR: Record<LeaveStatus, string> = { PENDING: 'yellow', APPROVED: 'green', REJECTED: 'red', CANCELLED: 'gray' };
/**
 * Leave is whole calendar days of the company's zone; the API sends its first and last instants
 * (local midnight, and 1 ms before the next). Read back as days of that zone, the dates are the ones
 * entered, wherever the reader's browser is.
 */
export function leaveDates(l: LeaveRequest): string {
  const first = localDay(l.startDate);
  const last = localDay(l.endDate);
  return first === last ? formatDay(first) : `${formatDay(first)} – ${formatDay(last)}`;
}

/** Leave requests, the pending ones first: approved or rejected here, step by step of the approval chain. */
export function LeavePage() {
  const { t } = useTranslation('schedule');
  const people = usePeople();
  const [status, setStatus] = useState<LeaveStatus | 'ALL'>('PENDING');
  const leave = useLeave(status === 'ALL' ? {} : { status });
  const decide = useDecideLeave();
  const [deciding, setDeciding] = useState<{ request: LeaveRequest; approve: boolean } | null>(null);
  const shown = useLastShown(deciding);
  const [note, setNote] = useState('');
  const close = () => {
    decide.reset();
    setNote('');
    setDeciding(null);
  };
  return (
    <Page title={t('leave.title')}>
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as LeaveStatus | 'ALL')}
        data={[
          { value: 'PENDING', label: t('leave.pending') },
          { value: 'APPROVED', label: t('leave.approved') },
          { value: 'REJECTED', label: t('leave.rejected') },
          { value: 'ALL', label: t('leave.all') },
        ]}
        aria-label={t('leave.status')}
        w="fit-content"
      />
      <DataTable query={leave} loadingLabel={t('leave.loading')} empty={<Text c="dimmed">{status === 'PENDING' ? t('leave.nothingWaits') : t('leave.empty')}</Text>} minWidth={680} columns={[
        { header: t('leave.person'), cell: (l) => (people.data?.get(l.userId)?.fullName ?? t('leave.someone')) },
        { header: t('leave.type'), cell: (l) => humanize(l.type) },
        { header: t('leave.dates'), cell: (l) => leaveDates(l) },
        { header: t('leave.days'), cell: (l) => l.daysDecimal },
        { header: t('leave.reason'), cell: (l) => (l.reason ?? '') },
        {
          header: t('leave.status'),
          cell: (l) => (
            <>
              <Badge variant="light" color={LEAVE_COLOUR[l.status]}>
                {humanize(l.status)}
              </Badge>
              {l.status === 'PENDING' && l.approvals.length > 1 ? (
                <Text size="xs" c="dimmed">
                  {t('leave.step', { step: l.currentStep, steps: l.approvals.length })}
                </Text>
              ) : null}
            </>
          ),
        },
        {
          cell: (l) => (
            l.status === 'PENDING' ? (
              <Group gap="xs" wrap="nowrap">
                <Button size="compact-sm" color="green" variant="light" onClick={() => setDeciding({ request: l, approve: true })}>
                  {t('leave.approve')}
                </Button>
                <Button size="compact-sm" color="red" variant="light" onClick={() => setDeciding({ request: l, approve: false })}>
                  {t('leave.reject')}
                </Button>
              </Group>
            ) : null
          ),
        },
      ]} />
      <Modal opened={deciding !== null} onClose={close} title={shown?.approve ? t('leave.approveTitle') : t('leave.rejectTitle')}>
        {shown ? (
          <Stack gap="sm">
            <Text size="sm">
              {people.data?.get(shown.request.userId)?.fullName ?? t('leave.someone')}: {humanize(shown.request.type)}, {leaveDates(shown.request)}
            </Text>
            <Textarea label={shown.approve ? t('leave.noteOptional') : t('leave.why')} required={!shown.approve} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            <FormActions error={decide.error} onCancel={close}>
              <Button
                color={shown.approve ? 'green' : 'red'}
                loading={decide.isPending}
                disabled={!shown.approve && !note.trim()}
                onClick={() =>
                  deciding !== null &&
                  decide.mutate(
                    { id: deciding.request.id, approve: deciding.approve, ...(note.trim() ? { note: note.trim() } : {}) },
                    {
                      onSuccess: (r) => {
                        notifications.show({ color: 'green', message: r.status === 'PENDING' ? t('leave.nextStep') : t(`leave.decided.${r.status}`) });
                        close();
                      },
                    },
                  )
                }
              >
                {shown.approve ? t('leave.approve') : t('leave.reject')}
              </Button>
            </FormActions>
          </Stack>
        ) : null}
      </Modal>
    </Page>
  );
}
