import { Badge, Button, Group, Select, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { usePeople } from '../../api/shared.queries';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { PersonSelect } from '../../ui/person-select';
import { FormModal } from '../../ui/form-actions';
import { useDisciplinaryActions, useIssueDisciplinary, type DisciplinaryCategory, type DisciplinaryLevel } from './hr.queries';

/** In order of gravity, as the API escalates along them. */
const LEVELS: readonly DisciplinaryLevel[] = ['VERBAL', 'WRITTEN', 'FINAL', 'DISMISSAL'];
const CATEGORIES: readonly DisciplinaryCategory[] = ['ATTENDANCE', 'CONDUCT', 'PERFORMANCE', 'SAFETY', 'POLICY', 'OTHER'];
const COLOUR: Record<DisciplinaryLevel, string> = { VERBAL: 'yellow', WRITTEN: 'orange', FINAL: 'red', DISMISSAL: 'dark' };
const options = (t: TFunction<'hr'>, group: 'level' | 'category', values: readonly string[]) => values.map((v) => ({ value: v, label: t(`${group}.${v}`) }));

/** Disciplinary actions: HR issues them and reads the details; anyone else sees their own record, without details. */
export function DisciplinaryPage() {
  const { t } = useTranslation('hr');
  const me = useMe();
  const hr = mayCall(me.data, 'postDisciplinaryActions');
  const people = usePeople(hr);
  const [userId, setUserId] = useState<string | null>(null);
  const [category, setCategory] = useState<string | null>(null);
  const [issuing, setIssuing] = useState(false);
  const actions = useDisciplinaryActions({ ...(userId ? { userId } : {}), ...(category ? { category: category as DisciplinaryCategory } : {}) });
  const everyone = [...(people.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }));
  const name = (id: string | null) => (id === null ? '—' : id === me.data?.id ? me.data.fullName : (people.data?.get(id)?.fullName ?? t('someone')));
  return (
    <Page title={hr ? t('disciplinary.title') : t('disciplinary.mine')} actions={hr ? <Button onClick={() => setIssuing(true)}>{t('disciplinary.issueAction')}</Button> : null}>
      {hr ? (
        <Group>
          <PersonSelect value={userId} onChange={setUserId} w={260} />
          <Select label={t('disciplinary.category')} placeholder={t('disciplinary.anyCategory')} clearable data={options(t, 'category', CATEGORIES)} value={category} onChange={setCategory} w={200} />
        </Group>
      ) : null}
      <DataTable query={actions} loadingLabel={t('disciplinary.loading')} empty={t('disciplinary.empty')} minWidth={720} columns={[
        { header: t('person'), cell: (a) => name(a.userId) },
        {
          header: t('disciplinary.level'),
          cell: (a) => (
            <>
              <Badge variant="light" color={COLOUR[a.level]}>
                {t(`level.${a.level}`)}
              </Badge>
              {a.autoEscalated ? (
                <Text size="xs" c="dimmed">
                  {t('disciplinary.raisedFrom', { level: t(`level.${a.requestedLevel}`).toLowerCase() })}
                </Text>
              ) : null}
            </>
          ),
        },
        { header: t('disciplinary.category'), cell: (a) => t(`category.${a.category}`) },
        hr && { header: t('disciplinary.details'), cell: (a) => (a.details ?? '—'), cellProps: { maw: 360 } },
        {
          header: t('disciplinary.issued'),
          cell: (a) => (
            <>
              {formatDateTime(a.issuedAt)}
              {hr ? <Text size="xs" c="dimmed">{t('disciplinary.by', { name: name(a.issuedByUserId) })}</Text> : null}
            </>
          ),
        },
      ]} />
      {hr ? <IssueActionModal opened={issuing} onClose={() => setIssuing(false)} people={everyone.filter((p) => p.value !== me.data?.id)} /> : null}
    </Page>
  );
}

function IssueActionModal({ opened, onClose, people }: { opened: boolean; onClose: () => void; people: Array<{ value: string; label: string }> }) {
  const { t } = useTranslation('hr');
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
    <FormModal opened={opened} onClose={close} title={t('disciplinary.issueTitle')} error={issue.error}
      submit={
        <Button
          loading={issue.isPending}
          disabled={!userId}
          onClick={() =>
            issue.mutate(
              { userId: userId!, level, category, ...(details.trim() ? { details: details.trim() } : {}) },
              {
                onSuccess: (a) => {
                  notifications.show({ color: a.autoEscalated ? 'orange' : 'green', message: a.autoEscalated ? t('disciplinary.issuedRaised', { level: t(`level.${a.level}`).toLowerCase() }) : t('disciplinary.issuedNotice') });
                  close();
                },
              },
            )
          }
        >
          {t('disciplinary.issue')}
        </Button>
      }
    >
      <Select label={t('person')} required searchable data={people} value={userId} onChange={setUserId} />
      <Group grow>
        <Select label={t('disciplinary.level')} allowDeselect={false} data={options(t, 'level', LEVELS)} value={level} onChange={(v) => v && setLevel(v as DisciplinaryLevel)} />
        <Select label={t('disciplinary.category')} allowDeselect={false} data={options(t, 'category', CATEGORIES)} value={category} onChange={(v) => v && setCategory(v as DisciplinaryCategory)} />
      </Group>
      <Textarea label={t('disciplinary.detailsInput')} description={t('disciplinary.detailsHelp')} maxLength={5000} autosize minRows={3} value={details} onChange={(e) => setDetails(e.currentTarget.value)} />
      <Text size="xs" c="dimmed">
        {t('disciplinary.escalationHelp')}
      </Text>
    </FormModal>
  );
}
