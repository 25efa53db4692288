import { expect } from 'chai';
import { decide, eventTypeFor, DENY_REASONS, type TapFacts } from './decision.js';

const ok: TapFacts = { zone: { id: 'z', active: true }, credentialValid: true, grant: 'active', hours: 'OPEN' };

describe('tap decision (spec 02, Errors)', () => {
  it('grants when every check passes', () => {
    expect(decide(ok)).to.deep.equal({ decision: 'GRANT' });
  });

  const cases: Array<[Partial<TapFacts>, string]> = [
    [{ zone: null }, 'Unknown reader'],
    [{ zone: { id: 'z', active: false } }, 'Zone inactive'],
    [{ credentialValid: false }, 'Unknown credential'],
    [{ grant: 'none' }, 'No access to this zone'],
    [{ grant: 'expired-now' }, 'Access expired'],
    [{ hours: 'CLOSED_TODAY' }, 'Zone closed today'],
    [{ hours: 'OUTSIDE_HOURS' }, 'Outside allowed hours'],
  ];
  for (const [change, reason] of cases) {
    it(`denies with '${reason}'`, () => {
      expect(decide({ ...ok, ...change })).to.deep.equal({ decision: 'DENY', reason });
    });
  }

  it('applies the reasons in the spec order: each earlier failure wins over every later one', () => {
    const allFailing: TapFacts[] = [
      { zone: null, credentialValid: false, grant: 'none', hours: 'CLOSED_TODAY' },
      { zone: { id: 'z', active: false }, credentialValid: false, grant: 'none', hours: 'CLOSED_TODAY' },
      { zone: { id: 'z', active: true }, credentialValid: false, grant: 'none', hours: 'CLOSED_TODAY' },
      { zone: { id: 'z', active: true }, credentialValid: true, grant: 'none', hours: 'CLOSED_TODAY' },
      { zone: { id: 'z', active: true }, credentialValid: true, grant: 'expired-now', hours: 'OUTSIDE_HOURS' },
    ];
    expect(allFailing.map((f) => (decide(f) as { reason: string }).reason)).to.deep.equal([
      'Unknown reader',
      'Zone inactive',
      'Unknown credential',
      'No access to this zone',
      'Access expired',
    ]);
  });

  it('maps each reason to its audit event type', () => {
    expect(DENY_REASONS.map((r) => [r.reason, eventTypeFor(r.reason)])).to.deep.equal([
      ['Unknown reader', 'UNKNOWN_READER'],
      ['Zone inactive', 'DENIED_ZONE_INACTIVE'],
      ['Unknown credential', 'UNKNOWN_CREDENTIAL'],
      ['No access to this zone', 'DENIED_NO_GRANT'],
      ['Access expired', 'DENIED_EXPIRED'],
      ['Zone closed today', 'DENIED_OUTSIDE_HOURS'],
      ['Outside allowed hours', 'DENIED_OUTSIDE_HOURS'],
    ]);
  });
});
