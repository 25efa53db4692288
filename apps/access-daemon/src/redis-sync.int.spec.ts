import { expect } from 'chai';
import { RedisBus } from '@wfm/memory/bus-redis';
import { createRedis } from '@wfm/memory/redis';
import { describeWithRedis } from '@wfm/memory/test-redis';
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

  before(async () => {
    bus = new RedisBus(url);
    h = await DaemonHarness.start({ bus });
    t = await h.tenant();
  });
  after(async () => {
    await h.stop();
    await bus.close();
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
    const admin = createRedis(url);
    try {
      // Drop the daemon's subscriber; the change made now is published to nobody.
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub');
      const grantless = await h.user(t.tenantId);
      await h.grant(t.tenantId, { userId: grantless }, zoneId);
      const cred = h.credential(t, grantless);
      await h.ds.query(`INSERT INTO access_feed_versions (tenant_id, version) VALUES ($1, 1) ON CONFLICT (tenant_id) DO UPDATE SET version = access_feed_versions.version + 1`, [t.tenantId]);
      await eventually(async () => {
        h.clock.advance(2500);
        return (await h.verify(t, { credentialId: cred, readerId: 'r-drop' })).body.decision === 'GRANT';
      });
    } finally {
      admin.disconnect();
    }
  });
});
