import { expect } from 'chai';
import { RedisBus } from '@wfm/memory/bus-redis';
import { describeWithRedis } from '@wfm/testing/redis';
import { FaultProxy } from '@wfm/testing/fault-proxy';
import { OFFLINE_WINDOW_PASSED } from './daemon.js';
import { DaemonHarness, type TenantFixture } from './test-support/daemon-harness.js';

/** Polls `check` until it holds, at most `tries` times: waits for reconnects, asserts no timing. */
async function eventually(check: () => Promise<boolean>, tries = 100): Promise<void> {
  for (let i = 0; i < tries; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('condition never held');
}

describeWithRedis('access daemon over Redis pub/sub (real Redis)', (url) => {
  let h: DaemonHarness;
  let t: TenantFixture;
  let bus: RedisBus;
  // The daemon's Redis connections go through a relay of this file's own, so dropping them touches
  // no other client of the shared Redis (CLIENT KILL TYPE pubsub would cut every test run's subscribers).
  let relay: FaultProxy;

  before(async () => {
    relay = await FaultProxy.start({ host: new URL(url).hostname, port: Number(new URL(url).port || 6379) });
    bus = new RedisBus(relay.url(url));
    h = await DaemonHarness.start({ bus });
    t = await h.tenant();
  });
  after(async () => {
    await h.stop();
    await bus.close();
    await relay.stop();
  });

  it('applies a change published by another process', async () => {
    const zoneId = await h.zone(t.tenantId, { readerIds: ['r-redis'] });
    const userId = await h.user(t.tenantId);
    const grantId = await h.grant(t.tenantId, { userId }, zoneId);
    await h.reload();
    const cred = h.credential(t, userId);
    expect((await h.verify(t, { credentialId: cred, readerId: 'r-redis' })).body).to.include({ decision: 'GRANT' });
    await h.ds.query(`UPDATE access_grants SET status = 'REVOKED' WHERE id = $1`, [grantId]);
    const publisher = new RedisBus(url);
    try {
      const original = h.bus;
      h.bus = publisher;
      await h.publish(t.tenantId, 'grant', grantId);
      h.bus = original;
    } finally {
      await publisher.close();
    }
    await eventually(async () => {
      h.clock.advance(2500);
      return (await h.verify(t, { credentialId: cred, readerId: 'r-redis' })).body.decision === 'DENY';
    });
  });

  it('reloads everything after its subscriber connection drops, catching what was published meanwhile', async () => {
    const zoneId = await h.zone(t.tenantId, { readerIds: ['r-drop'] });
    const userId = await h.user(t.tenantId);
    await h.grant(t.tenantId, { userId }, zoneId);
    await h.reload();
    try {
      // Drop the daemon's connections and keep them down while the change is made: it is published to nobody.
      relay.cut();
      const grantless = await h.user(t.tenantId);
      await h.grant(t.tenantId, { userId: grantless }, zoneId);
      const cred = h.credential(t, grantless);
      await h.ds.query(`INSERT INTO access_feed_versions (tenant_id, version) VALUES ($1, 1) ON CONFLICT (tenant_id) DO UPDATE SET version = access_feed_versions.version + 1`, [t.tenantId]);
      relay.restore();
      await eventually(async () => {
        h.clock.advance(2500);
        return (await h.verify(t, { credentialId: cred, readerId: 'r-drop' })).body.decision === 'GRANT';
      });
    } finally {
      relay.restore();
    }
  });

  it("fails secure once its subscription is frozen: 503 past the tenant's offline window without news, never GRANT on a stale cache", async () => {
    const proxy = await FaultProxy.start({ host: new URL(url).hostname, port: Number(new URL(url).port || 6379) });
    const proxied = new RedisBus(proxy.url(url));
    const publisher = new RedisBus(url);
    const strict = await DaemonHarness.start({ db: h.db, bus: proxied });
    try {
      await strict.ds.query(`UPDATE tenants SET access_offline_window_minutes = 5 WHERE id = $1`, [t.tenantId]);
      const zoneId = await strict.zone(t.tenantId, { readerIds: ['r-stale-1', 'r-stale-2', 'r-stale-3'] });
      const userId = await strict.user(t.tenantId);
      await strict.grant(t.tenantId, { userId }, zoneId);
      await strict.reload();
      const cred = () => strict.credential(t, userId);
      // Applied changes count as news: 6 minutes after the load, 3 after the last change, it still serves.
      strict.clock.advance(3 * 60_000);
      const other = await strict.zone(t.tenantId, { readerIds: ['r-stale-other'] });
      const original = strict.bus;
      strict.bus = publisher;
      const version = await strict.publish(t.tenantId, 'zone', other);
      strict.bus = original;
      await eventually(async () => (strict.daemon.cache.versions.get(t.tenantId) ?? 0) >= version, 200);
      strict.clock.advance(3 * 60_000);
      expect((await strict.verify(t, { credentialId: cred(), readerId: 'r-stale-1' })).body).to.include({ decision: 'GRANT' });
      // The subscription hangs (no message, no error), as behind a partition or a frozen Redis.
      proxy.freeze();
      strict.clock.advance(5 * 60_000 + 1000);
      const stale = await strict.verify(t, { credentialId: cred(), readerId: 'r-stale-2' });
      expect(stale.status).to.equal(503);
      expect(stale.body.message).to.equal(OFFLINE_WINDOW_PASSED);
    } finally {
      proxy.thaw();
      await strict.stop(false);
      await proxied.close();
      await publisher.close();
      await proxy.stop();
    }
  });
});
