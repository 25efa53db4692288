import { expect } from 'chai';
import { LocalBus } from '@wfm/memory/bus-local';
import type { HealthRepository } from './health.repository.js';
import { HealthService } from './health.service.js';

/** A dependency that accepted the request and never answers (a stopped, not refusing, server). */
const never = () => new Promise<boolean>(() => undefined);

function counting(ping: () => Promise<boolean>) {
  const dep = { calls: 0, ping: () => (dep.calls++, ping()) };
  return dep;
}

describe('HealthService', () => {
  it('reports a database that does not answer as down once its bound has passed', async () => {
    const service = new HealthService(counting(never) as unknown as HealthRepository, new LocalBus(), { timeoutMs: 50 });
    expect(await service.status()).to.deep.equal({ status: 'degraded', checks: { database: 'down', bus: 'up' }, busKind: 'local' });
  });

  it('reports a bus and a Redis that do not answer as down', async () => {
    const bus = Object.assign(new LocalBus(), { ping: never });
    const service = new HealthService(counting(async () => true) as unknown as HealthRepository, bus, { timeoutMs: 50, redis: { ping: never } });
    expect(await service.status()).to.deep.equal({ status: 'degraded', checks: { database: 'up', bus: 'down', redis: 'down' }, busKind: 'local' });
  });

  it('lets concurrent probes of a stalled database share one pending ping', async () => {
    const db = counting(never);
    const service = new HealthService(db as unknown as HealthRepository, new LocalBus(), { timeoutMs: 50 });
    await Promise.all(Array.from({ length: 5 }, () => service.status()));
    await service.status();
    expect(db.calls).to.equal(1);
  });

  it('is ok with every dependency up, and names Redis only when there is one', async () => {
    const db = counting(async () => true);
    expect(await new HealthService(db as unknown as HealthRepository, new LocalBus()).status()).to.deep.equal({ status: 'ok', checks: { database: 'up', bus: 'up' }, busKind: 'local' });
    const withRedis = new HealthService(db as unknown as HealthRepository, new LocalBus(), { redis: { ping: async () => true } });
    expect((await withRedis.status()).checks).to.deep.equal({ database: 'up', bus: 'up', redis: 'up' });
  });
});
