import { expect } from 'chai';
import type { Bus } from './bus.js';
import { LocalBus } from './bus-local.js';
import { RedisBus } from './bus-redis.js';
import { describeWithRedis } from '@wfm/testing/redis';

function nextMessage(bus: Bus, channel: string): Promise<{ message: Promise<string>; unsubscribe: () => Promise<void> }> {
  let resolve!: (m: string) => void;
  const message = new Promise<string>((r) => (resolve = r));
  return bus.subscribe(channel, (m) => resolve(m)).then((unsubscribe) => ({ message, unsubscribe }));
}

function busContract(make: () => Bus) {
  let bus: Bus;
  beforeEach(() => {
    bus = make();
  });
  afterEach(async () => bus.close());

  it('delivers a published message to a subscriber of the channel', async () => {
    const { message } = await nextMessage(bus, 'ch-a');
    await bus.publish('ch-a', 'hello');
    expect(await message).to.equal('hello');
  });

  it('does not deliver messages of other channels', async () => {
    const seen: string[] = [];
    await bus.subscribe('ch-b', (m) => seen.push(m));
    const { message } = await nextMessage(bus, 'ch-c');
    await bus.publish('ch-b2', 'other');
    await bus.publish('ch-c', 'mine');
    expect(await message).to.equal('mine');
    expect(seen).to.deep.equal([]);
  });

  it('stops delivering after unsubscribe', async () => {
    const seen: string[] = [];
    const off = await bus.subscribe('ch-d', (m) => seen.push(m));
    await off();
    const { message } = await nextMessage(bus, 'ch-d');
    await bus.publish('ch-d', 'after');
    await message;
    expect(seen).to.deep.equal([]);
  });

  it('answers ping', async () => {
    expect(await bus.ping()).to.equal(true);
  });
}

describe('LocalBus', () => busContract(() => new LocalBus()));

describeWithRedis('RedisBus (real Redis)', (url) => {
  busContract(() => new RedisBus(url));

  it('delivers across two independent connections (two processes)', async () => {
    const a = new RedisBus(url);
    const b = new RedisBus(url);
    try {
      const { message } = await nextMessage(b, 'cross');
      await a.publish('cross', 'from-a');
      expect(await message).to.equal('from-a');
    } finally {
      await a.close();
      await b.close();
    }
  });
});
