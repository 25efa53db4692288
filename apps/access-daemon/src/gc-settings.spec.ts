import { expect } from 'chai';
import { gcFlagsFor, type GcSettings } from './gc-settings.js';

const defaults: GcSettings = { heapGrowthPercent: 100, concurrentMarking: 'auto', pretenuring: 'auto' };
const daemonAlone = { cores: 1, apiInProcess: false };

describe('the daemon garbage collector settings', () => {
  it('marks on helper threads only where the process has more than one core, unless told', () => {
    expect(gcFlagsFor(defaults, daemonAlone)).to.deep.equal(['--heap-growing-percent=100', '--no-concurrent-marking', '--allocation-site-pretenuring']);
    expect(gcFlagsFor(defaults, { cores: 4, apiInProcess: false })).to.include('--concurrent-marking');
    expect(gcFlagsFor({ ...defaults, concurrentMarking: 'on' }, daemonAlone)).to.include('--concurrent-marking');
    expect(gcFlagsFor({ ...defaults, concurrentMarking: 'off' }, { cores: 8, apiInProcess: false })).to.include('--no-concurrent-marking');
  });

  it('stops pretenuring where the API answers the door routes in the same process, unless told', () => {
    expect(gcFlagsFor(defaults, { cores: 1, apiInProcess: true })).to.include('--no-allocation-site-pretenuring');
    expect(gcFlagsFor({ ...defaults, pretenuring: 'on' }, { cores: 1, apiInProcess: true })).to.include('--allocation-site-pretenuring');
    expect(gcFlagsFor({ ...defaults, pretenuring: 'off' }, daemonAlone)).to.include('--no-allocation-site-pretenuring');
  });

  it('gives the growth back to V8 with 0', () => {
    expect(gcFlagsFor({ ...defaults, heapGrowthPercent: 0 }, { cores: 2, apiInProcess: false })[0]).to.equal('--heap-growing-percent=0');
  });
});
