import { expect } from 'chai';
import { createLogger } from '@wfm/core/logger';
import { GrantExpiryWriter } from './grant-expiry-writer.js';
import type { ExpiredGrant, GrantExpiryStore } from './grant-expiry.repository.js';

class FlakyStore implements GrantExpiryStore {
  up = true;
  readonly batches: ExpiredGrant[][] = [];
  async expire(grants: readonly ExpiredGrant[]): Promise<void> {
    if (!this.up) throw new Error('connection refused');
    this.batches.push([...grants]);
  }
}

describe('GrantExpiryWriter', () => {
  const at = new Date('2026-11-26T10:00:00Z');

  it('writes what taps decided in one batch, after the taps, never twice', async () => {
    const store = new FlakyStore();
    const writer = new GrantExpiryWriter(store, createLogger('t', 'silent'), 3_600_000);
    writer.record('g1', at);
    writer.record('g2', at);
    writer.record('g1', at);
    expect(store.batches).to.deep.equal([]);
    await writer.flush();
    await writer.flush();
    expect(store.batches).to.deep.equal([[{ grantId: 'g1', at }, { grantId: 'g2', at }]]);
    expect(writer.depth).to.equal(0);
    await writer.close();
  });

  it('keeps what the database did not take, and writes it on a later try', async () => {
    const store = new FlakyStore();
    store.up = false;
    const writer = new GrantExpiryWriter(store, createLogger('t', 'silent'), 3_600_000);
    writer.record('g1', at);
    await writer.flush();
    expect(writer.depth).to.equal(1);
    store.up = true;
    await writer.flush();
    expect([writer.depth, store.batches]).to.deep.equal([0, [[{ grantId: 'g1', at }]]]);
    await writer.close();
  });
});
