import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { signCredential } from '@wfm/access/credential';
import { nextAccessVersion } from '@wfm/db/access-feed.repository';
import { createTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { FaultProxy } from '@wfm/testing/fault-proxy';
import { freePort, spawnNode, type NodeProcess } from '@wfm/testing/child-process';
import { describeWithRedis } from '@wfm/testing/redis';
import { DaemonHarness, type TenantFixture } from './test-support/daemon-harness.js';

const CHILD = fileURLToPath(new URL('./test-support/split-daemon-child.js', import.meta.url));

/** Polls `probe` until it returns a value (bounded: 200 tries, 100 ms apart). */
async function until<T>(what: string, probe: () => Promise<T | null>, p?: NodeProcess): Promise<T> {
  for (let i = 0; i < 200; i++) {
    if (p && p.child.exitCode !== null) throw new Error(`the daemon exited while waiting for ${what}:\n${p.output()}`);
    const value = await probe().catch(() => null);
    if (value !== null) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`gave up waiting for ${what}${p ? `:\n${p.output()}` : ''}`);
}

describeWithRedis('access daemon at the edge: a restart while the database and Redis are out of reach (split mode, real processes)', (redisUrl) => {
  let db: TestDatabase;
  let h: DaemonHarness;
  let pg: FaultProxy;
  let redis: FaultProxy;
  let t: TenantFixture;
  let zoneId: string;
  let grantId: string;
  let ada: string;
  let bob: string;
  /** Granted while the daemon is down (the kill -9 case), and tapped again in the held-link case. */
  let carol = '';
  let carolGrant = '';
  let env: Record<string, string>;
  let doorBase = '';
  let healthUrl = '';
  let daemon: NodeProcess | null = null;
  /** Decisions the daemon answered: each has its audit row. A fresh credential per tap, so none is a replay. */
  let answered = 0;

  before(async function () {
    this.timeout(60_000);
    db = await createTestDatabase();
    h = await DaemonHarness.start({ db });
    const direct = new URL(db.url);
    pg = await FaultProxy.start({ host: direct.hostname, port: Number(direct.port || 5432) });
    const r = new URL(redisUrl);
    redis = await FaultProxy.start({ host: r.hostname, port: Number(r.port || 6379) });
    t = await h.tenant();
    zoneId = await h.zone(t.tenantId, { readerIds: ['reader-1'] });
    ada = await h.user(t.tenantId, 'Ada Lovelace');
    bob = await h.user(t.tenantId, 'Bob');
    grantId = await h.grant(t.tenantId, { userId: ada }, zoneId);
    const [doorPort, metricsPort] = [await freePort(), await freePort()];
    doorBase = `http://127.0.0.1:${doorPort}`;
    healthUrl = `http://127.0.0.1:${metricsPort}/health`;
    env = {
      DATABASE_URL: pg.url(db.url),
      REDIS_URL: redis.url(redisUrl),
      TEST_REGISTRY_NAMESPACE: `offline-${randomUUID()}`,
      ACCESS_DAEMON_HOST: '127.0.0.1',
      ACCESS_DAEMON_PORT: String(doorPort),
      ACCESS_METRICS_HOST: '127.0.0.1',
      ACCESS_METRICS_PORT: String(metricsPort),
      ACCESS_AUDIT_SPOOL_PATH: join(mkdtempSync(join(tmpdir(), 'offline-start-')), 'access-audit-spool.ndjson'),
      ACCESS_SPOOL_REPLAY_INTERVAL_MS: '200',
      LOG_LEVEL: 'warn',
    };
  });
  after(async function () {
    this.timeout(30_000);
    daemon?.child.kill('SIGKILL');
    await daemon?.exit(10_000).catch(() => undefined);
    await pg.stop();
    await redis.stop();
    await h.stop();
  });

  /** A credential signed now (the daemon runs on the real clock), as the API mints them. */
  const credential = (sub: string) => {
    const iat = Math.floor(Date.now() / 1000);
    return signCredential({ tid: t.tenantId, sub, iat, exp: iat + 3600, jti: randomUUID(), typ: 'user' }, { kid: t.kid, privateKey: t.privateKey });
  };
  async function verify(sub: string): Promise<{ decision: string; reason?: string } | null> {
    const res = await fetch(`${doorBase}/api/v1/access/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${t.readerKey}` },
      body: JSON.stringify({ credentialId: credential(sub), readerId: 'reader-1' }),
    });
    if (res.status !== 200) return null;
    answered++;
    return (await res.json()) as { decision: string; reason?: string };
  }
  const health = async () => (await fetch(healthUrl).then((r) => r.json())) as Record<string, unknown>;
  const start = () => (daemon = spawnNode(CHILD, env));
  async function powerCut(): Promise<void> {
    daemon!.child.kill('SIGKILL');
    await daemon!.exit(10_000);
  }

  it('serves from its stored cache within the start wait, counts the taps, and catches up with a revoke once the link returns', async function () {
    this.timeout(90_000);
    start();
    expect(await until('a first GRANT', async () => ((await verify(ada))?.decision === 'GRANT' ? true : null), daemon!)).to.equal(true);
    const snapshot = env.ACCESS_AUDIT_SPOOL_PATH!.replace(/\.ndjson$/, '.cache-snapshot');
    await until('the stored cache', async () => (existsSync(snapshot) && readFileSync(snapshot, 'utf8').includes(grantId) ? true : null));

    // The building loses power during a WAN outage, and the power comes back first.
    await powerCut();
    pg.cut();
    redis.cut();
    start();
    const first = await until('an answer from the stored cache', () => verify(ada), daemon!);
    expect(first).to.deep.equal({ decision: 'GRANT', userId: ada, userName: 'Ada Lovelace', zoneId, zoneName: 'Main door' });
    expect(await verify(bob)).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
    // The shipper learns the database is gone on its first try, without a tap waiting on it.
    const offline = await until('the database reported down', async () => {
      const h = await health();
      return h.database === 'down' ? h : null;
    });
    expect(offline).to.include({ status: 'offline', cacheSource: 'snapshot', database: 'down' });
    expect(offline.offlineSince).to.equal(offline.cacheSyncedAt).and.to.be.a('string');

    // Revoked at the API while this daemon cannot hear it: still in force here until the link returns.
    await h.ds.transaction(async (tx) => {
      await tx.query(`UPDATE access_grants SET status = 'REVOKED', revoked_at = now(), updated_at = now() WHERE id = $1`, [grantId]);
      await nextAccessVersion(tx, t.tenantId);
    });
    expect((await verify(ada))?.decision).to.equal('GRANT');

    pg.restore();
    redis.restore();
    expect(await until('the revoke in force', async () => ((await verify(ada))?.decision === 'DENY' ? true : null), daemon!)).to.equal(true);
    expect(await until('the cache from the database', async () => ((await health()).cacheSource === 'database' ? true : null))).to.equal(true);
    expect(await health()).to.include({ status: 'ok', offlineSince: null });

    // Every answered decision, offline ones included, reaches PostgreSQL: the spool is replayed.
    const rows = await until('every audit row', async () => {
      const n = (await h.auditRows(t.tenantId)).length;
      return n >= answered ? n : null;
    });
    expect(rows).to.equal(answered);
  });

  it('loses and duplicates no audit row when killed -9 with rows in its journal that PostgreSQL has not got yet', async function () {
    this.timeout(90_000);
    if (daemon && daemon.child.exitCode === null) await powerCut();
    pg.restore();
    redis.restore();
    carol = await h.user(t.tenantId, 'Carol');
    carolGrant = await h.grant(t.tenantId, { userId: carol }, zoneId);
    start();
    await until('a GRANT for a grant made while it was down', async () => ((await verify(carol))?.decision === 'GRANT' ? true : null), daemon!);

    // Only the database goes: the taps go on, their rows wait in the journal.
    pg.cut();
    for (let i = 0; i < 20; i++) expect((await verify(i % 2 ? carol : bob))?.decision).to.equal(i % 2 ? 'GRANT' : 'DENY');
    await powerCut();
    pg.restore();
    start();
    const shipped = await until('every answered decision in PostgreSQL', async () => {
      const [row] = await h.ds.query(`SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM access_audit WHERE tenant_id = $1`, [t.tenantId]);
      return row.n >= answered ? (row as { n: number; d: number }) : null;
    }, daemon!);
    expect(shipped).to.deep.equal({ n: answered, d: answered });
  });

  it('answers every tap while its links are up but pass nothing (a WAN that holds every byte), and ships the rows once they flow', async function () {
    this.timeout(90_000);
    await until('a GRANT once started again', async () => ((await verify(carol))?.decision === 'GRANT' ? true : null), daemon!);
    const inDatabase = async () => ((await h.ds.query(`SELECT count(*)::int AS n FROM access_audit WHERE tenant_id = $1`, [t.tenantId]))[0] as { n: number }).n;
    await until('every earlier row shipped', async () => ((await inDatabase()) >= answered ? true : null));

    // The connections stay open and every byte is held, as on a link far slower than a tap's
    // patience: a tap that waited for PostgreSQL or Redis would not be answered until the thaw.
    pg.freeze();
    redis.freeze();
    const heldFrom = answered;
    for (let i = 0; i < 20; i++) expect((await verify(i % 2 ? carol : bob))?.decision).to.equal(i % 2 ? 'GRANT' : 'DENY');
    expect(await inDatabase()).to.equal(heldFrom);

    pg.thaw();
    redis.thaw();
    const shipped = await until('the held rows in PostgreSQL', async () => {
      const n = await inDatabase();
      return n >= answered ? n : null;
    }, daemon!);
    expect(shipped).to.equal(answered);
  });

  it('restarted while both links hang (a WAN that drops packets), answers from its stored cache, and ships its rows once they pass', async function () {
    this.timeout(90_000);
    await until('a GRANT before the restart', async () => ((await verify(carol))?.decision === 'GRANT' ? true : null), daemon!);
    const snapshot = env.ACCESS_AUDIT_SPOOL_PATH!.replace(/\.ndjson$/, '.cache-snapshot');
    await until('the stored cache with her grant', async () => (readFileSync(snapshot, 'utf8').includes(carolGrant) ? true : null));
    await powerCut();
    pg.freeze();
    redis.freeze();
    start();
    expect(await until('an answer from the stored cache', () => verify(carol), daemon!)).to.include({ decision: 'GRANT', userId: carol });
    expect(await health()).to.include({ status: 'offline', cacheSource: 'snapshot' });

    pg.thaw();
    redis.thaw();
    expect(await until('the cache from the database', async () => ((await health()).cacheSource === 'database' ? true : null), daemon!)).to.equal(true);
    const shipped = await until('every answered decision in PostgreSQL', async () => {
      const [row] = await h.ds.query(`SELECT count(*)::int AS n, count(DISTINCT id)::int AS d FROM access_audit WHERE tenant_id = $1`, [t.tenantId]);
      return row.n >= answered ? (row as { n: number; d: number }) : null;
    }, daemon!);
    expect(shipped).to.deep.equal({ n: answered, d: answered });
  });
});
