import { expect } from 'chai';
import { uuid } from '@wfm/core/crypto';
import { createLogger } from '@wfm/core/logger';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import { RequestLogsRepository, type RequestLogRow } from './request-logs.repository.js';
import { RequestLogWriter, type RequestLogWriterSettings } from './request-log.writer.js';

/** The real repository, counting the rows of each INSERT it is asked for. */
class CountingRepository extends RequestLogsRepository {
  readonly inserts: number[] = [];
  override insert(rows: readonly RequestLogRow[]): Promise<void> {
    this.inserts.push(rows.length);
    return super.insert(rows);
  }
}

const HOUR_MS = 3_600_000;

describe('RequestLogWriter with real PostgreSQL: batches, bad rows, a full buffer, stop', () => {
  let db: TestDatabase;
  let tenantId: string;
  let credentialId: string;
  let repo: CountingRepository;
  let writer: RequestLogWriter;
  let made = 0;

  before(async () => {
    db = await sharedTestDatabase();
  });
  beforeEach(async () => {
    tenantId = (await createTenant(db.dataSource)).id;
    credentialId = uuid();
    repo = new CountingRepository(db.dataSource);
  });
  afterEach(async () => writer.stop());

  /** A long interval: only a full batch, flush() or stop() writes. */
  function writerWith(settings: Partial<RequestLogWriterSettings>): RequestLogWriter {
    writer = new RequestLogWriter(repo, createLogger('test', 'silent'), { flushMs: HOUR_MS, batchSize: 100, maxBuffered: 1_000, keepPerCredential: 1_000, ...settings }).start();
    return writer;
  }

  function row(over: Partial<RequestLogRow> = {}): RequestLogRow {
    made += 1;
    return {
      id: uuid(),
      tenantId,
      credentialKind: 'API_KEY',
      credentialId,
      method: 'GET',
      path: `/api/v1/public/shifts/${made}`,
      route: '/public/shifts/:id',
      status: 200,
      durationMs: 3,
      requestId: `req-${made}`,
      errorCode: null,
      occurredAt: new Date(Date.UTC(2026, 0, 1, 0, 0, made)),
      ...over,
    };
  }

  async function stored(): Promise<string[]> {
    const rows: Array<{ request_id: string }> = await db.dataSource.query(`SELECT request_id FROM developer_request_logs WHERE credential_id = $1 ORDER BY occurred_at`, [credentialId]);
    return rows.map((r) => r.request_id);
  }

  it('writes nothing until flushed, then everything in INSERTs of at most one batch each', async () => {
    const w = writerWith({ batchSize: 3 });
    const rows = [row(), row()];
    rows.forEach((r) => w.record(r));
    expect(await stored()).to.deep.equal([]);
    await w.flush();
    expect(repo.inserts).to.deep.equal([2]);
    const more = [row(), row(), row(), row(), row(), row(), row()];
    more.forEach((r) => w.record(r));
    await w.flush();
    expect(repo.inserts).to.deep.equal([2, 3, 3, 1]);
    expect(await stored()).to.deep.equal([...rows, ...more].map((r) => r.requestId));
  });

  it('writes a full batch without being asked', async () => {
    const w = writerWith({ batchSize: 2 });
    const rows = [row(), row()];
    rows.forEach((r) => w.record(r));
    for (let i = 0; i < 200 && (await stored()).length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await stored()).to.deep.equal(rows.map((r) => r.requestId));
    expect(repo.inserts).to.deep.equal([2]);
  });

  it('keeps the good rows of a batch the database refuses, and counts the bad one', async () => {
    const w = writerWith({});
    const good = [row(), row()];
    w.record(good[0]!);
    w.record(row({ tenantId: uuid() }));
    w.record(good[1]!);
    await w.flush();
    expect(await stored()).to.deep.equal(good.map((r) => r.requestId));
    expect(w.drops).to.deep.equal({ bufferFull: 0, writeFailed: 1 });
  });

  it('drops and counts what arrives while the buffer is full', async () => {
    const w = writerWith({ batchSize: 10, maxBuffered: 2 });
    const kept = [row(), row()];
    [...kept, row(), row(), row()].forEach((r) => w.record(r));
    expect(w.drops).to.deep.equal({ bufferFull: 3, writeFailed: 0 });
    await w.flush();
    expect(await stored()).to.deep.equal(kept.map((r) => r.requestId));
    w.record(row());
    expect(w.drops.bufferFull).to.equal(3);
  });

  it('writes what it holds when stopped', async () => {
    const w = writerWith({});
    const rows = [row(), row(), row()];
    rows.forEach((r) => w.record(r));
    await w.stop();
    expect(await stored()).to.deep.equal(rows.map((r) => r.requestId));
  });

  it("trims each credential it wrote to that credential's own newest rows", async () => {
    const w = writerWith({ keepPerCredential: 2 });
    const other = uuid();
    const rows = [row(), row(), row(), row()];
    rows.forEach((r) => w.record(r));
    [row({ credentialId: other }), row({ credentialId: other }), row({ credentialId: other })].forEach((r) => w.record(r));
    await w.flush();
    expect(await stored()).to.deep.equal(rows.slice(2).map((r) => r.requestId));
    const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM developer_request_logs WHERE credential_id = $1`, [other]);
    expect(n).to.equal(2);
  });
});
