import { expect } from 'chai';
import { ReplayWindow, type ReplayAnswer } from './replay-window.js';

const GRANT: ReplayAnswer = { userId: 'u1', userName: 'Ada', zoneId: 'z1', zoneName: 'Front' };
const DENY: ReplayAnswer = { reason: 'No access to this zone' };
/** An answer as the window gives it back: every part, the absent ones undefined. */
const full = (a: ReplayAnswer) => ({ reason: undefined, userId: undefined, userName: undefined, zoneId: undefined, zoneName: undefined, ...a });

describe('ReplayWindow (spec 02: a repeat within 2 s)', () => {
  it('finds a key for the whole window after it was set, and not from the window on', () => {
    const w = new ReplayWindow(2000, 100);
    w.set('t', 'r', 'a', GRANT, 10_000);
    expect(w.get('t', 'r', 'a', 10_000)).to.deep.equal(full(GRANT));
    expect(w.get('t', 'r', 'a', 11_999)).to.deep.equal(full(GRANT));
    expect(w.get('t', 'r', 'a', 12_000)).to.equal(undefined);
  });

  it('tells keys apart by each of their three parts', () => {
    const w = new ReplayWindow(2000, 100);
    w.set('t1', 'r1', 'c1', GRANT, 0);
    expect(w.get('t2', 'r1', 'c1', 1)).to.equal(undefined);
    expect(w.get('t1', 'r2', 'c1', 1)).to.equal(undefined);
    expect(w.get('t1', 'r1', 'c2', 1)).to.equal(undefined);
    expect(w.get('t1', 'r1', 'c1', 1)).to.deep.equal(full(GRANT));
  });

  it('matches a key by content, not by the string object a request brought', () => {
    const w = new ReplayWindow(2000, 100);
    const reader = ['reader', '-', '7'].join('');
    w.set('t', 'reader-7', 'c', DENY, 0);
    expect(w.get('t', reader, 'c', 5)).to.deep.equal(full(DENY));
  });

  it('finds every key of a full generation, whatever slots their hashes share', () => {
    const w = new ReplayWindow(2000, 64);
    for (let i = 0; i < 64; i++) w.set('t', `r${i % 3}`, `c${i}`, { ...DENY, reason: `why ${i}` }, 0);
    for (let i = 0; i < 64; i++) expect(w.get('t', `r${i % 3}`, `c${i}`, 1)?.reason).to.equal(`why ${i}`);
    expect(w.get('t', 'r0', 'c1', 1)).to.equal(undefined);
  });

  it('keeps a key set just before its generation turns until its own window ends', () => {
    const w = new ReplayWindow(2000, 100);
    w.set('t', 'r', 'first', GRANT, 0);
    w.set('t', 'r', 'late', DENY, 1999);
    // Turning at 2000 moves 'late' to the previous generation; it is still found until 3999.
    expect(w.get('t', 'r', 'first', 2000)).to.equal(undefined);
    expect(w.get('t', 'r', 'late', 3998)).to.deep.equal(full(DENY));
    w.set('t', 'r', 'other', GRANT, 3999);
    expect(w.get('t', 'r', 'late', 3999)).to.equal(undefined);
    expect(w.get('t', 'r', 'other', 3999)).to.deep.equal(full(GRANT));
  });

  it('forgets both generations once two windows pass with no call, keeping only what is set after', () => {
    const w = new ReplayWindow(2000, 100);
    for (let i = 0; i < 10; i++) w.set('t', 'r', `k${i}`, GRANT, 1000 + i);
    w.set('t', 'r', 'fresh', GRANT, 5000);
    expect(w.size).to.equal(1);
    expect(w.get('t', 'r', 'k9', 5000)).to.equal(undefined);
  });

  it('stays within its bound under a flood of distinct keys: a generation turns early when full', () => {
    const w = new ReplayWindow(2000, 50);
    for (let i = 0; i < 1000; i++) w.set('t', 'r', `tap${i}`, { reason: String(i) }, 100);
    expect(w.size).to.be.at.most(100);
    expect(w.get('t', 'r', 'tap999', 100)?.reason).to.equal('999');
    expect(w.get('t', 'r', 'tap950', 100)?.reason).to.equal('950');
    expect(w.get('t', 'r', 'tap0', 100)).to.equal(undefined);
  });

  it('answers the latest answer for a key set twice, in either generation', () => {
    const w = new ReplayWindow(2000, 100);
    w.set('t', 'r', 'a', DENY, 0);
    w.set('t', 'r', 'a', GRANT, 500);
    expect(w.get('t', 'r', 'a', 600)).to.deep.equal(full(GRANT));
    w.set('t', 'r', 'a', DENY, 2500);
    expect(w.get('t', 'r', 'a', 2600)).to.deep.equal(full(DENY));
    expect(w.size).to.equal(2);
  });
});
