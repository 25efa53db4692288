import { expect } from 'chai';
import pg from 'pg';
import { ACCESS_CHANGES_CHANNEL, encodeAccessChanges } from '@wfm/access/change-feed';
import { nextAccessVersion } from '@wfm/db/access-feed.repository';
import { OFFLINE_WINDOW_PASSED } from './daemon.js';
import { DaemonHarness, type TenantFixture } from './test-support/daemon-harness.js';

describe('access daemon: cache sync, durability and health (HTTP, real database)', () => {
  let h: DaemonHarness;
  let t: TenantFixture;
  let zoneId: string;
  let userId: string;
  let grantId: string;
  let cred: string;

  before(async () => {
    h = await DaemonHarness.start();
  });
  after(async () => h.stop());

  beforeEach(async () => {
    h.clock.set('2026-01-05T10:00:00Z');
    t = await h.tenant();
    zoneId = await h.zone(t.tenantId, { name: 'Main door', readerIds: ['reader-1'] });
    userId = await h.user(t.tenantId, 'Ada Lovelace');
    grantId = await h.grant(t.tenantId, { userId }, zoneId);
    await h.reload();
    cred = h.credential(t, userId);
  });

  async function tap(key: TenantFixture | string = t) {
    h.clock.advance(3000);
    return (await h.verify(key, { credentialId: cred, readerId: 'reader-1' })).body;
  }

  describe('change feed', () => {
    it('a revoked grant is denied on the next tap', async () => {
      expect(await tap()).to.include({ decision: 'GRANT' });
      await h.ds.query(`UPDATE access_grants SET status = 'REVOKED' WHERE id = $1`, [grantId]);
      await h.publish(t.tenantId, 'grant', grantId);
      await h.daemon.sync.settled();
      expect(await tap()).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
    });

    it('applies the rows a change carries without reading them, and acknowledges the version', async () => {
      expect(await tap()).to.include({ decision: 'GRANT' });
      // The database still holds the grant ACTIVE: only the message says it is gone, so a DENY proves the row was not read.
      const version = await h.ds.transaction((tx) => nextAccessVersion(tx, t.tenantId));
      await h.bus.publish(ACCESS_CHANGES_CHANNEL, encodeAccessChanges([{ tenantId: t.tenantId, version, kind: 'grant', id: grantId, op: 'upsert', payload: { kind: 'grant', grant: null, user: null } }]));
      expect(await h.bus.daemons.waitFor([h.daemon.id], new Map([[t.tenantId, version]]), 5_000)).to.deep.equal([]);
      expect(await tap()).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
    });

    it('a new grant, a zone switched off, and new hours are each visible on the next tap', async () => {
      const bob = await h.user(t.tenantId, 'Bob');
      const g = await h.grant(t.tenantId, { userId: bob }, zoneId);
      await h.publish(t.tenantId, 'grant', g);
      await h.daemon.sync.settled();
      cred = h.credential(t, bob);
      expect(await tap()).to.deep.equal({ decision: 'GRANT', userId: bob, userName: 'Bob', zoneId, zoneName: 'Main door' });

      await h.ds.query(`UPDATE access_zones SET hours_json = $2 WHERE id = $1`, [zoneId, JSON.stringify({ TUE: [['09:00', '17:00']] })]);
      await h.publish(t.tenantId, 'zone', zoneId);
      await h.daemon.sync.settled();
      expect(await tap()).to.deep.equal({ decision: 'DENY', reason: 'Zone closed today' });

      await h.ds.query(`UPDATE access_zones SET active = false WHERE id = $1`, [zoneId]);
      await h.publish(t.tenantId, 'zone', zoneId);
      await h.daemon.sync.settled();
      expect(await tap()).to.deep.equal({ decision: 'DENY', reason: 'Zone inactive' });
    });

    it('a revoked reader key is refused, and a plan downgrade answers 402', async () => {
      const [{ id }] = await h.ds.query(`UPDATE access_reader_keys SET revoked_at = now() WHERE tenant_id = $1 RETURNING id`, [t.tenantId]).then((r: unknown[]) => r[0] as Array<{ id: string }>);
      await h.publish(t.tenantId, 'reader-key', id);
      await h.daemon.sync.settled();
      expect((await h.verify(t, { credentialId: cred, readerId: 'reader-1' })).status).to.equal(401);

      const u = await h.tenant();
      await h.reload();
      expect((await h.verify(u, { credentialId: 'x', readerId: 'r' })).status).to.equal(200);
      await h.ds.query(`UPDATE tenants SET plan = 'BASIC' WHERE id = $1`, [u.tenantId]);
      await h.publish(u.tenantId, 'tenant', u.tenantId);
      await h.daemon.sync.settled();
      expect((await h.verify(u, { credentialId: 'x', readerId: 'r' })).status).to.equal(402);
    });

    it('a deactivated user is denied until reactivated, keeping their grants', async () => {
      await h.ds.query(`UPDATE users SET status = 'INACTIVE' WHERE id = $1`, [userId]);
      await h.publish(t.tenantId, 'user', userId);
      await h.daemon.sync.settled();
      expect(await tap()).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
      await h.ds.query(`UPDATE users SET status = 'ACTIVE' WHERE id = $1`, [userId]);
      await h.publish(t.tenantId, 'user', userId);
      await h.daemon.sync.settled();
      expect(await tap()).to.include({ decision: 'GRANT' });
    });

    it('a removed user loses every grant', async () => {
      await h.ds.query(`UPDATE users SET deleted_at = now() WHERE id = $1`, [userId]);
      await h.publish(t.tenantId, 'user', userId, 'delete');
      await h.daemon.sync.settled();
      expect(await tap()).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
    });

    it('loads a tenant created after the daemon started on its first change', async () => {
      const late = await h.tenant();
      const z = await h.zone(late.tenantId, { readerIds: ['late-door'] });
      const u = await h.user(late.tenantId);
      const g = await h.grant(late.tenantId, { userId: u }, z);
      expect((await h.verify(late, { credentialId: h.credential(late, u), readerId: 'late-door' })).status).to.equal(401);
      await h.publish(late.tenantId, 'grant', g);
      await h.daemon.sync.settled();
      expect((await h.verify(late, { credentialId: h.credential(late, u), readerId: 'late-door' })).body).to.include({ decision: 'GRANT' });
    });

    it('reloads the tenant when a version is missing (a lost message)', async () => {
      await h.ds.query(`UPDATE access_grants SET status = 'REVOKED' WHERE id = $1`, [grantId]);
      // The message for this change is lost: bump the version without publishing.
      await h.ds.query(`INSERT INTO access_feed_versions (tenant_id, version) VALUES ($1, 1) ON CONFLICT (tenant_id) DO UPDATE SET version = access_feed_versions.version + 1`, [t.tenantId]);
      expect(await tap()).to.include({ decision: 'GRANT' });
      const other = await h.zone(t.tenantId, { name: 'Side', readerIds: ['reader-9'] });
      await h.publish(t.tenantId, 'zone', other);
      await h.daemon.sync.settled();
      expect(await tap()).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
    });

    it('the reconcile timer catches changes whose messages were all lost', async () => {
      await h.ds.query(`UPDATE access_grants SET status = 'REVOKED' WHERE id = $1`, [grantId]);
      await h.ds.query(`INSERT INTO access_feed_versions (tenant_id, version) VALUES ($1, 1) ON CONFLICT (tenant_id) DO UPDATE SET version = access_feed_versions.version + 1`, [t.tenantId]);
      await h.daemon.sync.reconcile();
      await h.daemon.sync.settled();
      expect(await tap()).to.deep.equal({ decision: 'DENY', reason: 'No access to this zone' });
    });
  });

  describe('two daemons, one database', () => {
    it('each says Access expired on its own first tap after the expiry (decided in memory), and the grant is EXPIRED once', async () => {
      const second = await DaemonHarness.start({ db: h.db });
      try {
        second.clock.set(h.clock.now());
        const late = await h.user(t.tenantId, 'Late');
        await h.grant(t.tenantId, { userId: late }, zoneId, new Date('2026-01-05T10:00:10Z'));
        await h.reload();
        await second.reload();
        h.clock.set('2026-01-05T10:01:00Z');
        second.clock.set('2026-01-05T10:01:00Z');
        const c = h.credential(t, late);
        const [a, b] = await Promise.all([h.verify(t, { credentialId: c, readerId: 'reader-1' }), second.verify(t, { credentialId: c, readerId: 'reader-1' })]);
        expect([a.body.reason, b.body.reason]).to.deep.equal(['Access expired', 'Access expired']);
        h.clock.advance(3000);
        second.clock.advance(3000);
        const [a2, b2] = await Promise.all([h.verify(t, { credentialId: c, readerId: 'reader-1' }), second.verify(t, { credentialId: c, readerId: 'reader-1' })]);
        expect([a2.body.reason, b2.body.reason]).to.deep.equal(['No access to this zone', 'No access to this zone']);
        await Promise.all([h.daemon.expiries.flush(), second.daemon.expiries.flush()]);
        const rows = await h.ds.query(`SELECT status, expired_at AS "expiredAt" FROM access_grants WHERE user_id = $1`, [late]);
        expect(rows).to.deep.equal([{ status: 'EXPIRED', expiredAt: new Date('2026-01-05T10:01:00Z') }]);
      } finally {
        await second.stop(false);
      }
    });
  });

  describe('database loss', () => {
    async function setConnections(allow: boolean) {
      const admin = new pg.Client({ connectionString: Object.assign(new URL(h.db.url), { pathname: '/postgres' }).toString() });
      await admin.connect();
      const name = new URL(h.db.url).pathname.slice(1);
      await admin.query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS ${allow}`);
      if (!allow) await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [name]);
      await admin.end();
    }

    it('keeps deciding from the cache, journals every audit row, and ships them all when it returns', async () => {
      await h.daemon.audit.ship();
      await setConnections(false);
      try {
        for (let i = 0; i < 3; i++) expect(await tap()).to.include({ decision: 'GRANT' });
        expect(await h.daemon.audit.ship()).to.equal(0);
        expect(h.daemon.audit.databaseHealthy).to.equal(false);
        const health = await fetch(`${h.metricsBase}/health`).then((r) => r.json());
        expect(health).to.include({ status: 'ok', journalRows: 3, database: 'down' });
      } finally {
        await setConnections(true);
      }
      expect(await h.daemon.audit.ship()).to.equal(3);
      expect(await h.daemon.audit.ship()).to.equal(0);
      expect((await h.auditRows(t.tenantId)).map((r) => r.eventType)).to.deep.equal(['GRANTED', 'GRANTED', 'GRANTED']);
    });
  });

  describe("fail secure past the tenant's offline window", () => {
    it('answers 503 for a tenant whose window has passed while others still decide, and decides again after a reconcile', async () => {
      const strict = await DaemonHarness.start({ db: h.db });
      try {
        strict.clock.set(h.clock.now());
        await strict.ds.query(`UPDATE tenants SET access_offline_window_minutes = 5 WHERE id = $1`, [t.tenantId]);
        const patient = await strict.tenant();
        const theirZone = await strict.zone(patient.tenantId, { readerIds: ['reader-p'] });
        const theirUser = await strict.user(patient.tenantId);
        await strict.grant(patient.tenantId, { userId: theirUser }, theirZone);
        await strict.reload();
        expect((await strict.verify(t, { credentialId: cred, readerId: 'reader-1' })).status).to.equal(200);
        strict.clock.advance(5 * 60_000 + 1000);
        const stale = await strict.verify(t, { credentialId: h.credential(t, userId), readerId: 'reader-1' });
        expect({ status: stale.status, body: stale.body }).to.deep.equal({ status: 503, body: { message: OFFLINE_WINDOW_PASSED, error: 'Service Unavailable', statusCode: 503 } });
        // Another tenant keeps its 72-hour default.
        expect((await strict.verify(patient, { credentialId: strict.credential(patient, theirUser), readerId: 'reader-p' })).body).to.include({ decision: 'GRANT' });
        // The daemon still serves: a balancer must not take it out of rotation for one tenant's window.
        expect((await fetch(`${strict.base}/health`)).status).to.equal(200);
        await strict.daemon.sync.reconcile();
        expect((await strict.verify(t, { credentialId: h.credential(t, userId), readerId: 'reader-1' })).status).to.equal(200);
      } finally {
        await strict.stop(false);
      }
    });
  });

  describe('GET /health and GET /metrics on the operator listener', () => {
    it('reports the cache and the decisions in Prometheus text', async () => {
      // The grant count is the whole cache's: this daemon serves a database of its own holding one grant.
      const own = await DaemonHarness.start();
      try {
        own.clock.set('2026-01-05T10:00:00Z');
        const tenant = await own.tenant();
        const user = await own.user(tenant.tenantId, 'Grace Hopper');
        await own.grant(tenant.tenantId, { userId: user }, await own.zone(tenant.tenantId, { name: 'Main door', readerIds: ['reader-1'] }));
        await own.reload();
        own.clock.advance(3000);
        expect((await own.verify(tenant, { credentialId: own.credential(tenant, user), readerId: 'reader-1' })).body).to.include({ decision: 'GRANT' });
        const journaled = (await fetch(`${own.metricsBase}/health`).then((r) => r.json())) as { journalRows: number; journalOldestAt: string };
        expect(journaled).to.include({ journalRows: 1, journalOldestAt: own.clock.now().toISOString() });
        expect(await fetch(`${own.metricsBase}/metrics`).then((r) => r.text())).to.include('access_audit_journal_rows 1');
        expect(await own.daemon.audit.ship()).to.equal(1);
        const health = await fetch(`${own.metricsBase}/health`);
        expect(health.status).to.equal(200);
        expect(await health.json()).to.include({ status: 'ok', grants: 1, journalRows: 0, database: 'up', bus: 'local' });
        const text = await fetch(`${own.metricsBase}/metrics`).then((r) => r.text());
        expect(text).to.match(/access_decisions_total\{reason="GRANTED"\} 1\n/);
        expect(text).to.include('access_decision_seconds_bucket');
        expect(text).to.match(/access_cache_age_seconds \d/);
        expect(text).to.include('access_audit_journal_rows 0');
        expect(text).to.include('access_audit_journal_backlog_seconds 0');
        expect(text).to.match(/access_audit_rows_total\{to="journal"\} 1\n/);
        expect(text, 'the one tap took one durable write').to.match(/access_audit_journal_write_seconds_count 1\n/);
        expect(text).to.match(/access_audit_rows_total\{to="database"\} 1\n/);
        expect(text).to.include('access_sync_lag_seconds');
      } finally {
        await own.stop();
      }
    });
  });
});
