import { Badge, Button, Group, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mayCall, useMe } from '../../auth/me';
import { usePeople } from '../../api/shared.queries';
import { DataTable } from '../../ui/data-table';
import { DraftModal } from '../../ui/form-actions';
import { formatDay } from '../../ui/format';
import { Page } from '../../ui/page';
import { PersonSelect } from '../../ui/person-select';
import { localToday } from '../../ui/shift-time';
import { useOverrideViolation, useViolations, type Violation } from './compliance.queries';

/** The Monday of the week `day` (YYYY-MM-DD) falls in. */
function mondayOf(day: string): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

function plusDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The breaches of working-time rules recorded in a week, for everyone or one person: the rule, why it
 * fired (the trace's sentence, with the legal source), and who accepted it and why.
 */
export function ComplianceViolationsPage() {
  const { t } = useTranslation('compliance');
  const me = useMe();
  const mayOverride = mayCall(me.data, 'postComplianceViolationsByIdOverride');
  const people = usePeople();
  const [week, setWeek] = useState(() => mondayOf(localToday()));
  const [userId, setUserId] = useState<string | null>(null);
  const violations = useViolations({ from: week, to: plusDays(week, 6), ...(userId ? { userId } : {}) });
  const override = useOverrideViolation();
  const [overriding, setOverriding] = useState<{ violation: Violation; reason: string } | null>(null);
  const close = () => {
    override.reset();
    setOverriding(null);
  };
  const nameOf = (id: string) => people.data?.get(id)?.fullName ?? id.slice(0, 8);
  return (
    <Page title={t('violations.title')}>
      <Group align="flex-end" wrap="wrap">
        <TextInput label={t('violations.weekStarting')} type="date" value={week} onChange={(e) => e.currentTarget.value && setWeek(mondayOf(e.currentTarget.value))} w={180} />
        <Button variant="default" onClick={() => setWeek(plusDays(week, -7))}>
          {t('violations.previousWeek')}
        </Button>
        <Button variant="default" onClick={() => setWeek(plusDays(week, 7))}>
          {t('violations.nextWeek')}
        </Button>
        <PersonSelect value={userId} onChange={setUserId} />
      </Group>
      <DataTable
        query={violations}
        loadingLabel={t('violations.loading')}
        empty={t('violations.empty')}
        minWidth={860}
        columns={[
          { header: t('violations.day'), cell: (v) => formatDay(v.date) },
          { header: t('violations.person'), cell: (v) => nameOf(v.userId) },
          {
            header: t('violations.rule'),
            cell: (v) => (
              <>
                <Text size="sm">{v.trace.title}</Text>
                <Text size="xs" c="dimmed">
                  {t('violations.packPhase', { pack: v.packId, version: v.packVersion, phase: t(v.phase === 'CLOCK' ? 'violations.phaseClock' : 'violations.phaseSchedule') })}
                </Text>
              </>
            ),
          },
          {
            header: t('violations.status'),
            cell: (v) => (
              <Group gap={4}>
                <Badge color={v.mode === 'BLOCK' ? 'red' : 'yellow'} variant="light">
                  {t(v.mode === 'BLOCK' ? 'violations.blocks' : 'violations.warns')}
                </Badge>
                {v.status === 'OVERRIDDEN' ? <Badge variant="outline">{t('violations.overridden')}</Badge> : null}
                {v.status === 'WITHDRAWN' ? <Badge variant="outline" color="gray">{t('violations.withdrawn')}</Badge> : null}
              </Group>
            ),
          },
          {
            header: t('violations.why'),
            cell: (v) => (
              <>
                <Text size="sm">{v.sentence}</Text>
                <Text size="xs" c="dimmed">
                  {v.trace.source}
                </Text>
                {v.overrideReason ? (
                  <Text size="xs">
                    {t('violations.overriddenBy', { name: v.overriddenByUserId ? nameOf(v.overriddenByUserId) : t('violations.someoneRemoved'), reason: v.overrideReason })}
                  </Text>
                ) : null}
              </>
            ),
          },
          mayOverride && {
            cell: (v) =>
              v.status === 'OPEN' ? (
                <Button size="compact-sm" variant="subtle" aria-label={t('violations.overrideFor', { rule: v.trace.title, name: nameOf(v.userId), date: v.date })} onClick={() => setOverriding({ violation: v, reason: '' })}>
                  {t('violations.override')}
                </Button>
              ) : null,
          },
        ]}
      />
      <DraftModal
        draft={overriding}
        onClose={close}
        title={t('violations.overrideTitle')}
        error={override.error}
        submit={(d) => (
          <Button loading={override.isPending} disabled={d.reason.trim().length < 3} onClick={() => override.mutate({ id: d.violation.id, reason: d.reason.trim() }, { onSuccess: close })}>
            {t('violations.override')}
          </Button>
        )}
      >
        {(d) => (
          <>
            <Text size="sm">{d.violation.sentence}</Text>
            <Textarea label={t('violations.reason')} description={t('violations.reasonHelp')} required value={d.reason} onChange={(e) => setOverriding({ ...d, reason: e.currentTarget.value })} />
          </>
        )}
      </DraftModal>
    </Page>
  );
}
