import { Anchor, Badge, Button, Code, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { CopyValueButton } from '../../ui/copy-button';
import { DataTable } from '../../ui/data-table';
import { formatInstant } from '../../ui/format';
import { Page } from '../../ui/page';
import { useApiKeys, useOAuthClients, useRequestLog, type CredentialKind, type RequestLogEntry, type RequestLogFilter } from './developers.queries';

const PAGE = 50;
const STATUS_FILTERS: ReadonlyArray<RequestLogFilter['status']> = [undefined, 'failed', '2xx', '4xx', '5xx'];
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/** The request log of one developer API key. */
export function ApiKeyRequestsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('developers');
  const name = useApiKeys().data?.find((k) => k.id === id)?.name;
  return <RequestLog kind="api-keys" id={id} title={name ? t('requests.ofKey', { name }) : t('requests.ofSomeKey')} />;
}

/** The request log of one OAuth client: the calls made with any token it was issued. */
export function OAuthClientRequestsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('developers');
  const name = useOAuthClients().data?.find((c) => c.id === id)?.name;
  return <RequestLog kind="oauth-clients" id={id} title={name ? t('requests.ofClient', { name }) : t('requests.ofSomeClient')} />;
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
  const { t } = useTranslation('developers');
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
    <Page title={title} actions={<Anchor component={Link} to={`/developers/${kind}`}>{t('requests.back')}</Anchor>}>
      <Text size="sm" c="dimmed">
        {t('requests.intro')}
      </Text>
      <Group align="end" gap="md" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={600} id="request-log-status">
            {t('common.status')}
          </Text>
          <Group gap={4} role="group" aria-labelledby="request-log-status">
            {STATUS_FILTERS.map((f) => (
              <Button key={f ?? 'all'} size="xs" variant={status === f ? 'filled' : 'default'} aria-pressed={status === f} onClick={() => refilter(() => setStatus(f))}>
                {t(`requests.statusFilter.${f ?? 'all'}`)}
              </Button>
            ))}
          </Group>
        </Stack>
        <NativeSelect label={t('requests.method')} data={[{ label: t('requests.anyMethod'), value: '' }, ...METHODS.map((m) => ({ label: m, value: m }))]} value={method} onChange={(e) => refilter(() => setMethod(e.currentTarget.value))} />
        <TextInput label={t('requests.pathContains')} placeholder={t('requests.pathPlaceholder')} maxLength={200} value={path} onChange={(e) => refilter(() => setPath(e.currentTarget.value))} />
      </Group>
      <DataTable
        query={{ ...log, data: rows }}
        loadingLabel={t('requests.loading')}
        empty={filtered ? t('requests.emptyFiltered') : t('requests.empty')}
        minWidth={760}
        rowProps={(e) => ({ 'data-request-id': e.requestId })}
        detail={(e) => (open === e.id ? <RequestDetail entry={e} /> : null)}
        columns={[
          { header: t('requests.time'), cell: (e) => formatInstant(e.occurredAt) },
          { header: t('requests.method'), cell: (e) => e.method },
          { header: t('requests.path'), cell: (e) => <code style={{ wordBreak: 'break-all' }}>{e.path}</code> },
          {
            header: t('common.status'),
            cell: (e) => (
              <Badge variant="light" color={statusColour(e.status)}>
                {e.status}
              </Badge>
            ),
          },
          { header: t('requests.duration'), cell: (e) => t('requests.ms', { ms: e.durationMs }) },
          {
            header: t('requests.requestId'),
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
          {t('requests.newer')}
        </Button>
        <Button variant="default" size="xs" disabled={!rows || rows.length < PAGE} onClick={() => setOffset(offset + PAGE)}>
          {t('requests.older')}
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
  const { t } = useTranslation('developers');
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Text size="sm">
          {t('requests.detailId')} <code data-testid="request-id">{entry.requestId}</code>
        </Text>
        <CopyValueButton value={entry.requestId} label={t('requests.copyId')} />
      </Group>
      <Text size="sm">
        {entry.route ? <>{t('requests.route')} <code>{entry.route}</code></> : t('requests.noRoute')}
        {entry.errorCode ? t('requests.answered', { status: entry.status, code: entry.errorCode }) : ''}
      </Text>
      <Text size="sm">{t('requests.serverLog')}</Text>
      <Group gap="xs" align="start">
        <Code block data-testid="server-log-query" style={{ flex: 1 }}>
          {serverLogQuery(entry.requestId)}
        </Code>
        <CopyValueButton value={serverLogQuery(entry.requestId)} label={t('requests.copyQuery')} />
      </Group>
    </Stack>
  );
}
