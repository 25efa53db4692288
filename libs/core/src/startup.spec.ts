import { expect } from 'chai';
import { describeError } from './startup.js';

describe('describeError', () => {
  it('gives one readable line for whatever a start-up step throws', () => {
    const refused = (address: string) => Object.assign(new Error(`connect ECONNREFUSED ${address}`), { code: 'ECONNREFUSED' });
    expect(describeError(new AggregateError([refused('::1:5432'), refused('127.0.0.1:5432')], ''))).to.equal('connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
    expect(describeError(Object.assign(new Error(''), { code: 'EADDRINUSE' }))).to.equal('EADDRINUSE');
    expect(describeError(undefined)).to.equal('no reason given');
    expect(describeError('')).to.equal('no reason given');
    expect(describeError('spool is read-only')).to.equal('spool is read-only');
    expect(describeError({ exitCode: 1 })).to.equal('{"exitCode":1}');
    expect(describeError(new Error('could not start:\n  port taken\n  retry'))).to.equal('could not start: port taken; retry');
  });
});
