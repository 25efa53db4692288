import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { AccessChange } from '@wfm/access/change-feed';
import { createLogger } from '@wfm/core/logger';
import { LocalBus } from '@wfm/memory/bus-local';
import { RedisBus } from '@wfm/memory/bus-redis';
import { FaultProxy } from '@wfm/testing/fault-proxy';
import { describeWithRedis } from '@wfm/testing/redis';
import { AccessFeed } from './access-feed.service.js';
import { PropagationMetrics } from './propagation.js';

/** Log lines as objects, to see what the API says about a late daemon. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('t', 'warn', { write: (s: string) => void lines.push(JSON.parse(s)) });
  return { lines, logger };
}

const change = (tenantId: string, version: number): AccessChange => ({ tenantId, version, kind: 'grant', id: randomUUID(), op: 'upsert' });

describe('AccessFeed: waiting for the daemons', () => {
  it('is complete once every live daemon acknowledged; partial, logged and counted when one does not', async () => {
    const bus = new LocalBus();
    const { lines, logger } = capture();
    const metrics = new PropagationMetrics();
    const feed = new AccessFeed(bus, logger, { timeoutMs: 100, metrics });
    const tenantId = randomUUID();
    try {
      await bus.daemons.join('quick');
      await bus.daemons.join('late');
      await bus.subscribe('access.changes', () => void bus.daemons.ack('quick', new Map([[tenantId, 7]])));
      const partial = await feed.publish([change(tenantId, 6), change(tenantId, 7)]);
      expect(partial).to.equal('partial');
      expect(lines.map((l) => [l.daemonId, l.tenantId, l.version, l.acked, l.behind])).to.deep.equal([['late', tenantId, 7, 0, 7]]);
      await bus.daemons.leave('late');
      expect(await feed.publish(change(tenantId, 7))).to.equal('complete');
      expect(metrics).to.include({ complete: 1, partial: 1 });
    } finally {
      await bus.close();
    }
  });

  it('is complete with no daemon live, and for nothing to publish', async () => {
    const bus = new LocalBus();
    const feed = new AccessFeed(bus, createLogger('t', 'silent'), { timeoutMs: 100 });
    expect(await feed.publish(change(randomUUID(), 1))).to.equal('complete');
    expect(await feed.publish([])).to.equal('complete');
    await bus.close();
  });
});

describeWithRedis('AccessFeed over a Redis that stalls (real Redis)', (url) => {
  it('answers partial within the timeout instead of hanging on the registry', async () => {
    const target = new URL(url);
    const proxy = await FaultProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    const bus = new RedisBus(proxy.url(url), { registry: { namespace: `test-${randomUUID()}` } });
    try {
      await bus.ping();
      proxy.freeze();
      const feed = new AccessFeed(bus, createLogger('t', 'silent'), { timeoutMs: 100 });
      expect(await feed.publish(change(randomUUID(), 1))).to.equal('partial');
    } finally {
      proxy.thaw();
      await bus.close();
      await proxy.stop();
    }
  });
});
