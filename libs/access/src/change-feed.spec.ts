import { expect } from 'chai';
import { decodeAccessChange, encodeAccessChange, type AccessChange } from './change-feed.js';

describe('access change feed messages', () => {
  const change: AccessChange = { tenantId: 't1', version: 42, kind: 'grant', id: 'g1', op: 'upsert' };

  it('round-trips a change', () => {
    expect(decodeAccessChange(encodeAccessChange(change))).to.deep.equal(change);
  });

  for (const [name, raw] of [
    ['not JSON', '{'],
    ['an unknown kind', JSON.stringify({ ...change, kind: 'door' })],
    ['a fractional version', JSON.stringify({ ...change, version: 1.5 })],
    ['a missing tenant', JSON.stringify({ ...change, tenantId: undefined })],
    ['an unknown op', JSON.stringify({ ...change, op: 'patch' })],
  ] as const) {
    it(`rejects ${name}`, () => {
      expect(decodeAccessChange(raw)).to.equal(null);
    });
  }
});
