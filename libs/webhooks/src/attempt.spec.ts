import { expect } from 'chai';
import { classifyResponse, jitterFactor, refusedOutcome } from './attempt.js';

describe('attempt outcome', () => {
  it('a 2xx with no error is a success', () => {
    expect(classifyResponse({ status: 204, bodyExcerpt: '', error: null })).to.deep.equal({ ok: true, lastError: null, lastResponseStatus: 204 });
    expect(classifyResponse({ status: 299, bodyExcerpt: 'x', error: null }).ok).to.equal(true);
  });

  it('a 3xx is a failure: redirects are never followed', () => {
    expect(classifyResponse({ status: 302, bodyExcerpt: '', error: null })).to.deep.equal({ ok: false, lastError: 'HTTP 302', lastResponseStatus: 302 });
  });

  it('a non-2xx keeps the first 500 characters of the body, or HTTP <status> when it is empty', () => {
    expect(classifyResponse({ status: 500, bodyExcerpt: 'boom', error: null })).to.deep.equal({ ok: false, lastError: 'boom', lastResponseStatus: 500 });
    expect(classifyResponse({ status: 404, bodyExcerpt: '', error: null })).to.deep.equal({ ok: false, lastError: 'HTTP 404', lastResponseStatus: 404 });
    expect(classifyResponse({ status: 400, bodyExcerpt: 'é'.repeat(600), error: null }).lastError).to.equal('é'.repeat(500));
    expect(classifyResponse({ status: 199, bodyExcerpt: '', error: null }).ok).to.equal(false);
  });

  it('no response: the error message, status 0', () => {
    expect(classifyResponse({ status: 0, bodyExcerpt: '', error: 'connect ECONNREFUSED 127.0.0.1:1' })).to.deep.equal({
      ok: false,
      lastError: 'connect ECONNREFUSED 127.0.0.1:1',
      lastResponseStatus: 0,
    });
  });

  it('a timeout is a failure even after a 2xx status line', () => {
    expect(classifyResponse({ status: 200, bodyExcerpt: '', error: 'Timed out after 15000 ms' })).to.deep.equal({
      ok: false,
      lastError: 'Timed out after 15000 ms',
      lastResponseStatus: 200,
    });
  });

  it('an egress refusal is a failed attempt without a response', () => {
    expect(refusedOutcome('Egress check: x')).to.deep.equal({ ok: false, lastError: 'Egress check: x', lastResponseStatus: 0 });
  });

  it('jitter stays within ±10 %', () => {
    expect(jitterFactor(() => 0)).to.equal(0.9);
    expect(jitterFactor(() => 0.5)).to.equal(1);
    expect(jitterFactor(() => 0.999999)).to.be.closeTo(1.1, 1e-5);
    for (let i = 0; i < 1000; i++) {
      const f = jitterFactor();
      expect(f).to.be.at.least(0.9).and.below(1.1);
    }
  });
});
