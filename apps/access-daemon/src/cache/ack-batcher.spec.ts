import { mock } from 'node:test';
import { expect } from 'chai';
import { LocalBus } from '@wfm/memory/bus-local';
import type { DaemonRegistry } from '@wfm/memory/daemon-registry';
import { AckBatcher } from './ack-batcher.js';

/** A registry whose first `failures` announcements reject, as a Redis publish that timed out. */
function flakyRegistry(failures: number): { registry: DaemonRegistry; sent: Array<Array<[string, number]>>; bus: LocalBus } {
  const bus = new LocalBus();
  const sent: Array<Array<[string, number]>> = [];
  let left = failures;
  const registry: DaemonRegistry = Object.create(bus.daemons, {
    ack: {
      value: async (daemonId: string, versions: ReadonlyMap<string, number>) => {
        sent.push([...versions]);
        if (left-- > 0) throw new Error('Command timed out');
        await bus.daemons.ack(daemonId, versions);
      },
    },
  });
  return { registry, sent, bus };
}

describe('AckBatcher', () => {
  it('sends one acknowledgement per turn, with the highest version per tenant', async () => {
    const { registry, sent, bus } = flakyRegistry(0);
    const batcher = new AckBatcher(registry, 'd1');
    batcher.add(new Map([['t1', 3]]));
    batcher.add(new Map([['t1', 5], ['t2', 1]]));
    batcher.add(new Map([['t1', 4]]));
    await new Promise((r) => setImmediate(r));
    expect(sent).to.deep.equal([[['t1', 5], ['t2', 1]]]);
    await bus.close();
  });

  it('sends a failed acknowledgement again, merged with what came since, until it goes through', async () => {
    const { registry, sent, bus } = flakyRegistry(2);
    await bus.daemons.join('d1');
    const wait = bus.daemons.waitFor(['d1'], new Map([['t1', 7], ['t2', 2]]), 10_000);
    const batcher = new AckBatcher(registry, 'd1');
    batcher.add(new Map([['t1', 7]]));
    await new Promise((r) => setImmediate(r));
    batcher.add(new Map([['t2', 2]]));
    expect(await wait).to.deep.equal([]);
    expect(sent.length).to.equal(3);
    expect(sent[2]).to.deep.equal([['t1', 7], ['t2', 2]]);
    batcher.close();
    await bus.close();
  });

  it('stops retrying once closed, also when the close comes while an announcement is under way', async () => {
    // The retry timers are Node's mock timers, moved past every retry delay instead of waited for.
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      await closesWhileAnnouncing();
    } finally {
      mock.timers.reset();
    }
  });
});

/** A registry that closes the batcher while announcing, then refuses: no retry may follow. */
async function closesWhileAnnouncing(): Promise<void> {
  const bus = new LocalBus();
  let sent = 0;
  let batcher: AckBatcher;
  const registry: DaemonRegistry = Object.create(bus.daemons, {
    ack: {
      value: async () => {
        sent++;
        batcher.close();
        throw new Error('Command timed out');
      },
    },
  });
  batcher = new AckBatcher(registry, 'd1');
  batcher.add(new Map([['t1', 1]]));
  while (sent === 0) await new Promise((r) => setImmediate(r));
  batcher.add(new Map([['t1', 2]]));
  // The refusal settles, then the clock passes every retry delay: nothing more is sent.
  await new Promise((r) => setImmediate(r));
  mock.timers.tick(10_000);
  await new Promise((r) => setImmediate(r));
  expect(sent).to.equal(1);
  await bus.close();
}
