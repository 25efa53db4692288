import { expect } from 'chai';
import { gcFlagsFor } from './gc-settings.js';

describe('the daemon garbage collector settings', () => {
  it('marks on helper threads only where the process has more than one core, unless told', () => {
    expect(gcFlagsFor({ heapGrowthPercent: 100, concurrentMarking: 'auto' }, 1)).to.deep.equal(['--heap-growing-percent=100', '--no-concurrent-marking']);
    expect(gcFlagsFor({ heapGrowthPercent: 100, concurrentMarking: 'auto' }, 4)).to.deep.equal(['--heap-growing-percent=100', '--concurrent-marking']);
    expect(gcFlagsFor({ heapGrowthPercent: 100, concurrentMarking: 'on' }, 1)).to.include('--concurrent-marking');
    expect(gcFlagsFor({ heapGrowthPercent: 100, concurrentMarking: 'off' }, 8)).to.include('--no-concurrent-marking');
  });

  it('gives the growth back to V8 with 0', () => {
    expect(gcFlagsFor({ heapGrowthPercent: 0, concurrentMarking: 'auto' }, 2)[0]).to.equal('--heap-growing-percent=0');
  });
});
