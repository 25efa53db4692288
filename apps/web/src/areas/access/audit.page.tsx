import { Badge, Button, Group, Select, Switch, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime, humanize } from '../../ui/format';
import { DataTable } from '../../ui/data-table';
import { Page } from '../../ui/page';
import { useAudit, useZones, type AuditQuery, type AuditRow } from './access.queries';
import { usePeople } from '../../api/shared.queries';
import { localInputInstant } from '../../ui/zone';

const PAGE = 100;

/**
 * The door audit log, live: while "Live" is on the page asks again every 2 seconds and new taps
 * appear at the top, marked for a moment. Turning it off freezes the view to read or page back.
 */
export function AuditPage() {
  const zones = useZones();
  const users = usePeople();
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
      title="Audit log"
      actions={
        <Switch
          label={live && before === null ? 'Live' : 'Paused'}
          checked={live && before === null}
          onChange={(e) => {
            setLive(e.currentTarget.checked);
            if (e.currentTarget.checked) setBefore(null);
          }}
        />
      }
    >
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select label="Zone" placeholder="Every zone" clearable data={(zones.data ?? []).map((z) => ({ value: z.id, label: z.name }))} value={zoneId} onChange={setZoneId} />
        <Select label="Person" placeholder="Everyone" searchable clearable data={[...(users.data?.values() ?? [])].map((u) => ({ value: u.id, label: u.fullName }))} value={userId} onChange={setUserId} />
        <TextInput label="From" type="datetime-local" value={from} onChange={(e) => setFrom(e.currentTarget.value)} />
      </Group>
      <DataTable
        query={{ isPending: audit.isPending, error: audit.error, data: rows }}
        loadingLabel="Loading the audit log"
        empty={<Text c="dimmed">No door events yet{zoneId || userId || from ? ' for these filters' : ''}.</Text>}
        minWidth={720}
        tableProps={{ striped: true, 'aria-live': 'polite', 'aria-label': 'Door events, newest first' }}
        rowProps={(r) => ({ 'data-event': r.eventType, bg: fresh.has(r.id) ? 'yellow.0' : undefined })}
        columns={[
          { header: 'When', cell: (r) => formatDateTime(r.occurredAt) },
          {
            header: 'Decision',
            cell: (r) => (
              <Badge variant="light" color={decisionColour(r)}>
                {r.eventType === 'GRANTED' ? 'Granted' : r.eventType === 'REVOKED' ? 'Revoked' : 'Denied'}
              </Badge>
            ),
          },
          { header: 'Person', cell: (r) => r.user?.fullName ?? (r.eventType === 'UNKNOWN_CREDENTIAL' ? 'Unknown credential' : 'Visitor or unknown') },
          { header: 'Zone', cell: (r) => r.zone?.name ?? '—' },
          { header: 'Reader', cell: (r) => r.readerId || '—' },
          { header: 'Reason', cell: (r) => r.reason ?? humanize(r.eventType) },
        ]}
      />
      <Group>
        {before ? (
          <Button variant="default" onClick={() => setBefore(null)}>
            Back to the newest
          </Button>
        ) : null}
        {rows.length === PAGE ? (
          <Button variant="default" onClick={() => setBefore(new Date(Date.parse(rows[rows.length - 1]!.occurredAt) - 1).toISOString())}>
            Older events
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
