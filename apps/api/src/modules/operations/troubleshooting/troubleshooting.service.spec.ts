import { expect } from 'chai';
import { currentStepId, unresolvedDescription, unresolvedTitle } from './troubleshooting.service.js';

const steps = [
  { id: '00000000-0000-4000-8000-000000000001', instruction: 'Check the plug', caution: null },
  { id: '00000000-0000-4000-8000-000000000002', instruction: 'Clear the vents', caution: 'Switch it off first' },
];

describe('troubleshooting: the issue an unresolved session raises', () => {
  it('titles it with the symptom and the asset, shortening a long asset name to fit an issue title', () => {
    expect(unresolvedTitle('Fridge not cooling', 'Walk-in fridge')).to.equal('Fridge not cooling — Walk-in fridge (troubleshooting did not fix it)');
    const long = unresolvedTitle('x'.repeat(120), 'y'.repeat(300));
    expect(long).to.have.length(200);
    expect(long).to.match(/^x{120} — y+… \(troubleshooting did not fix it\)$/);
    const emoji = unresolvedTitle('x'.repeat(120), '🧊'.repeat(40));
    expect(emoji).to.not.match(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('describes what was tried and, after giving up, what was not', () => {
    expect(unresolvedDescription({ title: 'Fridge', steps, answers: [] }, true)).to.equal(
      'Troubleshooting guide "Fridge" did not fix it (stopped before the last step).\nNo step was tried.\nNot tried:\n1. Check the plug\n2. Clear the vents',
    );
  });

  it('points at the first unanswered step while running, and at none once ended', () => {
    const answers = [{ stepId: steps[0]!.id, fixed: false, answeredAt: '2030-01-01T00:00:00.000Z' }];
    expect(currentStepId({ status: 'RUNNING', steps, answers: [] })).to.equal(steps[0]!.id);
    expect(currentStepId({ status: 'RUNNING', steps, answers })).to.equal(steps[1]!.id);
    expect(currentStepId({ status: 'UNRESOLVED', steps, answers })).to.equal(null);
  });
});
