import { Badge, Button, Group, Loader, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { mayCall, useMe } from '../../auth/me';
import { formatDateTime } from '../../ui/format';
import { ConfirmModal } from '../../ui/confirm.modal';
import { ErrorNotice, Page } from '../../ui/page';
import { RowsTable } from '../../ui/data-table';
import { hoursBody, segmentsByDay, summary, DAYS, type Hours } from './hours';
import { useDeleteZone, useReaders, useUpdateZone, useZone, type Reader, type Zone } from './access.queries';
import { ZoneModal, type ZoneDraft } from './zone-form';

const draftOf = (z: Pick<Zone, 'name' | 'outletId' | 'readerIds' | 'description'> & { hoursJson: unknown }): ZoneDraft => ({ name: z.name, outletId: z.outletId, readerIds: z.readerIds, description: z.description ?? '', hours: (z.hoursJson as Hours | null) ?? null });

/** One zone: its hours (edited in the week grid), readers and state. */
export function ZonePage() {
  const { t } = useTranslation('access');
  const { id = '' } = useParams();
  const me = useMe();
  const admin = mayCall(me.data, 'patchAccessZonesById');
  const zone = useZone(id);
  const readers = useReaders();
  const update = useUpdateZone();
  const remove = useDeleteZone();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<ZoneDraft | null>(null);
  const [deleting, setDeleting] = useState(false);
  if (zone.error) return <ErrorNotice error={zone.error} />;
  const z = zone.data;
  if (!z) return <Loader aria-label={t('zone.loading')} />;
  const save = () => {
    const d = draft!;
    update.mutate(
      { id, body: { name: d.name.trim(), outletId: d.outletId, readerIds: d.readerIds, description: d.description.trim() || null, hoursJson: hoursBody(d.hours) } },
      {
        onSuccess: () => {
          setDraft(null);
          notifications.show({ color: 'green', message: t('zone.saved') });
        },
      },
    );
  };
  const bound = new Map((readers.data ?? []).map((r) => [r.readerId, r]));
  return (
    <Page
      title={z.name}
      actions={
        admin ? (
          <Group gap="xs">
            <Button variant="light" onClick={() => setDraft(draftOf(z))}>
              {t('common.edit')}
            </Button>
            <Button variant="subtle" color="red" onClick={() => setDeleting(true)}>
              {t('common.delete')}
            </Button>
          </Group>
        ) : null
      }
    >
      <Group gap="md" wrap="wrap">
        <Text>{z.outlet ? t('zone.at', { outlet: z.outlet.name }) : t('common.everyOutlet')}</Text>
        {admin ? (
          <Switch label={t('zone.activeSwitch')} checked={z.active} disabled={update.isPending} onChange={(e) => update.mutate({ id, body: { active: e.currentTarget.checked } })} />
        ) : (
          <Badge variant="light" color={z.active ? 'green' : 'gray'}>
            {z.active ? t('common.active') : t('common.inactive')}
          </Badge>
        )}
      </Group>
      {z.description ? <Text size="sm">{z.description}</Text> : null}
      <ErrorNotice error={update.error} />
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('zone.openingHours')}
        </Title>
        <Text size="sm" mb="sm">
          {summary(z.hoursJson as Hours | null, t)}
        </Text>
        <WeekView hours={(z.hoursJson as Hours | null) ?? null} />
      </Paper>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="xs">
          {t('zone.readers')}
        </Title>
        <RowsTable rows={z.readerIds} rowKey={(rid) => rid} minWidth={420} tableProps={{}} columns={[
          { header: t('common.reader'), cell: (rid) => rid },
          { header: t('common.state'), cell: (rid) => <ReaderState reader={bound.get(rid)} /> },
          { header: t('common.lastHeartbeat'), cell: (rid) => { const r = bound.get(rid); return r ? formatDateTime(r.lastSeenAt) : '—'; } },
        ]} />
      </Paper>
      <ZoneModal draft={draft} onChange={setDraft} onClose={() => setDraft(null)} title={t('zone.editTitle', { name: z.name })} label={t('common.save')} save={{ ...update, run: save }} />
      <ConfirmModal
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t('zone.deleteTitle', { name: z.name })}
        confirmLabel={t('zone.deleteConfirm')}
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(id, {
            onSuccess: (answer) => {
              notifications.show({ message: t('zone.deleted', { count: answer.revokedGrants }) });
              navigate('/access/zones');
            },
          })
        }
      >
        {t('zone.deleteBody')}
      </ConfirmModal>
    </Page>
  );
}

/** A bound reader's last report, or that it has never reported. */
function ReaderState({ reader }: { reader: Reader | undefined }) {
  const { t } = useTranslation('access');
  return reader ? (
    <Badge color={reader.online ? 'green' : 'gray'} variant="light">
      {reader.online ? t('common.online') : t('common.offline')}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed">
      {t('zone.neverReported')}
    </Text>
  );
}

/** The week as read-only tracks, each overnight window on its night and the next morning. */
function WeekView({ hours }: { hours: Hours | null }) {
  const { t } = useTranslation('access');
  if (hours === null) return null;
  const segments = segmentsByDay(hours);
  return (
    <Stack gap={6}>
      {DAYS.map((day) => (
        <Group key={day} gap="xs" wrap="nowrap" data-day={day}>
          <Text w={92} size="sm">
            {t(`days.${day}`)}
          </Text>
          <div style={{ position: 'relative', height: 18, flex: 1, background: 'var(--mantine-color-gray-1)', borderRadius: 4 }}>
            {segments[day].map((s, i) => (
              <div
                key={i}
                data-segment={`${s.from}-${s.to}`}
                data-carried={s.carried || undefined}
                title={t('hours.segment', { day: t(`days.${s.of}`), from: s.window[0], to: s.window[1] })}
                style={{ position: 'absolute', top: 2, height: 14, left: `${(s.from / 1440) * 100}%`, width: `${((s.to - s.from) / 1440) * 100}%`, borderRadius: 3, background: s.carried ? 'var(--mantine-color-indigo-4)' : 'var(--mantine-color-blue-6)' }}
              />
            ))}
          </div>
        </Group>
      ))}
    </Stack>
  );
}
