import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { DaemonRegistry } from './daemon-registry.js';
import { LocalBus } from './bus-local.js';
import { RedisBus } from './bus-redis.js';
import { describeWithRedis } from '@wfm/testing/redis';

/** The daemon side and the API side; one object in-process, two connections (two processes) over Redis. */
interface Pair {
  daemons: DaemonRegistry;
  api: DaemonRegistry;
  close(): Promise<void>;
}

const at = (tenantId: string, version: number) => new Map([[tenantId, version]]);

/** Bounded poll: registry news travel asynchronously over Redis. */
async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).to.equal(true);
}

function registryContract(make: () => Pair) {
  let p: Pair;
  beforeEach(async () => {
    p = make();
    await p.api.watch();
  });
  afterEach(async () => p.close());

  it('lists a daemon once it has joined, and no longer once it has left', async () => {
    const id = randomUUID();
    await p.daemons.join(id);
    await until(() => p.api.live().includes(id));
    await p.daemons.leave(id);
    await until(() => !p.api.live().includes(id));
  });

  it('resolves a wait when the daemon acknowledges the version', async () => {
    const id = randomUUID();
    await p.daemons.join(id);
    await until(() => p.api.live().includes(id));
    const wait = p.api.waitFor([id], at('t1', 3), 5_000);
    await p.daemons.ack(id, at('t1', 3));
    expect(await wait).to.deep.equal([]);
  });

  it('counts an acknowledgement that arrived before the wait began, and a higher version as covering a lower one', async () => {
    const id = randomUUID();
    await p.daemons.join(id);
    await until(() => p.api.live().includes(id));
    await p.daemons.ack(id, at('t2', 7));
    await new Promise((r) => setTimeout(r, 50));
    // A zero timeout answers from what is already recorded.
    expect(await p.api.waitFor([id], at('t2', 5), 0)).to.deep.equal([]);
  });

  it('ends the wait after the timeout, naming the daemon, the tenant, the version and how far it got', async () => {
    const id = randomUUID();
    await p.daemons.join(id);
    await until(() => p.api.live().includes(id));
    await p.daemons.ack(id, at('t3', 1));
    await new Promise((r) => setTimeout(r, 50));
    expect(await p.api.waitFor([id], at('t3', 4), 100)).to.deep.equal([{ daemonId: id, tenantId: 't3', version: 4, acked: 1 }]);
  });

  it('does not wait for a daemon that leaves during the wait, nor for one that is not live', async () => {
    const id = randomUUID();
    await p.daemons.join(id);
    await until(() => p.api.live().includes(id));
    const wait = p.api.waitFor([id, randomUUID()], at('t4', 2), 5_000);
    await p.daemons.leave(id);
    expect(await wait).to.deep.equal([]);
  });
}

describe('LocalDaemonRegistry', () =>
  registryContract(() => {
    const bus = new LocalBus();
    return { daemons: bus.daemons, api: bus.daemons, close: () => bus.close() };
  }));

describeWithRedis('RedisDaemonRegistry (real Redis)', (url) => {
  const registry = { heartbeatMs: 50, ttlMs: 200 };
  registryContract(() => {
    const namespace = `test-${randomUUID()}`;
    const daemonBus = new RedisBus(url, { registry: { ...registry, namespace } });
    const apiBus = new RedisBus(url, { registry: { ...registry, namespace } });
    return {
      daemons: daemonBus.daemons,
      api: apiBus.daemons,
      async close() {
        await daemonBus.close();
        await apiBus.close();
      },
    };
  });

  it('drops a daemon whose heartbeat stopped (TTL) and ends the wait on it; sees a daemon that joined before it watched', async () => {
    const namespace = `test-${randomUUID()}`;
    const daemonBus = new RedisBus(url, { registry: { ...registry, namespace } });
    const apiBus = new RedisBus(url, { registry: { ...registry, namespace } });
    try {
      const id = randomUUID();
      await daemonBus.daemons.join(id);
      await apiBus.daemons.watch();
      expect(apiBus.daemons.live()).to.deep.equal([id]);
      const wait = apiBus.daemons.waitFor([id], at('t5', 1), 10_000);
      // Stops the heartbeat without a clean leave: a daemon that froze or died.
      await daemonBus.close();
      expect(await wait).to.deep.equal([]);
      expect(apiBus.daemons.live()).to.deep.equal([]);
    } finally {
      await apiBus.close();
    }
  });

  it('keeps registries of other namespaces apart', async () => {
    const a = new RedisBus(url, { registry: { ...registry, namespace: `test-${randomUUID()}` } });
    const b = new RedisBus(url, { registry: { ...registry, namespace: `test-${randomUUID()}` } });
    try {
      await a.daemons.join(randomUUID());
      await b.daemons.watch();
      expect(b.daemons.live()).to.deep.equal([]);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
