import { Badge, Button, Group, Select, Switch, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { PersonSelect } from '../../ui/person-select';
import { useAudit, useZones, type AuditQuery, type AuditRow } from './access.queries';
import { localInputInstant } from '../../ui/zone';

const PAGE = 100;

/**
 * The door audit log, live: while "Live" is on the page asks again every 2 seconds and new taps
 * appear at the top, marked for a moment. Turning it off freezes the view to read or page back.
 */
export function AuditPage() {
  const { t } = useTranslation('access');
  const zones = useZones();
  const [zoneId, setZoneId] = useState<string | null>(null);
  const [userId, setUserId] = useState<string | null>(null);
  const [live, setLive] = useState(true);
  const [before, setBefore] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const query: AuditQuery = { limit: PAGE, ...(zoneId ? { zoneId } : {}), ...(userId ? { userId } : {}), ...(before ? { to: before } : {}), ...(from ? { from: localInputInstant(from).toISOString() } : {}) };
  const audit = useAudit(query, live && before === null);
  const fresh = useFreshRows(audit.data);
  const rows = audit.data ?? [];
  return (
    <Page
      title={t('audit.title')}
      actions={
        <Switch
          label={live && before === null ? t('audit.live') : t('audit.paused')}
          checked={live && before === null}
          onChange={(e) => {
            setLive(e.currentTarget.checked);
            if (e.currentTarget.checked) setBefore(null);
          }}
        />
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label={t('common.zone')} placeholder={t('common.everyZone')} clearable data={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))} value={zoneId} onChange={setZoneId} />
        <PersonSelect value={userId} onChange={setUserId} />
        <TextInput label={t('common.from')} type="datetime-local" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
      </Group>
      <DataTable
        query={{ isPending: audit.isPending, error: audit.error, data: rows }}
        loadingLabel={t('audit.loading')}
        empty={<Text c="dimmed">{zoneId || userId || from ? t('audit.emptyFiltered') : t('audit.empty')}</Text>}
        minWidth={720}
        tableProps={{ striped: true, 'aria-live': 'polite', 'aria-label': t('audit.tableLabel') }}
        rowProps={(r) => ({ 'data-event': r.eventType, bg: fresh.has(r.id) ? 'yellow.0' : undefined })}
        columns={[
          { header: t('audit.when'), cell: (r) => formatDateTime(r.occurredAt) },
          {
            header: t('audit.decision'),
            cell: (r) => (
              <Badge variant="light" color={decisionColour(r)}>
                {t(r.eventType === 'GRANTED' ? 'audit.granted' : r.eventType === 'REVOKED' ? 'audit.revoked' : 'audit.denied')}
              </Badge>
            ),
          },
          { header: t('common.person'), cell: (r) => r.user?.fullName ?? t(r.eventType === 'UNKNOWN_CREDENTIAL' ? 'audit.unknownCredential' : 'audit.visitorOrUnknown') },
          { header: t('common.zone'), cell: (r) => r.zone?.name ?? '—' },
          { header: t('common.reader'), cell: (r) => r.readerId || '—' },
          { header: t('audit.reason'), cell: (r) => r.reason ?? t(`audit.event.${r.eventType}`) },
        ]}
      />
      <Group>
        {before ? (
          <Button variant="default" onClick={() => setBefore(null)}>
            {t('audit.newest')}
          </Button>
        ) : null}
        {rows.length === PAGE ? (
          <Button variant="default" onClick={() => setBefore(new Date(Date.parse(rows[rows.length - 1]!.occurredAt) - 1).toISOString())}>
            {t('audit.older')}
          </Button>
        ) : null}
      </Group>
    </Page>
  );
}

function decisionColour(r: AuditRow): string {
  if (r.eventType === 'GRANTED') return 'green';
  if (r.eventType === 'REVOKED') return 'orange';
  return 'red';
}

/** Ids that were not in the previous answer: the rows to mark as just arrived. */
function useFreshRows(rows: AuditRow[] | undefined): Set<string> {
  const seen = useRef<Set<string> | null>(null);
  const [fresh, setFresh] = useState<Set<string>>(new Set());
  useEffect(() => {
    if (!rows) return;
    const ids = new Set(rows.map((r) => r.id));
    if (seen.current) setFresh(new Set([...ids].filter((id) => !seen.current!.has(id))));
    seen.current = ids;
  }, [rows]);
  return fresh;
}
