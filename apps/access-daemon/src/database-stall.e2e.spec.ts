import { expect } from 'chai';
import { journalLineTexts } from './test-support/journal-files.js';
import { parseLine } from './audit/journal-lines.js';
import type { FaultProxy } from '@wfm/testing/fault-proxy';
import { startDaemonBehindProxy } from './test-support/fault-proxy.js';
import type { DaemonHarness, TenantFixture } from './test-support/daemon-harness.js';

const DENY = (reason: string) => ({ decision: 'DENY', reason });

describe('access daemon: a frozen database (hangs, not refuses) does not hang the doors', function () {
  // The pool's own timeouts are set far beyond this test's time limit, so only the door path's
  // bounds can answer in time: without them a tap waits out the 60 s query timeout and this fails.
  this.timeout(20_000);

  let h: DaemonHarness;
  let proxy: FaultProxy;
  let stop: () => Promise<void>;
  let t: TenantFixture;
  let zoneId: string;
  let userId: string;

  before(async () => {
    ({ h, proxy, stop } = await startDaemonBehindProxy({ ACCESS_DB_QUERY_TIMEOUT_MS: '60000', ACCESS_DB_STATEMENT_TIMEOUT_MS: '60000' }));
  });
  after(async () => stop());

  beforeEach(async () => {
    t = await h.tenant();
    zoneId = await h.zone(t.tenantId, { readerIds: ['reader-1'] });
    userId = await h.user(t.tenantId, 'Ada Lovelace');
    await h.grant(t.tenantId, { userId }, zoneId);
    await h.reload();
  });
  afterEach(() => proxy.thaw());

  async function tap(credentialId: string) {
    h.clock.advance(3000);
    const res = await h.verify(t, { credentialId, readerId: 'reader-1' });
    expect(res.status).to.equal(200);
    return res.body;
  }

  async function health(): Promise<Record<string, unknown>> {
    return fetch(`${h.metricsBase}/health`).then((r) => r.json() as Promise<Record<string, unknown>>);
  }

  /** The tenants of the rows in the journal's current file (nothing shipped yet); each write starts on a line of its own. */
  function journalTenants(): string[] {
    return journalLineTexts(h.spoolPath).map((l) => {
      const parsed = parseLine(l);
      return 'row' in parsed ? parsed.row.tenantId : '';
    });
  }

  it('answers from the cache with the rows in its journal, reports the database down once shipping stalls; thawed, each row is written exactly once', async () => {
    const stranger = await h.user(t.tenantId, 'Bob');
    await h.reload();
    proxy.freeze();

    expect(await tap(h.credential(t, userId))).to.include({ decision: 'GRANT', userId, zoneId });
    expect(await tap(h.credential(t, stranger))).to.deep.equal(DENY('No access to this zone'));
    expect(journalTenants()).to.deep.equal([t.tenantId, t.tenantId]);
    expect(await h.daemon.audit.ship()).to.equal(0);
    expect(await health()).to.include({ database: 'down', journalRows: 2 });

    proxy.thaw();
    expect(await h.daemon.audit.ship()).to.equal(2);
    expect((await h.auditRows(t.tenantId)).map((r) => [r.eventType, r.userId])).to.deep.equal([
      ['GRANTED', userId],
      ['DENIED_NO_GRANT', stranger],
    ]);
    expect(await health()).to.include({ database: 'up', journalRows: 0 });
  });

  it('says Access expired on the first tap after a grant expired and No access to this zone after, never GRANT', async () => {
    const late = await h.user(t.tenantId, 'Late');
    const grant = await h.grant(t.tenantId, { userId: late }, zoneId, new Date(h.clock.now().getTime() + 10_000));
    await h.reload();
    const c = h.credential(t, late);
    expect(await tap(c)).to.include({ decision: 'GRANT' });

    h.clock.advance(60_000);
    proxy.freeze();
    expect(await tap(c)).to.deep.equal(DENY('Access expired'));
    expect(await tap(c)).to.deep.equal(DENY('No access to this zone'));

    proxy.thaw();
    expect(await h.daemon.audit.ship()).to.equal(3);
    expect((await h.auditRows(t.tenantId)).map((r) => r.eventType)).to.deep.equal(['GRANTED', 'DENIED_EXPIRED', 'DENIED_NO_GRANT']);
    // The expiry decided while the database was frozen reaches it once it answers.
    await h.daemon.expiries.flush();
    expect(h.daemon.expiries.depth).to.equal(0);
    const [{ status }] = await h.ds.query(`SELECT status FROM access_grants WHERE id = $1`, [grant]);
    expect(status).to.equal('EXPIRED');
  });
});
