import { expect } from 'chai';
import { escalatedLevel } from './disciplinary.service.js';

describe('disciplinary escalation rule', () => {
  it('keeps the requested level for the first and second action of a category in the window', () => {
    expect(escalatedLevel('VERBAL', 0)).to.equal('VERBAL');
    expect(escalatedLevel('WRITTEN', 1)).to.equal('WRITTEN');
  });

  it('raises the third and later by one level, never past DISMISSAL', () => {
    expect(escalatedLevel('VERBAL', 2)).to.equal('WRITTEN');
    expect(escalatedLevel('WRITTEN', 5)).to.equal('FINAL');
    expect(escalatedLevel('FINAL', 2)).to.equal('DISMISSAL');
    expect(escalatedLevel('DISMISSAL', 3)).to.equal('DISMISSAL');
  });
});
