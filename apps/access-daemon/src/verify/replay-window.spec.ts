import { expect } from 'chai';
import { ReplayWindow } from './replay-window.js';

describe('ReplayWindow (spec 02: a repeat within 2 s)', () => {
  it('finds a key for the whole window after it was set, and not from the window on', () => {
    const w = new ReplayWindow<string>(2000, 100);
    w.set('a', 'GRANT', 10_000);
    expect(w.get('a', 10_000)).to.equal('GRANT');
    expect(w.get('a', 11_999)).to.equal('GRANT');
    expect(w.get('a', 12_000)).to.equal(undefined);
  });

  it('keeps a key set just before its generation turns until its own window ends', () => {
    const w = new ReplayWindow<string>(2000, 100);
    w.set('first', 'x', 0);
    w.set('late', 'y', 1999);
    // Turning at 2000 moves 'late' to the previous generation; it is still found until 3999.
    expect(w.get('first', 2000)).to.equal(undefined);
    expect(w.get('late', 3998)).to.equal('y');
    w.set('other', 'z', 3999);
    expect(w.get('late', 3999)).to.equal(undefined);
    expect(w.get('other', 3999)).to.equal('z');
  });

  it('forgets both generations once two windows pass with no call, keeping only what is set after', () => {
    const w = new ReplayWindow<string>(2000, 100);
    for (let i = 0; i < 10; i++) w.set(`k${i}`, 'v', 1000 + i);
    w.set('fresh', 'v', 5000);
    expect(w.size).to.equal(1);
    expect(w.get('k9', 5000)).to.equal(undefined);
  });

  it('stays within its bound under a flood of distinct keys: a generation turns early when full', () => {
    const w = new ReplayWindow<number>(2000, 50);
    for (let i = 0; i < 1000; i++) w.set(`tap${i}`, i, 100);
    expect(w.size).to.be.at.most(100);
    expect(w.get('tap999', 100)).to.equal(999);
    expect(w.get('tap950', 100)).to.equal(950);
    expect(w.get('tap0', 100)).to.equal(undefined);
  });

  it('answers the latest value for a key set twice', () => {
    const w = new ReplayWindow<string>(2000, 100);
    w.set('a', 'DENY', 0);
    w.set('a', 'GRANT', 2500);
    expect(w.get('a', 2600)).to.equal('GRANT');
  });
});
