import { expect } from 'chai';
import { FakeClock } from '@wfm/core/clock';
import { createLogger } from '@wfm/core/logger';
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
});
