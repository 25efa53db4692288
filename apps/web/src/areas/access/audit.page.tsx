import { Badge, Button, Group, Loader, Select, Switch, Table, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatDateTime, humanize } from '../../ui/format';
import { ErrorNotice, Page } from '../../ui/page';
import { useAudit, useZones, type AuditQuery, type AuditRow } from './access.queries';
import { usePeople } from '../../api/shared.queries';

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
  const query: AuditQuery = { limit: PAGE, ...(zoneId ? { zoneId } : {}), ...(userId ? { userId } : {}), ...(before ? { to: before } : {}), ...(from ? { from: new Date(from).toISOString() } : {}) };
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
      <ErrorNotice error={audit.error} />
      {audit.isPending ? (
        <Loader aria-label="Loading the audit log" />
      ) : rows.length === 0 ? (
        <Text c="dimmed">No door events yet{zoneId || userId || from ? ' for these filters' : ''}.</Text>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped aria-live="polite" aria-label="Door events, newest first">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Decision</Table.Th>
                <Table.Th>Person</Table.Th>
                <Table.Th>Zone</Table.Th>
                <Table.Th>Reader</Table.Th>
                <Table.Th>Reason</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id} data-event={r.eventType} bg={fresh.has(r.id) ? 'yellow.0' : undefined}>
                  <Table.Td>{formatDateTime(r.occurredAt)}</Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={decisionColour(r)}>
                      {r.eventType === 'GRANTED' ? 'Granted' : r.eventType === 'REVOKED' ? 'Revoked' : 'Denied'}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{r.user?.fullName ?? (r.eventType === 'UNKNOWN_CREDENTIAL' ? 'Unknown credential' : 'Visitor or unknown')}</Table.Td>
                  <Table.Td>{r.zone?.name ?? '—'}</Table.Td>
                  <Table.Td>{r.readerId || '—'}</Table.Td>
                  <Table.Td>{r.reason ?? humanize(r.eventType)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
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
