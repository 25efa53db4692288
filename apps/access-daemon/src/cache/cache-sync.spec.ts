import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
import type { Bus } from '@wfm/memory/bus';
import { LocalBus } from '@wfm/memory/bus-local';
import { AccessCache, type AccessSnapshot } from './access-cache.js';
import { CacheSync } from './cache-sync.js';
import type { ChangeLoaderRepository } from './change-loader.repository.js';

const snapshotAt = (version: number): AccessSnapshot => ({
  tenants: [],
  readerKeys: [],
  zones: [],
  grants: [],
  users: [],
  passes: [],
  signingKeys: [],
  versions: new Map([['t1', version]]),
});

describe('CacheSync.reloadAll', () => {
  it('runs one more load after a load already under way, instead of answering with what that load read before it was asked', async () => {
    // The database as each load finds it: the first read happens before the change is committed.
    let committed = 1;
    const loads: Array<() => void> = [];
    const snapshots = {
      load: () => {
        const seen = committed;
        return new Promise<AccessSnapshot>((resolve) => loads.push(() => resolve(snapshotAt(seen))));
      },
    };
    const cache = new AccessCache();
    const sync = new CacheSync(cache, snapshots, {} as ChangeLoaderRepository, new LocalBus(), new FakeClock(new Date()), createLogger('t', 'silent'), { reconcileIntervalMs: 60_000 });

    const first = sync.reloadAll('start');
    committed = 2;
    // A resubscribe after the change went unheard, and a second one while it waits: one more load between them.
    const again = sync.reloadAll('resubscribed');
    const andAgain = sync.reloadAll('resubscribed');
    expect(andAgain).to.equal(again);
    loads.shift()!();
    await first;
    expect(cache.versions.get('t1')).to.equal(1);
    while (loads.length === 0) await new Promise((r) => setImmediate(r));
    loads.shift()!();
    await again;
    expect(cache.versions.get('t1')).to.equal(2);
    expect(loads).to.have.length(0);
  });

  it('leaves a reconcile tick alone while a full load is under way, which would put its own rows back over a tenant reloaded meanwhile', async () => {
    const loads: Array<() => void> = [];
    const tenantLoads: string[] = [];
    const snapshots = {
      load: (tenantId?: string) => {
        if (tenantId) tenantLoads.push(tenantId);
        return new Promise<AccessSnapshot>((resolve) => loads.push(() => resolve(snapshotAt(3))));
      },
    };
    let versionReads = 0;
    const changes = { versions: () => (versionReads++, Promise.resolve(new Map([['t1', 3]]))) } as unknown as ChangeLoaderRepository;
    const cache = new AccessCache();
    const sync = new CacheSync(cache, snapshots, changes, new LocalBus(), new FakeClock(new Date()), createLogger('t', 'silent'), { reconcileIntervalMs: 60_000 });

    const full = sync.reloadAll('resubscribed');
    await sync.reconcile();
    expect({ versionReads, tenantLoads }).to.deep.equal({ versionReads: 0, tenantLoads: [] });
    loads.shift()!();
    await full;
    await sync.reconcile();
    expect({ versionReads, tenantLoads, version: cache.versions.get('t1') }).to.deep.equal({ versionReads: 1, tenantLoads: [], version: 3 });
  });
});

describe('CacheSync.start with a stored cache', () => {
  const stored = { snapshot: snapshotAt(7), syncedAt: Date.parse('2026-11-26T09:00:00Z') };
  const logger = createLogger('t', 'silent');
  /** A bus whose subscription waits for a Redis that is not there. */
  class DeafBus extends LocalBus {
    override subscribe(): Promise<() => Promise<void>> {
      return new Promise(() => {});
    }
  }
  const syncOf = (cache: AccessCache, bus: Bus, load: () => Promise<AccessSnapshot>, versions: () => Promise<Map<string, number>> = () => Promise.reject(new Error('down'))) =>
    new CacheSync(cache, { load }, { versions } as unknown as ChangeLoaderRepository, bus, new FakeClock(new Date('2026-11-26T10:00:00Z')), logger, { reconcileIntervalMs: 3_600_000 });

  it('serves from the stored cache when Redis does not answer in time, and says so', async () => {
    const cache = new AccessCache();
    const sync = syncOf(cache, new DeafBus(), () => Promise.resolve(snapshotAt(9)));
    await sync.start({ stored: () => Promise.resolve(stored), waitMs: 100 });
    await sync.stop();
    expect({ ready: sync.ready, source: sync.source, version: cache.versions.get('t1'), syncedAt: cache.syncedAt }).to.deep.equal({ ready: true, source: 'snapshot', version: 7, syncedAt: stored.syncedAt });
  });

  it('serves from the stored cache when the database refuses, and catches up on the first reconcile that reaches it', async () => {
    const cache = new AccessCache();
    let databaseUp = false;
    const sync = syncOf(
      cache,
      new LocalBus(),
      () => (databaseUp ? Promise.resolve(snapshotAt(8)) : Promise.reject(new Error('connection refused'))),
      () => (databaseUp ? Promise.resolve(new Map([['t1', 8]])) : Promise.reject(new Error('connection refused'))),
    );
    await sync.start({ stored: () => Promise.resolve(stored), waitMs: 5_000 });
    expect([sync.source, cache.versions.get('t1')]).to.deep.equal(['snapshot', 7]);
    await sync.reconcile();
    expect([sync.source, cache.versions.get('t1')]).to.deep.equal(['snapshot', 7]);
    databaseUp = true;
    await sync.reconcile();
    await sync.settled();
    await sync.stop();
    expect([sync.source, cache.versions.get('t1')]).to.deep.equal(['database', 8]);
  });

  it('survives Redis coming back before the database: the reload its resubscribe asks for fails, is logged, and leaves the cache as it was', async () => {
    const resubscribed: Array<() => void> = [];
    const bus: Bus = Object.assign(new LocalBus(), { onResubscribe: (listener: () => void) => void resubscribed.push(listener) });
    const cache = new AccessCache();
    let databaseUp = true;
    let refused = 0;
    const sync = syncOf(cache, bus, () => (databaseUp ? Promise.resolve(snapshotAt(9)) : (refused++, Promise.reject(new Error('connection refused')))));
    await sync.start({ stored: () => Promise.resolve(stored), waitMs: 5_000 });
    databaseUp = false;
    const unhandled: unknown[] = [];
    const record = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', record);
    try {
      for (const listener of resubscribed) listener();
      // Nothing else waits on that reload: once it has failed, a rejection nobody handles is reported within a turn.
      while (refused === 0) await new Promise((r) => setImmediate(r));
      for (let turn = 0; turn < 3; turn++) await new Promise((r) => setImmediate(r));
    } finally {
      process.off('unhandledRejection', record);
    }
    await sync.stop();
    expect(unhandled).to.deep.equal([]);
    expect([sync.source, cache.versions.get('t1')]).to.deep.equal(['database', 9]);
  });

  it('loads from the database when it answers in time, without reading the stored cache', async () => {
    const cache = new AccessCache();
    const sync = syncOf(cache, new LocalBus(), () => Promise.resolve(snapshotAt(9)));
    await sync.start({ stored: () => Promise.reject(new Error('not to be read')), waitMs: 5_000 });
    await sync.stop();
    expect([sync.source, cache.versions.get('t1')]).to.deep.equal(['database', 9]);
  });

  it('keeps retrying a first load that fails when there is no stored cache, not ready until one succeeds', async () => {
    let attempts = 0;
    const load = () => (++attempts < 3 ? Promise.reject(new Error('canceling statement due to statement timeout')) : Promise.resolve(snapshotAt(4)));
    const cache = new AccessCache();
    const sync = new CacheSync(cache, { load }, { versions: () => Promise.resolve(new Map()) } as unknown as ChangeLoaderRepository, new LocalBus(), new FakeClock(new Date()), logger, {
      reconcileIntervalMs: 3_600_000,
      startRetry: { firstMs: 1, maxMs: 2 },
    });
    const started = sync.start({ stored: () => Promise.resolve(null), waitMs: 5_000 });
    expect(sync.ready).to.equal(false);
    await started;
    await sync.stop();
    expect([attempts, sync.ready, sync.source, cache.versions.get('t1')]).to.deep.equal([3, true, 'database', 4]);
  });

  it('gives up retrying once stopped, with the last error', async () => {
    let sync: CacheSync | null = null;
    const load = () => {
      void sync?.stop();
      return Promise.reject(new Error('connection refused'));
    };
    sync = new CacheSync(new AccessCache(), { load }, {} as ChangeLoaderRepository, new LocalBus(), new FakeClock(new Date()), logger, { reconcileIntervalMs: 3_600_000, startRetry: { firstMs: 1, maxMs: 1 } });
    const err = await sync.start().then(() => null, (e: unknown) => e);
    expect((err as Error).message).to.equal('connection refused');
    expect(sync.ready).to.equal(false);
  });
});
