import { expect } from 'chai';
import { decodeAccessChange, decodeAccessChanges, encodeAccessChange, encodeAccessChanges, type AccessChange } from './change-feed.js';

describe('access change feed messages', () => {
  const change: AccessChange = { tenantId: 't1', version: 42, kind: 'grant', id: 'g1', op: 'upsert' };

  it('round-trips a change', () => {
    expect(decodeAccessChange(encodeAccessChange(change))).to.deep.equal(change);
  });

  it('round-trips the row a change carries, and drops a payload of another kind', () => {
    const withRow: AccessChange = {
      ...change,
      payload: { kind: 'grant', grant: { id: 'g1', tenantId: 't1', userId: 'u1', visitorPassId: null, zoneId: 'z1', expiresAt: null }, user: { id: 'u1', tenantId: 't1', fullName: 'Ada' } },
    };
    expect(decodeAccessChange(encodeAccessChange(withRow))).to.deep.equal(withRow);
    expect(decodeAccessChange(JSON.stringify({ ...change, payload: { kind: 'zone', zone: null } }))).to.deep.equal(change);
  });

  it('round-trips a batch in order, reads a single change as a batch of one, and drops malformed entries', () => {
    const next: AccessChange = { ...change, version: 43, id: 'g2' };
    expect(decodeAccessChanges(encodeAccessChanges([change, next]))).to.deep.equal([change, next]);
    expect(decodeAccessChanges(encodeAccessChange(change))).to.deep.equal([change]);
    expect(decodeAccessChanges(JSON.stringify([change, { ...next, kind: 'door' }, 7]))).to.deep.equal([change]);
    expect(decodeAccessChanges('{')).to.deep.equal([]);
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
