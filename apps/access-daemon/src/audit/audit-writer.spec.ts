import { expect } from 'chai';
import { mkdtempSync, readFileSync, existsSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { FakeClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import type { AuditRow, AuditStore } from './audit-row.js';
import { AuditSpool } from './audit-spool.js';
import { AuditQuarantine, quarantinePathFor } from './audit-quarantine.js';
import { AuditWriter, type AuditWriterOptions } from './audit-writer.js';

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
  batches: AuditRow[][] = [];
  calls = 0;
  down = false;
  refuse = new Set<string>();
  /** Called before each statement; may throw to fail that statement. */
  before: (rows: readonly AuditRow[]) => void = () => {};
  private hanging: Array<() => void> = [];
  hang = false;

  async insertBatch(rows: readonly AuditRow[]): Promise<void> {
    this.calls++;
    if (this.hang) await new Promise<void>((resume) => this.hanging.push(resume));
    this.before(rows);
    if (this.down) throw unreachable();
    if (rows.some((r) => this.refuse.has(r.id))) throw refused();
    this.batches.push([...rows]);
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

describe('AuditWriter: group commit, spool and quarantine', () => {
  let dir: string;
  let spoolPath: string;
  let spool: AuditSpool;
  let quarantine: AuditQuarantine;
  let store: FakeStore;
  let writer: AuditWriter;
  let counted: { database: number; spool: number; quarantine: number };

  function makeWriter(s: AuditStore, opts: Partial<AuditWriterOptions> = {}): AuditWriter {
    return new AuditWriter(
      {
        store: s,
        spool,
        quarantine,
        logger: silent,
        clock: new FakeClock(),
        observer: { committed: (n, to) => (counted[to] += n), quarantined: (n) => (counted.quarantine += n) },
      },
      { maxWaitMs: 2, maxBatch: 100, maxInFlight: 1, commitTimeoutMs: 1000, ...opts },
    );
  }

  function quarantined(): Array<{ row?: AuditRow; line?: string; sqlState: string | null }> {
    const path = quarantinePathFor(spoolPath);
    if (!existsSync(path)) return [];
    return readFileSync(path, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  }

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-'));
    spoolPath = join(dir, 'spool.ndjson');
    spool = new AuditSpool(spoolPath);
    await spool.init();
    quarantine = new AuditQuarantine(quarantinePathFor(spoolPath));
    store = new FakeStore();
    counted = { database: 0, spool: 0, quarantine: 0 };
    writer = makeWriter(store);
  });
  afterEach(async () => {
    store.release();
    await spool.close();
    await quarantine.close();
  });

  describe('group commit', () => {
    it('writes concurrent rows in one batch and resolves each write only after the batch', async () => {
      const rows = Array.from({ length: 50 }, (_, i) => row(i));
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(store.batches).to.have.length(1);
      expect(store.rows.map((r) => r.id)).to.deep.equal(rows.map((r) => r.id));
    });

    it('commits up to maxInFlight batches at once', async () => {
      let open = 0;
      let peak = 0;
      const slow: AuditStore = {
        insertBatch: async () => {
          open++;
          peak = Math.max(peak, open);
          await new Promise((r) => setImmediate(r));
          open--;
        },
        ping: async () => {},
      };
      const parallel = makeWriter(slow, { maxBatch: 10, maxInFlight: 3 });
      await Promise.all(Array.from({ length: 100 }, (_, i) => parallel.write(row(i))));
      expect(peak).to.equal(3);
    });

    it('never puts more than maxBatch rows in one statement', async () => {
      await Promise.all(Array.from({ length: 250 }, (_, i) => writer.write(row(i))));
      expect(store.batches.map((b) => b.length)).to.deep.equal([100, 100, 50]);
    });
  });

  describe('a row the database refuses', () => {
    it('is set aside alone: the rest of its batch is written row by row, and the database stays up', async () => {
      const rows = Array.from({ length: 20 }, (_, i) => row(i));
      store.refuse.add(rows[7]!.id);
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(store.rows.map((r) => r.id)).to.have.members(rows.filter((_, i) => i !== 7).map((r) => r.id));
      expect(quarantined().map((e) => [e.row?.id, e.sqlState])).to.deep.equal([[rows[7]!.id, '22021']]);
      expect(spool.depth).to.equal(0);
      expect(writer.databaseHealthy).to.equal(true);
      expect(counted).to.deep.equal({ database: 19, spool: 0, quarantine: 1 });
      await Promise.all([row(30), row(31)].map((r) => writer.write(r)));
      expect(store.batches.at(-1)).to.have.length(2);
    });

    it('spools the rest of the batch when the database stops answering during the row-by-row fallback', async () => {
      const rows = Array.from({ length: 5 }, (_, i) => row(i));
      store.refuse.add(rows[1]!.id);
      store.before = (batch) => {
        if (batch.length === 1 && batch[0]!.id === rows[3]!.id) store.down = true;
      };
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(store.rows.map((r) => r.id)).to.deep.equal([rows[0]!.id, rows[2]!.id]);
      expect(quarantined().map((e) => e.row?.id)).to.deep.equal([rows[1]!.id]);
      expect(spool.depth).to.equal(2);
      expect(writer.databaseHealthy).to.equal(false);
    });
  });

  describe('a database that cannot take rows', () => {
    it('spools rows to disk when the database refuses connections, and still resolves the writes', async () => {
      store.down = true;
      const rows = [row(1), row(2)];
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(store.rows).to.deep.equal([]);
      expect(spool.depth).to.equal(2);
      expect(writer.databaseHealthy).to.equal(false);
      const onDisk = readFileSync(spoolPath, 'utf8').trim().split('\n').map((l) => JSON.parse(l).id);
      expect(onDisk).to.deep.equal(rows.map((r) => r.id));
      expect(quarantined()).to.deep.equal([]);
    });

    it('spools a batch whose commit outlives the deadline, answers the writes, and sends later rows straight to the spool', async () => {
      const fast = makeWriter(store, { commitTimeoutMs: 50 });
      store.hang = true;
      await fast.write(row(1));
      expect(spool.depth).to.equal(1);
      expect(fast.databaseHealthy).to.equal(false);
      await fast.write(row(2));
      expect(store.calls).to.equal(1);
      expect(spool.depth).to.equal(2);
      store.release();
      expect(await fast.replaySpool()).to.equal(2);
      expect(fast.databaseHealthy).to.equal(true);
      expect(new Set(store.rows.map((r) => r.credentialId))).to.deep.equal(new Set(['cred-1', 'cred-2']));
    });

    it('re-inserts the spool once the database is back, then empties it', async () => {
      store.down = true;
      const rows = [row(1), row(2), row(3)];
      await Promise.all(rows.map((r) => writer.write(r)));
      expect(await writer.replaySpool()).to.equal(0);
      store.down = false;
      expect(await writer.replaySpool()).to.equal(3);
      expect(store.rows.map((r) => r.id)).to.deep.equal(rows.map((r) => r.id));
      expect(spool.depth).to.equal(0);
      expect(readdirSync(dir).filter((n) => n.startsWith('spool.ndjson'))).to.deep.equal([]);
      expect(writer.databaseHealthy).to.equal(true);
    });

    it('keeps rows spooled during a replay for the next one', async () => {
      store.down = true;
      await writer.write(row(1));
      store.down = false;
      const replay = writer.replaySpool();
      await spool.append([row(2)]);
      expect(await replay).to.equal(1);
      expect(spool.depth).to.equal(1);
      expect(await writer.replaySpool()).to.equal(1);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-1', 'cred-2']);
    });

    it('counts rows left in the spool by an earlier process', async () => {
      store.down = true;
      await writer.write(row(1));
      await writer.replaySpool();
      await writer.write(row(2));
      await spool.close();
      const again = new AuditSpool(spoolPath);
      await again.init();
      expect(again.depth).to.equal(2);
      await again.close();
    });

    it('reports the database down on an idle tick when it does not answer, and up again when it does', async () => {
      store.down = true;
      expect(await writer.replaySpool()).to.equal(0);
      expect(writer.databaseHealthy).to.equal(false);
      store.down = false;
      await writer.replaySpool();
      expect(writer.databaseHealthy).to.equal(true);
    });
  });

  describe('spool replay', () => {
    it('quarantines a row the database refuses, writes the rest, and does not let the file block a later one', async () => {
      store.down = true;
      const first = [row(1), row(2), row(3)];
      await Promise.all(first.map((r) => writer.write(r)));
      expect(await writer.replaySpool()).to.equal(0);
      const second = [row(4), row(5)];
      await Promise.all(second.map((r) => writer.write(r)));
      store.down = false;
      store.refuse.add(first[1]!.id);
      expect(await writer.replaySpool()).to.equal(5);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-1', 'cred-3', 'cred-4', 'cred-5']);
      expect(quarantined().map((e) => e.row?.id)).to.deep.equal([first[1]!.id]);
      expect(spool.depth).to.equal(0);
      expect(counted.quarantine).to.equal(1);
    });

    it('quarantines a torn line left by a crash and replays the rows around it', async () => {
      const [a, b] = [row(1), row(2)];
      writeFileSync(spoolPath, `${JSON.stringify(a)}\n{"id":"torn\n${JSON.stringify(b)}\n{"id":"torn-at-the-end`);
      const again = new AuditSpool(spoolPath);
      await again.init();
      expect(again.depth).to.equal(4);
      await again.append([row(3)]);
      const w = new AuditWriter({ store, spool: again, quarantine, logger: silent, clock: new FakeClock() }, { maxWaitMs: 2, maxBatch: 100, maxInFlight: 1, commitTimeoutMs: 1000 });
      expect(await w.replaySpool()).to.equal(5);
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
      expect(await writer.replaySpool()).to.equal(2);
      expect(spool.depth).to.equal(2);
      expect(writer.databaseHealthy).to.equal(false);
      expect(await writer.replaySpool()).to.equal(2);
      expect(store.rows.map((r) => r.credentialId)).to.deep.equal(['cred-1', 'cred-3', 'cred-4']);
      expect(quarantined().map((e) => e.row?.id)).to.deep.equal([rows[1]!.id]);
      expect(spool.depth).to.equal(0);
    });
  });
});
