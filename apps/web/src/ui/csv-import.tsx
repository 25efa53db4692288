import { Alert, Badge, Button, FileInput, Group, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { mapHeader, parseCsv } from '../areas/people/csv';
import { Page } from './page';
import { RowsTable } from './data-table';
import { useErrorText } from '../api/error-text';

interface RowResult<Row> {
  line: number;
  row: Row | null;
  state: 'waiting' | 'created' | 'updated' | 'unchanged' | 'error';
  message?: string;
}

/** What an import that answers row by row (the operations register's) says of each row it was sent. */
export interface PerRowAnswer {
  rows: Array<{ row: number; status: 'CREATED' | 'UPDATED' | 'UNCHANGED' | 'FAILED'; errors: string[] }>;
}

const STATE_OF = { CREATED: 'created', UPDATED: 'updated', UNCHANGED: 'unchanged', FAILED: 'error' } as const;

/** The API takes at most 500 rows a request and six requests a minute. */
const MAX_BATCH = 500;
const RATE_LIMITED_WAIT_S = 10;

/**
 * How a batch is sent: to an import that takes it all or none (users, outlets), answering how many
 * were created; or to one that writes what it can and answers for each row (assets, vendors,
 * categories: created, updated, unchanged or refused, and why).
 */
type Sender<Row> = { send: (rows: Row[]) => Promise<{ created: number }> } | { sendEach: (rows: Row[]) => Promise<PerRowAnswer> };

/** What one kind of import (users, outlets…) brings to the shared importer. */
export type CsvImportKind<Row, C extends string> = KindShape<Row, C> & Sender<Row>;

interface KindShape<Row, C extends string> {
  /** The namespace in which `title`, `help` and `headings` are keys; without one they are shown as they are. */
  ns?: string;
  title: string;
  help: string;
  /** Each field and the header names a spreadsheet may give it. */
  columns: Record<C, readonly string[]>;
  /** A row for the API from a record's cells, or why it is refused before sending. */
  toRow: (cell: (c: C) => string) => Row | string;
  /** The results table's two columns about a row, and their headings. */
  headings: [string, string];
  describe: (row: Row) => [string, string];
}

/** Sends a batch and marks its rows; what the API refused as a whole is thrown. */
async function sendBatch<Row>(sender: Sender<Row>, batch: Array<RowResult<Row>>): Promise<void> {
  if ('sendEach' in sender) {
    const answer = await sender.sendEach(batch.map((r) => r.row!));
    for (const { row, status, errors } of answer.rows) Object.assign(batch[row]!, { state: STATE_OF[status], message: errors.join('; ') || undefined });
    return;
  }
  const made = await sender.send(batch.map((r) => r.row!));
  if (made.created !== batch.length) throw new Error(`the API created ${made.created} of ${batch.length}`);
  batch.forEach((r) => (r.state = 'created'));
}

function toRows<Row, C extends string>(kind: CsvImportKind<Row, C>, records: string[][]): Array<RowResult<Row>> {
  const [header, ...body] = records;
  if (!header) return [];
  const at = mapHeader(header, kind.columns);
  return body.map((cells, i) => {
    const line = i + 2;
    const made = kind.toRow((c) => (at[c] >= 0 ? (cells[at[c]] ?? '').trim() : ''));
    return typeof made === 'string' ? { line, row: null, state: 'error', message: made } : { line, row: made, state: 'waiting' };
  });
}

/** `rows.3.email …` in the API's answer: the 0-based index of the row it is about. */
function rowErrors(err: ApiError): Map<number, string> {
  const messages = Array.isArray(err.body?.message) ? err.body.message : [err.body?.message ?? err.message];
  const out = new Map<number, string>();
  for (const m of messages) {
    const hit = /^rows\.(\d+)\.?([^\s:]*):?\s*(.*)$/.exec(m);
    if (hit) out.set(Number(hit[1]), `${hit[2] ? `${hit[2]} ` : ''}${hit[3]}`.trim());
  }
  return out;
}

const BADGE = {
  waiting: { color: 'gray', key: 'csv.waiting' },
  created: { color: 'green', key: 'csv.created' },
  updated: { color: 'blue', key: 'csv.updated' },
  unchanged: { color: 'gray', key: 'csv.unchanged' },
} as const;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Bulk import from a CSV file: checked in the browser first, then sent in batches with a progress
 * bar. An all-or-none API names the rows it refuses, so a refused row is set aside with its reason
 * and the rest of its batch is sent again; a per-row API answers for each row at once. Either way
 * one bad row never sinks the file.
 */
export function CsvImportPage<Row, C extends string>({ kind }: { kind: CsvImportKind<Row, C> }) {
  const { t } = useTranslation('ui');
  const errorText = useErrorText();
  const text = (s: string) => (kind.ns ? t(s, { ns: kind.ns }) : s);
  const [file, setFile] = useState<File | null>(null);
  const [results, setResults] = useState<Array<RowResult<Row>>>([]);
  const [running, setRunning] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [show, setShow] = useState<'all' | 'error'>('all');
  const [fatal, setFatal] = useState<string | null>(null);
  const load = async (f: File | null) => {
    setFile(f);
    setFatal(null);
    setResults(f ? toRows(kind, parseCsv(await f.text())) : []);
  };
  const run = async () => {
    setRunning(true);
    setFatal(null);
    const all = [...results];
    const update = () => setResults([...all]);
    const pending = all.filter((r) => r.state === 'waiting');
    const size = Math.min(MAX_BATCH, Math.max(25, Math.ceil(pending.length / 4)));
    try {
      for (let start = 0; start < pending.length; start += size) {
        let batch = pending.slice(start, start + size);
        while (batch.length > 0) {
          try {
            await sendBatch(kind, batch);
            batch = [];
          } catch (err) {
            if (!(err instanceof ApiError)) throw err;
            if (err.status === 429) {
              setWaiting(true);
              await sleep(RATE_LIMITED_WAIT_S * 1000);
              setWaiting(false);
              continue;
            }
            const refused = rowErrors(err);
            if (refused.size === 0) throw err;
            batch.forEach((r, i) => {
              if (refused.has(i)) Object.assign(r, { state: 'error', message: refused.get(i) });
            });
            batch = batch.filter((_, i) => !refused.has(i));
          }
          update();
        }
      }
    } catch (err) {
      setFatal(errorText(err));
    } finally {
      update();
      setRunning(false);
    }
  };
  const total = results.length;
  const done = results.filter((r) => r.state !== 'waiting').length;
  const count = (state: RowResult<Row>['state']) => results.filter((r) => r.state === state).length;
  const created = count('created');
  const failed = count('error');
  const kept = count('updated') + count('unchanged');
  const started = results.some((r) => r.state !== 'waiting' && r.state !== 'error') || running;
  return (
    <Page title={text(kind.title)}>
      <Text size="sm" c="dimmed">
        {text(kind.help)}
      </Text>
      <FileInput label={t('csv.file')} accept=".csv,text/csv" placeholder={t('csv.chooseFile')} value={file} onChange={(f) => void load(f)} clearable disabled={running} />
      {total > 0 ? (
        <Stack gap="xs">
          <Progress value={total ? (done / total) * 100 : 0} size="lg" aria-label={t('csv.progress')} animated={running} />
          <Text size="sm" data-testid="import-summary">
            {started
              ? t(kept ? 'csv.progressKept' : 'csv.progressCreated', { created, updated: count('updated'), unchanged: count('unchanged'), failed, left: total - done, total })
              : t('csv.read', { total, failed })}
            {waiting ? t('csv.waitingForLimit') : ''}
          </Text>
          {fatal ? (
            <Alert color="red" role="alert">
              {t('csv.stopped', { reason: fatal })}
            </Alert>
          ) : null}
          <Group>
            <Button onClick={() => void run()} loading={running} disabled={!results.some((r) => r.state === 'waiting')}>
              {t('csv.import', { count: results.filter((r) => r.state === 'waiting').length })}
            </Button>
            <SegmentedControl size="xs" value={show} onChange={(v) => setShow(v as 'all' | 'error')} data={[{ value: 'all', label: t('csv.allRows') }, { value: 'error', label: t('csv.refusedRows') }]} aria-label={t('csv.rowsShown')} />
          </Group>
          <RowsTable rows={results.filter((r) => show === 'all' || r.state === 'error')} rowKey={(r) => r.line} rowProps={(r) => ({ 'data-line': String(r.line) })} minWidth={560} columns={[
            { header: t('csv.line'), cell: (r) => r.line },
            { header: text(kind.headings[0]), cell: (r) => (r.row ? kind.describe(r.row)[0] : '—') },
            { header: text(kind.headings[1]), cell: (r) => (r.row ? kind.describe(r.row)[1] || '—' : '—') },
            {
              header: t('csv.result'),
              cell: (r) => (r.state === 'error' ? <Text size="sm" c="red">{t('csv.refused', { reason: r.message })}</Text> : <Badge color={BADGE[r.state].color} variant="light">{t(BADGE[r.state].key)}</Badge>),
            },
          ]} />
        </Stack>
      ) : null}
    </Page>
  );
}
