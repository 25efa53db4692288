import { Anchor, Badge, Button, Code, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CopyValueButton } from '../../ui/copy-button';
import { DataTable } from '../../ui/data-table';
import { formatInstant } from '../../ui/format';
import { Page } from '../../ui/page';
import { useApiKeys, useOAuthClients, useRequestLog, type CredentialKind, type RequestLogEntry, type RequestLogFilter } from './developers.queries';

const PAGE = 50;
const STATUS_FILTERS: ReadonlyArray<{ label: string; value: RequestLogFilter['status'] }> = [
  { label: 'All', value: undefined },
  { label: 'Failures', value: 'failed' },
  { label: '2xx', value: '2xx' },
  { label: '4xx', value: '4xx' },
  { label: '5xx', value: '5xx' },
];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The request log of one developer API key. */
export function ApiKeyRequestsPage() {
  const { id = '' } = useParams();
  const name = useApiKeys().data?.find((k) => k.id === id)?.name;
  return <RequestLog kind="api-keys" id={id} title={name ? `Requests of the key “${name}”` : 'Requests of an API key'} />;
}

/** The request log of one OAuth client: the calls made with any token it was issued. */
export function OAuthClientRequestsPage() {
  const { id = '' } = useParams();
  const name = useOAuthClients().data?.find((c) => c.id === id)?.name;
  return <RequestLog kind="oauth-clients" id={id} title={name ? `Requests of the client “${name}”` : 'Requests of an OAuth client'} />;
}

function statusColour(status: number): string {
  return status >= 500 || status === 499 ? 'red' : status >= 400 ? 'orange' : status >= 300 ? 'blue' : 'green';
}

/**
 * A credential's last requests, newest first, with the filters that find a failing call: status
 * class (or every failure), method and part of the path. A row opens to its request id and the
 * query that finds the server's log lines for it.
 */
function RequestLog({ kind, id, title }: { kind: CredentialKind; id: string; title: string }) {
  const [status, setStatus] = useState<RequestLogFilter['status']>(undefined);
  const [method, setMethod] = useState('');
  const [path, setPath] = useState('');
  const [searched] = useDebouncedValue(path.trim(), 300);
  const [offset, setOffset] = useState(0);
  const [open, setOpen] = useState<string | null>(null);
  const filtered = Boolean(status || method || searched);
  const log = useRequestLog(kind, id, {
    limit: PAGE,
    offset,
    ...(status ? { status } : {}),
    ...(method ? { method: method as (typeof METHODS)[number] } : {}),
    ...(searched ? { path: searched } : {}),
  });
  const rows = log.data?.data;
  const refilter = (apply: () => void) => {
    apply();
    setOffset(0);
  };
  return (
    <Page title={title} actions={<Anchor component={Link} to={`/developers/${kind}`}>Back to the list</Anchor>}>
      <Text size="sm" c="dimmed">
        The last calls made with this credential: what was asked and how it was answered, never a body or a header. Paths are shown without their query string.
      </Text>
      <Group align="end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={600} id="request-log-status">
            Status
          </Text>
          <Group gap={4} role="group" aria-labelledby="request-log-status">
            {STATUS_FILTERS.map((f) => (
              <Button key={f.label} size="xs" variant={status === f.value ? 'filled' : 'default'} aria-pressed={status === f.value} onClick={() => refilter(() => setStatus(f.value))}>
                {f.label}
              </Button>
            ))}
          </Group>
        </Stack>
        <NativeSelect label="Method" data={[{ label: 'Any', value: '' }, ...METHODS.map((m) => ({ label: m, value: m }))]} value={method} onChange={(e) => refilter(() => setMethod(e.currentTarget.value))} />
        <TextInput label="Path contains" placeholder="e.g. /public/shifts" maxLength={200} value={path} onChange={(e) => refilter(() => setPath(e.currentTarget.value))} />
      </Group>
      <DataTable
        query={{ ...log, data: rows }}
        loadingLabel="Loading requests"
        empty={filtered ? 'No requests match these filters.' : 'No requests yet: calls made with this credential appear here a moment after they are answered.'}
        minWidth={760}
        rowProps={(e) => ({ 'data-request-id': e.requestId })}
        detail={(e) => (open === e.id ? <RequestDetail entry={e} /> : null)}
        columns={[
          { header: 'Time', cell: (e) => formatInstant(e.occurredAt) },
          { header: 'Method', cell: (e) => e.method },
          { header: 'Path', cell: (e) => <code style={{ wordBreak: 'break-all' }}>{e.path}</code> },
          {
            header: 'Status',
            cell: (e) => (
              <Badge variant="light" color={statusColour(e.status)}>
                {e.status}
              </Badge>
            ),
          },
          { header: 'Duration', cell: (e) => `${e.durationMs} ms` },
          {
            header: 'Request id',
            cell: (e) => (
              <Button variant="subtle" size="compact-sm" aria-expanded={open === e.id} onClick={() => setOpen(open === e.id ? null : e.id)} styles={{ label: { fontFamily: 'monospace' } }}>
                {e.requestId}
              </Button>
            ),
          },
        ]}
      />
      <Group gap="xs">
        <Button variant="default" size="xs" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
          Newer
        </Button>
        <Button variant="default" size="xs" disabled={!rows || rows.length < PAGE} onClick={() => setOffset(offset + PAGE)}>
          Older
        </Button>
      </Group>
    </Page>
  );
}

/**
 * The server's log lines are JSON, each carrying `"requestId":"…"`: the exact text to look for in
 * the API's output, quoted for a shell whatever the id holds.
 */
function serverLogQuery(requestId: string): string {
  const needle = `"requestId":${JSON.stringify(requestId)}`;
  return `grep -F '${needle.replaceAll("'", `'\\''`)}'`;
}

/** A request opened in the log: its id to quote, what it matched, and how to find it in the server log. */
function RequestDetail({ entry }: { entry: RequestLogEntry }) {
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm">
          Request id <code data-testid="request-id">{entry.requestId}</code>
        </Text>
        <CopyValueButton value={entry.requestId} label="Copy the id" />
      </Group>
      <Text size="sm">
        Route {entry.route ? <code>{entry.route}</code> : 'none matched'}
        {entry.errorCode ? ` · answered ${entry.status} ${entry.errorCode}` : ''}
      </Text>
      <Text size="sm">The server logs every line of this request with its id; to find them, pipe the API&apos;s log (e.g. docker compose logs api) through:</Text>
      <Group gap="xs" align="start">
        <Code block data-testid="server-log-query" style={{ flex: 1 }}>
          {serverLogQuery(entry.requestId)}
        </Code>
        <CopyValueButton value={serverLogQuery(entry.requestId)} label="Copy the query" />
      </Group>
    </Stack>
  );
}
