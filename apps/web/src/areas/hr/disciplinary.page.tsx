import { Badge, Button, Group, Select, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { usePeople } from '../../api/shared.queries';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime, humanize } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { FormModal } from '../../ui/form-actions';
import { useDisciplinaryActions, useIssueDisciplinary, type DisciplinaryCategory, type DisciplinaryLevel } from './hr.queries';

/** In order of gravity, as the API escalates along them. */
const LEVELS: readonly DisciplinaryLevel[] = ['VERBAL', 'WRITTEN', 'FINAL', 'DISMISSAL'];
const CATEGORIES: readonly DisciplinaryCategory[] = ['ATTENDANCE', 'CONDUCT', 'PERFORMANCE', 'SAFETY', 'POLICY', 'OTHER'];
const COLOUR: Record<DisciplinaryLevel, string> = { VERBAL: 'yellow', WRITTEN: 'orange', FINAL: 'red', DISMISSAL: 'dark' };
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: humanize(v) }));

/** Disciplinary actions: HR issues them and reads the details; anyone else sees their own record, without details. */
export function DisciplinaryPage() {
  const me = useMe();
  const hr = mayCall(me.data, 'postDisciplinaryActions');
  const people = usePeople(hr);
  const [userId, setUserId] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const actions = useDisciplinaryActions({ ...(userId ? { userId } : {}), ...(category ? { category: category as DisciplinaryCategory } : {}) });
  const name = (id: string | null) => (id === null ? '—' : id === me.data?.id ? me.data.fullName : (people.data?.get(id)?.fullName ?? 'Someone'));
  const everyone = [...(people.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }));
  return (
    <Page title={hr ? 'Disciplinary actions' : 'My disciplinary record'} actions={hr ? <Button onClick={() => setIssuing(true)}>Issue an action</Button> : null}>
      {hr ? (
        <Group>
          <Select label="Person" placeholder="Everyone" clearable searchable data={everyone} value={userId} onChange={setUserId} w={260} />
          <Select label="Category" placeholder="Any category" clearable data={options(CATEGORIES)} value={category} onChange={setCategory} w={200} />
        </Group>
      ) : null}
      <DataTable query={actions} loadingLabel="Loading disciplinary actions" empty="No disciplinary actions." minWidth={720} columns={[
        { header: 'Person', cell: (a) => name(a.userId) },
        {
          header: 'Level',
          cell: (a) => (
            <>
              <Badge variant="light" color={COLOUR[a.level]}>
                {humanize(a.level)}
              </Badge>
              {a.autoEscalated ? (
                <Text size="xs" c="dimmed">
                  Raised from {humanize(a.requestedLevel).toLowerCase()}: the third in this category within 90 days
                </Text>
              ) : null}
            </>
          ),
        },
        { header: 'Category', cell: (a) => humanize(a.category) },
        hr && { header: 'Details', cell: (a) => (a.details ?? '—'), cellProps: { maw: 360 } },
        {
          header: 'Issued',
          cell: (a) => (
            <>
              {formatDateTime(a.issuedAt)}
              {hr ? <Text size="xs" c="dimmed">by {name(a.issuedByUserId)}</Text> : null}
            </>
          ),
        },
      ]} />
      {hr ? <IssueActionModal opened={issuing} onClose={() => setIssuing(false)} people={everyone.filter((p) => p.value !== me.data?.id)} /> : null}
    </Page>
  );
}

function IssueActionModal({ opened, onClose, people }: { opened: boolean; onClose: () => void; people: Array<{ value: string; label: string }> }) {
  const issue = useIssueDisciplinary();
  const [userId, setUserId] = useState<string | null>(null);
  const [level, setLevel] = useState<DisciplinaryLevel>('VERBAL');
  const [category, setCategory] = useState<DisciplinaryCategory>('ATTENDANCE');
  const [details, setDetails] = useState('');
  const close = () => {
    issue.reset();
    setUserId(null);
    setDetails('');
    onClose();
  };
  return (
    <FormModal opened={opened} onClose={close} title="Issue a disciplinary action" error={issue.error}
      submit={
        <Button
          loading={issue.isPending}
          disabled={!userId}
          onClick={() =>
            issue.mutate(
              { userId: userId!, level, category, ...(details.trim() ? { details: details.trim() } : {}) },
              {
                onSuccess: (a) => {
                  notifications.show({ color: a.autoEscalated ? 'orange' : 'green', message: a.autoEscalated ? `Issued, raised to ${humanize(a.level).toLowerCase()}.` : 'Issued.' });
                  close();
                },
              },
            )
          }
        >
          Issue
        </Button>
      }
    >
      <Select label="Person" required searchable data={people} value={userId} onChange={setUserId} />
      <Group grow>
        <Select label="Level" allowDeselect={false} data={options(LEVELS)} value={level} onChange={(v) => v && setLevel(v as DisciplinaryLevel)} />
        <Select label="Category" allowDeselect={false} data={options(CATEGORIES)} value={category} onChange={(v) => v && setCategory(v as DisciplinaryCategory)} />
      </Group>
      <Textarea label="Details (optional)" description="Seen by HR only; never sent to integrations." maxLength={5000} autosize minRows={3} value={details} onChange={(e) => setDetails(e.currentTarget.value)} />
      <Text size="xs" c="dimmed">
        The third action in one category within 90 days goes up a level.
      </Text>
    </FormModal>
  );
}
