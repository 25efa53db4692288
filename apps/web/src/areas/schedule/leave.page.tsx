import { Badge, Button, Group, Loader, Modal, SegmentedControl, Stack, Table, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { humanize } from '../../ui/format';
import { useLastShown } from '../../ui/last-shown';
import { ErrorNotice, Page } from '../../ui/page';
import { useDecideLeave, useLeave, type LeaveRequest, type LeaveStatus } from './schedule.queries';
import { usePeople } from '../../api/shared.queries';

export const LEAVE_COLOUR: Record<LeaveStatus, string> = { PENDING: 'yellow', APPROVED: 'green', REJECTED: 'red', CANCELLED: 'gray' };
const DATE = new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

/** Leave dates are calendar days (the API sends them as midnight UTC instants). */
export const leaveDates = (l: LeaveRequest) => (l.startDate === l.endDate ? DATE.format(new Date(l.startDate)) : `${DATE.format(new Date(l.startDate))} – ${DATE.format(new Date(l.endDate))}`);

/** Leave requests, the pending ones first: approved or rejected here, step by step of the approval chain. */
export function LeavePage() {
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
    <Page title="Leave">
      <SegmentedControl
        value={status}
        onChange={(v) => setStatus(v as LeaveStatus | 'ALL')}
        data={[
          { value: 'PENDING', label: 'Pending' },
          { value: 'APPROVED', label: 'Approved' },
          { value: 'REJECTED', label: 'Rejected' },
          { value: 'ALL', label: 'All' },
        ]}
        aria-label="Status"
        w="fit-content"
      />
      <ErrorNotice error={leave.error} />
      {leave.isPending ? (
        <Loader aria-label="Loading leave requests" />
      ) : leave.data && leave.data.length === 0 ? (
        <Text c="dimmed">{status === 'PENDING' ? 'Nothing waits for a decision.' : 'No leave requests.'}</Text>
      ) : (
        <Table.ScrollContainer minWidth={680}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Person</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Dates</Table.Th>
                <Table.Th>Days</Table.Th>
                <Table.Th>Reason</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(leave.data ?? []).map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Td>{people.data?.get(l.userId)?.fullName ?? 'Someone'}</Table.Td>
                  <Table.Td>{humanize(l.type)}</Table.Td>
                  <Table.Td>{leaveDates(l)}</Table.Td>
                  <Table.Td>{l.daysDecimal}</Table.Td>
                  <Table.Td>{l.reason ?? ''}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={LEAVE_COLOUR[l.status]}>
                      {humanize(l.status)}
                    </Badge>
                    {l.status === 'PENDING' && l.approvals.length > 1 ? (
                      <Text size="xs" c="dimmed">
                        Step {l.currentStep} of {l.approvals.length}
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    {l.status === 'PENDING' ? (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="compact-sm" color="green" variant="light" onClick={() => setDeciding({ request: l, approve: true })}>
                          Approve
                        </Button>
                        <Button size="compact-sm" color="red" variant="light" onClick={() => setDeciding({ request: l, approve: false })}>
                          Reject
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Modal opened={deciding !== null} onClose={close} title={shown?.approve ? 'Approve this leave?' : 'Reject this leave?'}>
        {shown ? (
          <Stack gap="sm">
            <Text size="sm">
              {people.data?.get(shown.request.userId)?.fullName ?? 'Someone'}: {humanize(shown.request.type)}, {leaveDates(shown.request)}
            </Text>
            <Textarea label={shown.approve ? 'Note (optional)' : 'Why (told to them)'} required={!shown.approve} maxLength={1000} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
            <ErrorNotice error={decide.error} />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
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
                        notifications.show({ color: 'green', message: r.status === 'PENDING' ? 'Approved at this step: it goes to the next approver.' : `Leave ${humanize(r.status).toLowerCase()}.` });
                        close();
                      },
                    },
                  )
                }
              >
                {shown.approve ? 'Approve' : 'Reject'}
              </Button>
            </Group>
          </Stack>
        ) : null}
      </Modal>
    </Page>
  );
}
