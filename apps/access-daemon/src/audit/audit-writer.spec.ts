import { expect } from 'chai';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createLogger } from '@wfm/core/logger';
import type { AuditRow, AuditStore } from './audit-row.js';
import { AuditSpool } from './audit-spool.js';
import { AuditWriter } from './audit-writer.js';

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

class FakeStore implements AuditStore {
  batches: AuditRow[][] = [];
  down = false;
  async insertBatch(rows: readonly AuditRow[]): Promise<void> {
    if (this.down) throw Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    this.batches.push([...rows]);
  }
  get rows(): AuditRow[] {
    return this.batches.flat();
  }
}

const silent = createLogger('t', 'silent');

describe('AuditWriter: group commit and spool', () => {
  let dir: string;
  let spool: AuditSpool;
  let store: FakeStore;
  let writer: AuditWriter;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'audit-'));
    spool = new AuditSpool(join(dir, 'spool.ndjson'));
    await spool.init();
    store = new FakeStore();
    writer = new AuditWriter(store, spool, { maxWaitMs: 2, maxBatch: 100, maxInFlight: 1 }, silent);
  });
  afterEach(async () => spool.close());

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
    };
    const parallel = new AuditWriter(slow, spool, { maxWaitMs: 2, maxBatch: 10, maxInFlight: 3 }, silent);
    await Promise.all(Array.from({ length: 100 }, (_, i) => parallel.write(row(i))));
    expect(peak).to.equal(3);
  });

  it('never puts more than maxBatch rows in one statement', async () => {
    await Promise.all(Array.from({ length: 250 }, (_, i) => writer.write(row(i))));
    expect(store.batches.map((b) => b.length)).to.deep.equal([100, 100, 50]);
  });

  it('spools rows to disk when the database refuses, and still resolves the writes', async () => {
    store.down = true;
    const rows = [row(1), row(2)];
    await Promise.all(rows.map((r) => writer.write(r)));
    expect(store.rows).to.deep.equal([]);
    expect(spool.depth).to.equal(2);
    const onDisk = readFileSync(join(dir, 'spool.ndjson'), 'utf8').trim().split('\n').map((l) => JSON.parse(l).id);
    expect(onDisk).to.deep.equal(rows.map((r) => r.id));
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
    expect(existsSync(join(dir, 'spool.ndjson.replaying'))).to.equal(false);
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
    await spool.close();
    const again = new AuditSpool(join(dir, 'spool.ndjson'));
    await again.init();
    expect(again.depth).to.equal(1);
    await again.close();
  });
});
