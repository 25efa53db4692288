import { expect } from 'chai';
import { mkdirSync, mkdtempSync, readFileSync, existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { FakeClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import { encodeAuditLine, type AuditRow, type AuditStore } from './audit-row.js';
import { AuditJournal, type DroppedRows } from './audit-journal.js';
import { AuditQuarantine, quarantinePathFor } from './audit-quarantine.js';
import { AuditWriter, type AuditWriterOptions } from './audit-writer.js';
import { parseLine } from './journal-lines.js';
import { journalLineTexts, writeAfterData } from '../test-support/journal-files.js';

function row(n = 0): AuditRow {
  return {
    id: randomUUID(),
    tenantId: randomUUID(),
    userId: null,
    zoneId: null,
    visitorPassId: null,
    credentialId: `cred-${n}`,
    readerId: 'r1',
    eventType: 'UNKNOWN_READER',
    reason: 'Unknown reader',
    occurredAt: new Date(0).toISOString(),
    source: 'BRIDGE_HTTP',
  };
}

const refused = () => Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
const unreachable = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

/** Stands in for PostgreSQL's answers: down (no answer), refusing given rows (a data error), or hanging. */
class FakeStore implements AuditStore {
  /** What each written statement stored, in order. */
  batches: AuditRow[][] = [];
  /** How each statement came: by COPY or by the insert that skips stored ids. */
  kinds: Array<'copy' | 'insert'> = [];
  calls = 0;
  down = false;
  refuse = new Set<string>();
  /** Called before each statement; may throw to fail that statement. */
  before: (rows: readonly AuditRow[]) => void = () => {};
  private hanging: Array<() => void> = [];
  private readonly stored = new Set<string>();
  hang = false;

  insertBatch(rows: readonly AuditRow[]): Promise<void> {
    return this.statement('insert', rows.filter((r) => !this.stored.has(r.id)), [...rows]);
  }
  /** As COPY does: all or none; a line it cannot read, or a row already stored, refuses the whole batch. */
  async copyLines(lines: Buffer): Promise<void> {
    const parsed = lines.toString('utf8').split('\n').slice(0, -1).map(parseLine);
    const rows = parsed.flatMap((l) => ('row' in l ? [l.row] : []));
    if (rows.length < parsed.length) {
      this.calls++;
      throw Object.assign(new Error('missing data for column "id"'), { code: '22P04' });
    }
    return this.statement('copy', rows, rows);
  }
  private async statement(kind: 'copy' | 'insert', toStore: AuditRow[], sent: AuditRow[]): Promise<void> {
    this.calls++;
    if (this.hang) await new Promise<void>((resume) => this.hanging.push(resume));
    this.before(sent);
    if (this.down) throw unreachable();
    if (sent.some((r) => this.refuse.has(r.id))) throw refused();
    if (kind === 'copy' && sent.some((r) => this.stored.has(r.id))) throw Object.assign(new Error('duplicate key value violates unique constraint "access_audit_pkey"'), { code: '23505' });
    for (const r of toStore) this.stored.add(r.id);
    this.batches.push(toStore);
    this.kinds.push(kind);
  }

  async ping(): Promise<void> {
    if (this.down) throw unreachable();
  }
  release(): void {
    this.hang = false;
    for (const resume of this.hanging.splice(0)) resume();
  }
  get rows(): AuditRow[] {
    return this.batches.flat();
  }
}

const silent = createLogger('t', 'silent');

function rowIdOf(line: string): string | undefined {
  const parsed = parseLine(line);
  return 'row' in parsed ? parsed.row.id : undefined;
}

describe('AuditWriter: the journal before the answer, shipping and quarantine', () => {
  let dir: string;
  let journalPath: string;
  let journal: AuditJournal;
  /** How long each durable write of `journal` took, in seconds. */
  let writes: number[];
  let quarantine: AuditQuarantine;
  let store: FakeStore;
  let writer: AuditWriter;
  let counted: { database: number; journal: number; quarantine: number };

  function makeWriter(s: AuditStore, opts: Partial<AuditWriterOptions> = {}, j: AuditJournal = journal): AuditWriter {
    return new AuditWriter(
      {
        store: s,
        journal: j,
        quarantine,
        logger: silent,
        clock: new FakeClock(),
        observer: { committed: (n, to) => (counted[to] += n), quarantined: (n) => (counted.quarantine += n) },
      },
      { maxBatch: 100, commitTimeoutMs: 1000, ...opts },
    );
  }

  function quarantined(): Array<{ row?: AuditRow; line?: string; sqlState: string | null }> {
    const path = quarantinePathFor(journalPath);
    if (!existsSync(path)) return [];
    return readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-'));
    journalPath = join(dir, 'journal.ndjson');
    writes = [];
    journal = new AuditJournal(journalPath, Infinity, { dropped: () => {}, written: (seconds) => writes.push(seconds) });
    await journal.init();
    quarantine = new AuditQuarantine(quarantinePathFor(journalPath));
    store = new FakeStore();
    counted = { database: 0, journal: 0, quarantine: 0 };
    writer = makeWriter(store);
  });
  afterEach(async () => {
    store.release();
    await journal.close();
    await quarantine.close();
  });

  describe('the journal', () => {
    it('takes concurrent rows, resolves each once on disk (mode 0600), and sends nothing to the database before shipping', async () => {
      const rows = Array.from({ length: 50 }, (_, i) => row(i));
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(store.calls).to.equal(0);
      expect(journal.depth).to.equal(50);
      expect(journalLineTexts(journalPath).map(rowIdOf)).to.deep.equal(rows.map((r) => r.id));
      expect(statSync(journalPath).mode & 0o777).to.equal(0o600);
      expect(counted).to.deep.equal({ database: 0, journal: 50, quarantine: 0 });
      // Group commit: rows that arrive before the journal's next write share it (here, all 50 one fdatasync).
      expect(writes).to.have.length(1);
      expect(writes[0]).to.be.above(0);
      await Promise.all([row(50), row(51)].map((r) => writer.write(r)));
      expect(writes).to.have.length(2);
    });

    it('writes the rows of the next turns while an earlier write syncs, and shipping in between loses and repeats none', async () => {
      const rows: AuditRow[] = [];
      const written: Array<Promise<void>> = [];
      for (let turn = 0; turn < 40; turn++) {
        for (let i = 0; i < 5; i++) {
          const r = row(turn * 5 + i);
          rows.push(r);
          written.push(writer.write(r));
        }
        if (turn % 6 === 0) await writer.ship();
        await new Promise((next) => setImmediate(next));
      }
      await Promise.all(written);
      await writer.ship();
      expect(store.rows.map((r) => r.id)).to.have.members(rows.map((r) => r.id));
      expect(store.rows).to.have.length(rows.length);
      expect(journal.depth).to.equal(0);
      expect(writes.length, 'rows of one turn share a write').to.be.at.most(40);
    });

    it('starts each write on a line of its own: a fragment a crash tore from a write never takes the next row with it', async () => {
      await writer.write(row(1));
      await journal.close();
      writeAfterData(journalPath, '\n{"id":"torn-mid-');
      journal = new AuditJournal(journalPath);
      await journal.init();
      writer = makeWriter(store);
      await writer.write(row(2));
      expect(await writer.ship()).to.equal(3);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-1', 'cred-2']);
      expect(quarantined().map((e) => e.line)).to.deep.equal(['{"id":"torn-mid-']);
    });

    it('writes rows into space filled with zeros beforehand, never growing the file, and seals a segment no larger than its rows', async () => {
      const filled = statSync(journalPath).size;
      expect(filled).to.be.greaterThan(0);
      expect(readFileSync(journalPath).every((b) => b === 0)).to.equal(true);
      const rows = Array.from({ length: 20 }, (_, i) => row(i));
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(statSync(journalPath).size, 'the rows went into the space already there').to.equal(filled);
      for (let i = 0; i < 500 && !journal.spareReady; i++) await new Promise((r) => setTimeout(r, 10));
      expect(journal.spareReady).to.equal(true);
      store.down = true;
      await writer.ship();
      const segments = readdirSync(dir).filter((n) => n.endsWith('.segment'));
      expect(segments).to.have.length(1);
      const sealed = readFileSync(join(dir, segments[0]!));
      expect(sealed.at(-1), 'no zeros kept after the rows').to.not.equal(0);
      expect(journalLineTexts(join(dir, segments[0]!)).map(rowIdOf)).to.deep.equal(rows.map((r) => r.id));
      // The spare filled meanwhile is the new current file: the next rows go into its zeros too.
      const next = statSync(journalPath).size;
      expect(next).to.be.greaterThan(0);
      await writer.write(row(99));
      expect(statSync(journalPath).size).to.equal(next);
      store.down = false;
      expect(await writer.ship()).to.equal(21);
    });

    it('starts, writes and ships every row when its spare cannot be read or made: the next file just grows by appends', async () => {
      await journal.close();
      rmSync(`${journalPath}.spare`, { force: true });
      // A directory where the spare goes: filling it fails, as on a full or read-only disk.
      mkdirSync(`${journalPath}.spare`);
      journal = new AuditJournal(journalPath);
      await journal.init();
      writer = makeWriter(store);
      const first = [row(1), row(2)];
      await Promise.all(first.map((r) => writer.write(r)));
      expect(await writer.ship()).to.equal(2);
      expect(journal.spareReady).to.equal(false);
      const next = [row(3), row(4)];
      await Promise.all(next.map((r) => writer.write(r)));
      expect(journalLineTexts(journalPath).map(rowIdOf)).to.deep.equal(next.map((r) => r.id));
      expect(await writer.ship()).to.equal(2);
      expect(store.rows.map((r) => r.id)).to.deep.equal([...first, ...next].map((r) => r.id));
    });

    it('ships the rows of a spare a crash left holding them (its seal undone), and takes a spare of zeros as it is', async () => {
      await journal.close();
      const lost = [row(1), row(2)];
      writeFileSync(`${journalPath}.spare`, Buffer.concat([Buffer.from(lost.map((r) => `\n${encodeAuditLine(r)}`).join('')), Buffer.alloc(8192)]));
      journal = new AuditJournal(journalPath);
      await journal.init();
      expect(journal.depth).to.equal(2);
      writer = makeWriter(store);
      expect(await writer.ship()).to.equal(2);
      expect(store.rows.map((r) => r.id)).to.deep.equal(lost.map((r) => r.id));
      await journal.close();
      writeFileSync(`${journalPath}.spare`, Buffer.alloc(32768));
      journal = new AuditJournal(journalPath);
      await journal.init();
      expect(journal.depth).to.equal(0);
      writer = makeWriter(store);
      await writer.write(row(3));
      expect(await writer.ship()).to.equal(1);
      expect(statSync(journalPath).size, 'the spare of zeros became the current file').to.equal(32768);
    });

    it('ships in order by COPY, never more than maxBatch rows a statement, and empties itself', async () => {
      const rows = Array.from({ length: 250 }, (_, i) => row(i));
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(await writer.ship()).to.equal(250);
      expect(store.batches.map((b) => b.length)).to.deep.equal([100, 100, 50]);
      expect(store.kinds).to.deep.equal(['copy', 'copy', 'copy']);
      expect(store.rows.map((r) => r.id)).to.deep.equal(rows.map((r) => r.id));
      expect(journal.depth).to.equal(0);
      expect(readdirSync(dir).filter((n) => n.endsWith('.segment'))).to.deep.equal([]);
      expect(journalLineTexts(journalPath)).to.deep.equal([]);
      expect(counted.database).to.equal(250);
    });

    it('past its cap drops its oldest unshipped segment, counts and reports it, and keeps the newest rows', async () => {
      const drops: DroppedRows[] = [];
      const small = new AuditJournal(join(dir, 'small.ndjson'), 1, { dropped: (d) => drops.push(d), written: () => {} });
      await small.init();
      const w = makeWriter(store, {}, small);
      store.down = true;
      const old = [row(1), row(2)];
      await Promise.all(old.map((r) => w.write(r)));
      expect(await w.ship()).to.equal(0);
      const newest = [row(3)];
      await Promise.all(newest.map((r) => w.write(r)));
      expect(drops).to.deep.equal([{ rows: 2, from: 0, to: 0 }]);
      expect(small.depth).to.equal(1);
      store.down = false;
      expect(await w.ship()).to.equal(1);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-3']);
      await small.close();
    });
  });

  describe('a row the database already has', () => {
    it('sends the batch again skipping it: a batch stored just before a crash that left its segment is not written twice', async () => {
      const rows = Array.from({ length: 5 }, (_, i) => row(i));
      await store.insertBatch(rows.slice(1, 3));
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(await writer.ship()).to.equal(5);
      expect(store.kinds).to.deep.equal(['insert', 'insert']);
      expect(store.rows.map((r) => r.id)).to.deep.equal([rows[1]!.id, rows[2]!.id, rows[0]!.id, rows[3]!.id, rows[4]!.id]);
      expect(quarantined()).to.deep.equal([]);
      expect(counted.database).to.equal(5);
      await Promise.all([row(6), row(7)].map((r) => writer.write(r)));
      await writer.ship();
      expect(store.kinds.at(-1)).to.equal('copy');
    });
  });

  describe('a row the database refuses', () => {
    it('is set aside alone: the rest of its batch is written row by row, and the database stays up', async () => {
      const rows = Array.from({ length: 20 }, (_, i) => row(i));
      store.refuse.add(rows[7]!.id);
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(await writer.ship()).to.equal(20);
      expect(store.rows.map((r) => r.id)).to.have.members(rows.filter((_, i) => i !== 7).map((r) => r.id));
      expect(quarantined().map((e) => [e.row?.id, e.sqlState])).to.deep.equal([[rows[7]!.id, '22021']]);
      expect(journal.depth).to.equal(0);
      expect(writer.databaseHealthy).to.equal(true);
      expect(counted).to.deep.equal({ database: 19, journal: 20, quarantine: 1 });
      await Promise.all([row(30), row(31)].map((r) => writer.write(r)));
      await writer.ship();
      expect(store.batches.at(-1)).to.have.length(2);
    });

    it('keeps the rest in the journal when the database stops answering during the row-by-row fallback', async () => {
      const rows = Array.from({ length: 5 }, (_, i) => row(i));
      store.refuse.add(rows[1]!.id);
      store.before = (batch) => {
        if (batch.length === 1 && batch[0]!.id === rows[3]!.id) store.down = true;
      };
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(await writer.ship()).to.equal(3);
      expect(store.rows.map((r) => r.id)).to.deep.equal([rows[0]!.id, rows[2]!.id]);
      expect(quarantined().map((e) => e.row?.id)).to.deep.equal([rows[1]!.id]);
      expect(journal.depth).to.equal(2);
      expect(writer.databaseHealthy).to.equal(false);
    });
  });

  describe('a database that cannot take rows', () => {
    it('answers the writes from the journal while the database refuses connections, and reports it down when shipping', async () => {
      store.down = true;
      const rows = [row(1), row(2)];
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(await writer.ship()).to.equal(0);
      expect(store.rows).to.deep.equal([]);
      expect(journal.depth).to.equal(2);
      expect(writer.databaseHealthy).to.equal(false);
      expect(quarantined()).to.deep.equal([]);
    });

    it('gives up on a shipping statement past the deadline, keeps its rows, and sends them once the database answers', async () => {
      const fast = makeWriter(store, { commitTimeoutMs: 50 });
      store.hang = true;
      await fast.write(row(1));
      expect(await fast.ship()).to.equal(0);
      expect(fast.databaseHealthy).to.equal(false);
      expect(journal.depth).to.equal(1);
      store.release();
      await fast.write(row(2));
      expect(await fast.ship()).to.equal(2);
      expect(fast.databaseHealthy).to.equal(true);
      expect(new Set(store.rows.map((r) => r.credentialId))).to.deep.equal(new Set(['cred-1', 'cred-2']));
    });

    it('ships the journal once the database is back, then empties it', async () => {
      store.down = true;
      const rows = [row(1), row(2), row(3)];
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(await writer.ship()).to.equal(0);
      store.down = false;
      expect(await writer.ship()).to.equal(3);
      expect(store.rows.map((r) => r.id)).to.deep.equal(rows.map((r) => r.id));
      expect(journal.depth).to.equal(0);
      expect(readdirSync(dir).filter((n) => n.endsWith('.segment'))).to.deep.equal([]);
      expect(journalLineTexts(journalPath)).to.deep.equal([]);
      expect(writer.databaseHealthy).to.equal(true);
    });

    it('keeps rows written during shipping for the next one', async () => {
      await writer.write(row(1));
      const shipping = writer.ship();
      await journal.append(encodeAuditLine(row(2)), Date.parse(row(2).occurredAt));
      expect(await shipping).to.equal(1);
      expect(journal.depth).to.equal(1);
      expect(await writer.ship()).to.equal(1);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-1', 'cred-2']);
    });

    it('counts rows left in the journal by an earlier process', async () => {
      store.down = true;
      await writer.write(row(1));
      await writer.ship();
      await writer.write(row(2));
      await journal.close();
      const again = new AuditJournal(journalPath);
      await again.init();
      expect(again.depth).to.equal(2);
      await again.close();
    });

    it('reports the database down on an idle tick when it does not answer, and up again when it does', async () => {
      store.down = true;
      expect(await writer.ship()).to.equal(0);
      expect(writer.databaseHealthy).to.equal(false);
      store.down = false;
      await writer.ship();
      expect(writer.databaseHealthy).to.equal(true);
    });
  });

  describe('shipping a journal with bad lines', () => {
    it('quarantines a row the database refuses, writes the rest, and does not let the file block a later one', async () => {
      store.down = true;
      const first = [row(1), row(2), row(3)];
      await Promise.all(first.map((r) => writer.write(r)));
      expect(await writer.ship()).to.equal(0);
      const second = [row(4), row(5)];
      await Promise.all(second.map((r) => writer.write(r)));
      store.down = false;
      store.refuse.add(first[1]!.id);
      expect(await writer.ship()).to.equal(5);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-1', 'cred-3', 'cred-4', 'cred-5']);
      expect(quarantined().map((e) => e.row?.id)).to.deep.equal([first[1]!.id]);
      expect(journal.depth).to.equal(0);
      expect(counted.quarantine).to.equal(1);
    });

    it('quarantines a torn line left by a crash and ships the rows around it', async () => {
      const [a, b] = [row(1), row(2)];
      writeFileSync(journalPath, `${JSON.stringify(a)}\n{"id":"torn\n${JSON.stringify(b)}\n{"id":"torn-at-the-end`);
      const again = new AuditJournal(journalPath);
      await again.init();
      expect(again.depth).to.equal(4);
      await again.append(encodeAuditLine(row(3)), Date.parse(row(3).occurredAt));
      const w = new AuditWriter({ store, journal: again, quarantine, logger: silent, clock: new FakeClock() }, { maxBatch: 100, commitTimeoutMs: 1000 });
      expect(await w.ship()).to.equal(5);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-1', 'cred-2', 'cred-3']);
      expect(quarantined().map((e) => e.line)).to.deep.equal(['{"id":"torn', '{"id":"torn-at-the-end']);
      await again.close();
    });

    it('keeps only the unhandled rows when the database goes away mid-file, and never quarantines a row twice', async () => {
      store.down = true;
      const rows = [row(1), row(2), row(3), row(4)];
      await Promise.all(rows.map((r) => writer.write(r)));
      store.down = false;
      store.refuse.add(rows[1]!.id);
      let fail = true;
      store.before = (batch) => {
        if (fail && batch.length === 1 && batch[0]!.id === rows[2]!.id) {
          fail = false;
          throw unreachable();
        }
      };
      expect(await writer.ship()).to.equal(2);
      expect(journal.depth).to.equal(2);
      expect(writer.databaseHealthy).to.equal(false);
      expect(await writer.ship()).to.equal(2);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-1', 'cred-3', 'cred-4']);
      expect(quarantined().map((e) => e.row?.id)).to.deep.equal([rows[1]!.id]);
      expect(journal.depth).to.equal(0);
    });
  });
});
