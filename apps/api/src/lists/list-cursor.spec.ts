import { expect } from 'chai';
import { BadRequestError } from '@wfm/core/errors';
import { ListCursorCodec, type CursorScope } from './list-cursor.js';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';
const scope: CursorScope = { list: 'shifts', tenantId: '11111111-1111-4111-8111-111111111111', filters: { outletId: 'o-1', from: '2030-01-01T00:00:00Z' } };
const state = { position: ['2030-01-02 08:00:00.123456+00', '22222222-2222-4222-8222-222222222222'], seen: 4 };

function refusal(fn: () => unknown): string[] {
  try {
    fn();
  } catch (err) {
    expect(err).to.be.instanceOf(BadRequestError);
    return (err as BadRequestError).messages;
  }
  throw new Error('expected a 400');
}

const flip = (s: string, at: number) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);

describe('ListCursorCodec', () => {
  const codec = new ListCursorCodec(SECRET);

  it('round-trips a position and the rows seen, for the same list, tenant and filters', () => {
    const cursor = codec.seal(scope, state);
    expect(cursor).to.match(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(codec.open(cursor, scope)).to.deep.equal(state);
  });

  it('does not care in which order the filters were given, nor about absent ones', () => {
    const cursor = codec.seal(scope, state);
    const same = { ...scope, filters: { from: '2030-01-01T00:00:00Z', userId: undefined, outletId: 'o-1' } };
    expect(codec.open(cursor, same)).to.deep.equal(state);
  });

  it('refuses a cursor whose payload or signature was changed by a single character', () => {
    const cursor = codec.seal(scope, state);
    const dot = cursor.indexOf('.');
    expect(refusal(() => codec.open(flip(cursor, 5), scope))).to.deep.equal(['cursor is not a cursor this server issued']);
    expect(refusal(() => codec.open(flip(cursor, dot + 3), scope))).to.deep.equal(['cursor is not a cursor this server issued']);
  });

  it('refuses a payload re-signed with another secret, and text that is no cursor at all', () => {
    const other = new ListCursorCodec('another-secret-of-at-least-thirty-two-chars').seal(scope, state);
    for (const bad of [other, 'garbage', '.', 'a.b.c', `${other.split('.')[0]}.`]) {
      expect(refusal(() => codec.open(bad, scope)), bad).to.deep.equal(['cursor is not a cursor this server issued']);
    }
  });

  it("refuses another tenant's cursor and another list's cursor alike", () => {
    const cursor = codec.seal(scope, state);
    expect(refusal(() => codec.open(cursor, { ...scope, tenantId: '33333333-3333-4333-8333-333333333333' }))).to.deep.equal(['cursor belongs to another list']);
    expect(refusal(() => codec.open(cursor, { ...scope, list: 'attendance' }))).to.deep.equal(['cursor belongs to another list']);
  });

  it('refuses a cursor sent with other filters than it was issued with', () => {
    const cursor = codec.seal(scope, state);
    for (const filters of [{}, { outletId: 'o-2', from: '2030-01-01T00:00:00Z' }, { ...scope.filters, to: '2030-02-01T00:00:00Z' }]) {
      expect(refusal(() => codec.open(cursor, { ...scope, filters }))).to.deep.equal(['cursor was issued with other filters; send the filters of the first page']);
    }
  });
});
