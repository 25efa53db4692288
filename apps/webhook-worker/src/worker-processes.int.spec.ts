import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createTenant } from '@wfm/testing/factories';
import { recordEvent } from '@wfm/db/domain-events.repository';
import { commitEvents, createSubscription, deliveriesOf, TEST_ENCRYPTION_KEY, userCreated } from '@wfm/webhooks/test-support/fixtures';
import { startTestReceiver, type TestReceiver } from '@wfm/testing/https-receiver';
import { NO_FIXED_OPERATOR_PORTS } from '@wfm/testing/child-process';

/**
 * The worker as deployed: `main.js` in separate processes against one database, trusting the test
 * receiver's certificate through NODE_EXTRA_CA_CERTS, with shrunk timings (1 s timeout, so a lease
 * of 3 s; a sweep every 200 ms).
 */
describe('webhook worker processes', () => {
  let db: TestDatabase;
  let receiver: TestReceiver;
  let dir: string;
  const children: ChildProcess[] = [];
  const main = fileURLToPath(new URL('./main.js', import.meta.url));

  function spawnWorker(env: Record<string, string> = {}): ChildProcess {
    const child = fork(main, [], {
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        DATA_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
        NODE_EXTRA_CA_CERTS: join(dir, 'ca.pem'),
        WEBHOOK_ALLOWED_TARGETS: '127.0.0.1',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_SWEEP_INTERVAL_MS: '200',
        LOG_LEVEL: 'error',
        ...NO_FIXED_OPERATOR_PORTS,
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    children.push(child);
    return child;
  }

  async function allDelivered(webhookId: string, count: number): Promise<void> {
    for (;;) {
      const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'DELIVERED'`, [webhookId]);
      if (n === count) return;
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  before(async () => {
    db = await createTestDatabase();
    receiver = await startTestReceiver();
    dir = mkdtempSync(join(tmpdir(), 'wfm-worker-test-'));
    writeFileSync(join(dir, 'ca.pem'), receiver.ca);
  });
  after(async () => {
    await receiver.close();
    await db.drop();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    receiver.requests.length = 0;
  });
  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
    }
  });

  it('a worker killed with SIGKILL mid-delivery loses nothing: another worker delivers every event', async function () {
    this.timeout(60_000);
    const t = await createTenant(db.dataSource, { plan: 'GROWTH' });
    const sub = await createSubscription(db.dataSource, { tenantId: t.id, url: receiver.url() });
    receiver.setHandler(() => 'hang');
    const doomed = spawnWorker();
    await commitEvents(db.dataSource, t.id, 50);
    // The doomed worker is now in the middle of attempts its receiver never answers.
    await receiver.waitFor((rs) => rs.length >= 8);
    const interrupted = new Set(receiver.requests.map((r) => r.headers['x-service-delivery'] as string));
    const exited = new Promise((r) => doomed.once('exit', r));
    doomed.kill('SIGKILL');
    await exited;
    const leased = (await deliveriesOf(db.dataSource, sub.id)).filter((d) => d.lease_owner !== null);
    expect(leased.length).to.be.greaterThan(0);

    receiver.setHandler(() => ({ status: 200 }));
    receiver.releaseHung();
    spawnWorker();
    await allDelivered(sub.id, 50);

    const rows = await deliveriesOf(db.dataSource, sub.id);
    expect(rows).to.have.length(50);
    expect(new Set(rows.map((d) => d.event_id)).size).to.equal(50);
    const [{ n }] = await db.dataSource.query(`SELECT count(*)::int AS n FROM domain_events WHERE dispatched_at IS NULL AND tenant_id = $1`, [t.id]);
    expect(n).to.equal(0);
    // At least once: every delivery reached the receiver, the interrupted ones a second time.
    const received = new Set(receiver.requests.map((r) => r.headers['x-service-delivery']));
    for (const d of rows) expect(received.has(d.id), d.id).to.equal(true);
    for (const id of interrupted) expect(receiver.requests.filter((r) => r.headers['x-service-delivery'] === id)).to.have.length(2);
  });

  it('two worker processes never both deliver the same attempt', async function () {
    this.timeout(60_000);
    receiver.setHandler(() => ({ status: 200 }));
    const subs = [];
    for (let i = 0; i < 4; i++) {
      const t = await createTenant(db.dataSource, { plan: 'ENTERPRISE' });
      subs.push(await createSubscription(db.dataSource, { tenantId: t.id, url: receiver.url(`/t${i}`) }));
    }
    // Leases far longer than any attempt here: a lease that runs out on a loaded machine is retaken by
    // design (at least once, the test above); this test is about two live workers claiming at once.
    spawnWorker({ WEBHOOK_TIMEOUT_MS: '10000' });
    spawnWorker({ WEBHOOK_TIMEOUT_MS: '10000' });
    for (const s of subs) await commitEvents(db.dataSource, s.tenantId, 100);
    for (const s of subs) await allDelivered(s.id, 100);
    const ids = receiver.requests.map((r) => r.headers['x-service-delivery']);
    expect(ids).to.have.length(400);
    expect(new Set(ids).size).to.equal(400);
  });

  it('two worker processes keep a FIFO subscription in event order, one delivery at a time', async function () {
    this.timeout(60_000);
    let inFlight = 0;
    let most = 0;
    receiver.setHandler(async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      // Held long enough that a second concurrent attempt, were one claimed, would overlap this one.
      await new Promise((r) => setTimeout(r, 5));
      inFlight -= 1;
      return { status: 200 };
    });
    const t = await createTenant(db.dataSource, { plan: 'GROWTH' });
    const sub = await createSubscription(db.dataSource, { tenantId: t.id, url: receiver.url('/fifo'), ordering: 'fifo' });
    spawnWorker({ WEBHOOK_TIMEOUT_MS: '10000' });
    spawnWorker({ WEBHOOK_TIMEOUT_MS: '10000' });
    const base = Date.parse('2026-01-05T08:00:00Z');
    await db.dataSource.transaction(async (tx) => {
      for (let i = 0; i < 40; i++) await recordEvent(tx, t.id, 'user.created', userCreated(t.id, i), new Date(base + i));
    });
    await allDelivered(sub.id, 40);
    const emails = receiver.requests.map((r) => (JSON.parse(r.body) as { payload: { email: string } }).payload.email);
    expect(emails).to.deep.equal(Array.from({ length: 40 }, (_, i) => `user${i}@example.test`));
    expect(most).to.equal(1);
  });
});
