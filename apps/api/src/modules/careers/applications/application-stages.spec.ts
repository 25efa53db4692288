import { expect } from 'chai';
import { APPLICATION_STAGES, stageChangeAllowed, type ApplicationStage } from './application-stages.js';

describe('application stage machine', () => {
  /** Every allowed move, written out: the table a recruiter is told about (decisions.md). */
  const ALLOWED: Record<ApplicationStage, ApplicationStage[]> = {
    APPLIED: ['SCREENING', 'INTERVIEW', 'OFFER', 'REJECTED', 'WITHDRAWN'],
    SCREENING: ['INTERVIEW', 'OFFER', 'REJECTED', 'WITHDRAWN'],
    INTERVIEW: ['OFFER', 'REJECTED', 'WITHDRAWN'],
    OFFER: ['HIRED', 'REJECTED', 'WITHDRAWN'],
    HIRED: ['WITHDRAWN'],
    REJECTED: [],
    WITHDRAWN: [],
  };

  it('allows exactly the listed moves of an application not yet converted', () => {
    for (const from of APPLICATION_STAGES) {
      const allowed = APPLICATION_STAGES.filter((to) => stageChangeAllowed(from, to, false));
      expect({ from, allowed }).to.deep.equal({ from, allowed: ALLOWED[from] });
    }
  });

  it('settles a converted hire: nothing moves it any more', () => {
    expect(APPLICATION_STAGES.filter((to) => stageChangeAllowed('HIRED', to, true))).to.deep.equal([]);
  });
});
