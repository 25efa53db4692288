import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { encodeAuditLine, type AuditRow } from './audit-row.js';
import { AuditRepository } from './audit.repository.js';
import { quarantinePathFor, type QuarantineEntry } from './audit-quarantine.js';
import type { FaultProxy } from '@wfm/testing/fault-proxy';
import { startDaemonBehindProxy } from '../test-support/fault-proxy.js';
import type { DaemonHarness } from '../test-support/daemon-harness.js';
import { writeAfterData } from '../test-support/journal-files.js';

/** PostgreSQL refuses a NUL byte in text (SQLSTATE 22021): a row that can never be written. */
const POISON = 'door-\u0000';

describe('audit rows PostgreSQL refuses (real database)', () => {
  let h: DaemonHarness;
  let proxy: FaultProxy;
  let stop: () => Promise<void>;

  // A commit slower than the default 1 s on a loaded machine would spool good rows: not what these tests are about.
  const env = { ACCESS_DB_CONNECT_TIMEOUT_MS: '1000', ACCESS_AUDIT_COMMIT_TIMEOUT_MS: '15000' };

  before(async () => {
    ({ h, proxy, stop } = await startDaemonBehindProxy(env));
  });
  after(async () => stop());

  function row(tenantId: string, readerId: string): AuditRow {
    return {
      id: randomUUID(),
      tenantId,
      userId: null,
      zoneId: null,
      visitorPassId: null,
      credentialId: `sha256:${randomUUID().replaceAll('-', '')}`,
      readerId,
      eventType: 'UNKNOWN_READER',
      reason: 'Unknown reader',
      occurredAt: h.clock.now().toISOString(),
      source: 'BRIDGE_HTTP',
    };
  }

  async function writtenIds(rows: readonly AuditRow[]): Promise<string[]> {
    const found: Array<{ id: string }> = await h.ds.query(`SELECT id FROM access_audit WHERE id = ANY($1::uuid[])`, [rows.map((r) => r.id)]);
    return found.map((r) => r.id);
  }

  function quarantinedIds(rows: readonly AuditRow[]): string[] {
    const path = quarantinePathFor(h.spoolPath);
    if (!existsSync(path)) return [];
    const ids = new Set(rows.map((r) => r.id));
    return readFileSync(path, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as QuarantineEntry)
      .filter((e) => e.row && ids.has(e.row.id))
      .map((e) => e.row!.id);
  }

  async function quarantinedMetric(): Promise<number> {
    const text = await fetch(`${h.metricsBase}/metrics`).then((r) => r.text());
    return Number(/^access_audit_quarantined_rows_total (\d+)$/m.exec(text)?.[1]);
  }

  async function health(): Promise<Record<string, unknown>> {
    return fetch(`${h.metricsBase}/health`).then((r) => r.json() as Promise<Record<string, unknown>>);
  }

  it('a line torn by a crash among good rows: the batch goes row by row, the torn line is quarantined', async () => {
    const tenantId = (await h.tenant()).tenantId;
    const [a, b] = [row(tenantId, 'door-a'), row(tenantId, 'door-b')];
    // What a crash leaves in the journal of a stopped daemon: a, a write torn mid-row, b.
    await h.daemon.stop();
    writeAfterData(h.spoolPath, `\n${encodeAuditLine(a)}\n{"id":"torn\n${encodeAuditLine(b)}`);
    await h.boot(env);
    // Shipping starts with the daemon; it is done when no row is left.
    for (let i = 0; i < 500 && (await health()).journalRows !== 0; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await writtenIds([a, b])).to.have.members([a.id, b.id]);
    const lines = readFileSync(quarantinePathFor(h.spoolPath), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as QuarantineEntry);
    expect(lines.filter((e) => e.line === '{"id":"torn')).to.have.length(1);
    expect(await health()).to.include({ database: 'up', journalRows: 0 });
  });

  it('a poisoned row among 100 good ones from three tenants in one batch: 100 rows written, 1 quarantined and counted, the database still up', async () => {
    const tenants = [(await h.tenant()).tenantId, (await h.tenant()).tenantId, (await h.tenant()).tenantId];
    const good = Array.from({ length: 100 }, (_, i) => row(tenants[i % 3]!, `door-${i}`));
    const poisoned = row(tenants[1]!, POISON);
    const before = await quarantinedMetric();

    await Promise.all([...good.slice(0, 50), poisoned, ...good.slice(50)].map((r) => h.daemon.audit.write(r)));
    expect(await h.daemon.audit.ship()).to.equal(101);

    expect(await writtenIds([...good, poisoned])).to.have.members(good.map((r) => r.id));
    expect(quarantinedIds([...good, poisoned])).to.deep.equal([poisoned.id]);
    expect(await quarantinedMetric()).to.equal(before + 1);
    expect(await health()).to.include({ database: 'up', journalRows: 0 });
  });

  it('a journal segment holding a poisoned row: its good rows are shipped, the bad one quarantined, and a later segment is not blocked', async () => {
    const [a, b] = [(await h.tenant()).tenantId, (await h.tenant()).tenantId];
    const before = await quarantinedMetric();
    proxy.cut();
    const first = [row(a, 'door-1'), row(b, POISON), row(a, 'door-3')];
    await Promise.all(first.map((r) => h.daemon.audit.write(r)));
    expect(await h.daemon.audit.ship()).to.equal(0);
    const later = [row(b, 'door-4'), row(a, 'door-5')];
    await Promise.all(later.map((r) => h.daemon.audit.write(r)));
    expect(await health()).to.include({ database: 'down', journalRows: 5 });

    proxy.restore();
    expect(await h.daemon.audit.ship()).to.equal(5);

    expect(await writtenIds([...first, ...later])).to.have.members([first[0]!.id, first[2]!.id, ...later.map((r) => r.id)]);
    expect(quarantinedIds([...first, ...later])).to.deep.equal([first[1]!.id]);
    expect(await quarantinedMetric()).to.equal(before + 1);
    expect(await health()).to.include({ database: 'up', journalRows: 0 });
    expect(await h.daemon.audit.ship()).to.equal(0);
  });

  it('COPY stores every value as it was given: tabs, newlines, backslashes and non-ASCII in text, nulls as null, the instant to the millisecond', async () => {
    const tenantId = (await h.tenant()).tenantId;
    const odd = { ...row(tenantId, 'door\tA\nline two\\N ü \u{1F6AA}'), reason: 'back\\slash\r\n', userId: randomUUID(), occurredAt: '2026-11-28T03:04:05.678Z' };
    const plain = row(tenantId, '\\.');
    await new AuditRepository(h.ds).copyLines(Buffer.from(encodeAuditLine(odd) + encodeAuditLine(plain)));
    const stored: Array<Record<string, unknown>> = await h.ds.query(
      `SELECT id, tenant_id, user_id, zone_id, visitor_pass_id, credential_id, reader_id, event_type, reason, to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS occurred_at, source FROM access_audit WHERE id = ANY($1::uuid[]) ORDER BY array_position($1::uuid[], id)`,
      [[odd.id, plain.id]],
    );
    expect(stored.map((r) => Object.values(r))).to.deep.equal([odd, plain].map((r) => Object.values(r)));
  });

  it('a batch holding a row the database already has (shipped before a crash): COPY refuses it whole, and the writer sends it again skipping that row', async () => {
    const tenantId = (await h.tenant()).tenantId;
    const rows = Array.from({ length: 5 }, (_, i) => row(tenantId, `door-${i}`));
    const repository = new AuditRepository(h.ds);
    await repository.insertBatch([rows[2]!]);
    const refused = await repository.copyLines(Buffer.from(rows.map(encodeAuditLine).join(''))).then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).to.have.property('code', '23505');
    expect(await writtenIds(rows)).to.deep.equal([rows[2]!.id]);

    await Promise.all(rows.map((r) => h.daemon.audit.write(r)));
    expect(await h.daemon.audit.ship()).to.equal(5);
    expect(await writtenIds(rows)).to.have.members(rows.map((r) => r.id));
    expect(quarantinedIds(rows)).to.deep.equal([]);
  });
});
