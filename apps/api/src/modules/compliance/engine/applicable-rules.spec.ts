import { expect } from 'chai';
import { NO_CUSTOM_LIMITS } from '../packs/custom.pack.js';
import { applicableRules, schedulingLimits, type ComplianceConfig } from './applicable-rules.js';

const UK = { packId: 'uk-wtr', version: 1 };
const CA = { packId: 'us-ca', version: 1 };
const NYC = { packId: 'nyc-fww', version: 1 };

function config(over: Partial<ComplianceConfig> = {}): ComplianceConfig {
  return { packs: [UK], modes: {}, customLimits: NO_CUSTOM_LIMITS, outletPacks: new Map([['outlet-ca', [CA]]]), ...over };
}

const ids = (rules: ReturnType<typeof applicableRules>) => rules.map((r) => r.rule.id);
const adult = { outletId: 'outlet-uk', contractPacks: null, youngWorker: false };

describe('compliance: the rules that apply to a person', () => {
  it('no pack and no limit: no rule', () => {
    expect(applicableRules(config({ packs: [], outletPacks: new Map() }), adult)).to.deep.equal([]);
  });

  it('the tenant’s packs, WARN unless set; OFF rules are left out; the young-worker rules only for young workers', () => {
    const rules = applicableRules(config({ modes: { 'uk-wtr.daily-rest': 'BLOCK', 'uk-wtr.rest-break': 'OFF' } }), adult);
    expect(ids(rules)).to.deep.equal(['uk-wtr.daily-rest', 'uk-wtr.weekly-rest', 'uk-wtr.average-week']);
    expect(rules.map((r) => r.mode)).to.deep.equal(['BLOCK', 'WARN', 'WARN']);
    expect(rules[0]).to.include({ packId: 'uk-wtr', packVersion: 1 });
    const young = applicableRules(config(), { ...adult, youngWorker: true });
    expect(ids(young)).to.deep.equal(['uk-wtr.young-daily-limit', 'uk-wtr.young-weekly-limit', 'uk-wtr.young-daily-rest', 'uk-wtr.young-weekly-rest', 'uk-wtr.young-rest-break']);
  });

  it('the contract’s packs before the outlet’s, the outlet’s before the tenant’s; the tenant’s limits everywhere', () => {
    const limits = config({ customLimits: { ...NO_CUSTOM_LIMITS, maxShiftMinutes: 600 } });
    expect(ids(applicableRules(limits, { ...adult, outletId: 'outlet-ca' }))).to.deep.equal([
      'us-ca.daily-overtime',
      'us-ca.double-time',
      'us-ca.weekly-overtime',
      'us-ca.seventh-day',
      'us-ca.meal-period',
      'us-ca.rest-break',
      'custom.max-shift-length',
    ]);
    expect(ids(applicableRules(limits, { ...adult, outletId: 'outlet-ca', contractPacks: [NYC] }))).to.deep.equal(['nyc-fww.advance-notice', 'nyc-fww.clopening', 'custom.max-shift-length']);
  });

  it('an unknown pack version is ignored rather than guessed', () => {
    expect(applicableRules(config({ packs: [{ packId: 'uk-wtr', version: 7 }] }), adult)).to.deep.equal([]);
  });

  it('scheduling limits: the strictest rest, shift, daily, weekly and consecutive-day limits among the rules', () => {
    const rules = applicableRules(config({ customLimits: { ...NO_CUSTOM_LIMITS, maxShiftMinutes: 600, maxWeeklyMinutes: 2700, maxConsecutiveDays: 6 } }), { ...adult, youngWorker: true });
    expect(schedulingLimits(rules)).to.deep.equal({ minRestMinutes: 720, maxShiftMinutes: 600, maxDailyMinutes: 480, maxWeeklyMinutes: 2400, maxConsecutiveDays: 6 });
    expect(schedulingLimits([])).to.deep.equal({ minRestMinutes: null, maxShiftMinutes: null, maxDailyMinutes: null, maxWeeklyMinutes: null, maxConsecutiveDays: null });
  });
});
