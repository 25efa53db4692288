import { expect } from 'chai';
import { customPack, NO_CUSTOM_LIMITS } from '../packs/custom.pack.js';
import { euWorkingTimeDirective } from '../packs/eu-wtd.pack.js';
import { newYorkCityFairWorkweek } from '../packs/nyc-fww.pack.js';
import type { ApplicableRule, RulePack } from '../packs/pack.types.js';
import { ukWorkingTimeRegulations } from '../packs/uk-wtr.pack.js';
import { california } from '../packs/us-ca.pack.js';
import { evaluate, evaluateReduction, type EvaluationInput, type WorkSegment } from './engine.js';

const LONDON = 'Europe/London';
const LA = 'America/Los_Angeles';
const NY = 'America/New_York';

function seg(id: string, start: string, end: string, kind: WorkSegment['kind'] = 'SHIFT'): WorkSegment {
  return { id, kind, start: new Date(start), end: new Date(end) };
}

function rule(pack: RulePack, id: string, mode: ApplicableRule['mode'] = 'WARN'): ApplicableRule {
  const found = pack.rules.find((r) => r.id === id);
  if (!found) throw new Error(`no rule ${id}`);
  return { packId: pack.id, packVersion: pack.version, mode, rule: found };
}

function run(input: Partial<EvaluationInput> & Pick<EvaluationInput, 'segments' | 'rules'>) {
  return evaluate({ timezone: LONDON, phase: 'SCHEDULE', ...input });
}

/** Seven shifts of 09:00–17:00 local (UTC in London in November) on consecutive days from `first`. */
function week(prefix: string, first: string, days = 7): WorkSegment[] {
  const out: WorkSegment[] = [];
  for (let i = 0; i < days; i++) {
    const d = new Date(Date.parse(`${first}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
    out.push(seg(`${prefix}${i}`, `${d}T09:00:00Z`, `${d}T17:00:00Z`));
  }
  return out;
}

describe('compliance engine', () => {
  describe('daily rest (EU WTD Art. 3)', () => {
    const rules = [rule(euWorkingTimeDirective, 'eu-wtd.daily-rest')];

    it('flags 9 h 30 min between a shift ending 23:00 and the next starting 08:30, with the trace', () => {
      const [v, ...more] = run({ rules, segments: [seg('aaaaaaaa-1', '2026-11-02T15:00:00Z', '2026-11-02T23:00:00Z'), seg('bbbbbbbb-2', '2026-11-03T08:30:00Z', '2026-11-03T16:30:00Z')] });
      expect(more).to.have.length(0);
      expect(v!.ruleId).to.equal('eu-wtd.daily-rest');
      expect(v!.key).to.equal('eu-wtd.daily-rest:aaaaaaaa-1:bbbbbbbb-2');
      expect(v!.segmentIds).to.deep.equal(['aaaaaaaa-1', 'bbbbbbbb-2']);
      expect(v!.date).to.equal('2026-11-03');
      expect(v!.trace.arithmetic).to.include({ measure: 'rest', actual: 570, limit: 660, comparison: 'BELOW_MINIMUM' });
      expect(v!.trace.packVersion).to.equal(1);
      expect(v!.trace.source).to.contain('Art. 3');
      expect(v!.trace.segments[0]).to.include({ localEnd: '2026-11-02 23:00' });
      expect(v!.trace.sentence).to.equal('rest 9 h 30 min between shift aaaaaaaa ending 2026-11-02 23:00 and shift bbbbbbbb starting 2026-11-03 08:30 < 11 h required');
    });

    it('accepts exactly 11 h and treats a split shift on one day as one working day', () => {
      expect(run({ rules, segments: [seg('a', '2026-11-02T12:00:00Z', '2026-11-02T20:00:00Z'), seg('b', '2026-11-03T07:00:00Z', '2026-11-03T12:00:00Z')] })).to.deep.equal([]);
      expect(run({ rules, segments: [seg('a', '2026-11-02T07:00:00Z', '2026-11-02T11:00:00Z'), seg('b', '2026-11-02T17:00:00Z', '2026-11-02T22:00:00Z')] })).to.deep.equal([]);
    });

    it('reads days in the tenant timezone: 21:00–02:00 then 06:00 in Los Angeles is one night and a 4 h rest', () => {
      const v = run({ timezone: LA, rules, segments: [seg('a', '2026-11-03T05:00:00Z', '2026-11-03T10:00:00Z'), seg('b', '2026-11-03T14:00:00Z', '2026-11-03T20:00:00Z')] });
      expect(v.map((x) => x.trace.sentence)).to.deep.equal(['rest 4 h between shift a ending 2026-11-03 02:00 and shift b starting 2026-11-03 06:00 < 11 h required']);
    });

    it('returns only breaches that involve a focus shift', () => {
      const segments = [seg('old1', '2026-11-02T15:00:00Z', '2026-11-02T23:00:00Z'), seg('old2', '2026-11-03T06:00:00Z', '2026-11-03T10:00:00Z'), seg('new', '2026-11-05T09:00:00Z', '2026-11-05T17:00:00Z')];
      expect(run({ rules, segments, focusIds: new Set(['new']) })).to.deep.equal([]);
      expect(run({ rules, segments, focusIds: new Set(['old2']) })).to.have.length(1);
    });
  });

  describe('weekly rest (EU WTD Art. 5, UK reg. 11)', () => {
    it('flags a week of seven worked days: the longest rest inside the week is 16 h', () => {
      const [v, ...more] = run({ rules: [rule(euWorkingTimeDirective, 'eu-wtd.weekly-rest')], segments: week('d', '2026-11-02') });
      expect(more).to.have.length(0);
      expect(v!.date).to.equal('2026-11-02');
      expect(v!.segmentIds).to.have.length(7);
      expect(v!.trace.arithmetic).to.include({ actual: 960, limit: 1440 });
      expect(v!.trace.sentence).to.equal('week of 2026-11-02: longest uninterrupted rest 16 h (2026-11-02 17:00 to 2026-11-03 09:00) < 24 h required');
    });

    it('accepts six days with Sunday off (Saturday 17:00 to Monday 00:00 is 31 h)', () => {
      expect(run({ rules: [rule(euWorkingTimeDirective, 'eu-wtd.weekly-rest')], segments: week('d', '2026-11-02', 6) })).to.deep.equal([]);
    });

    it('asks 48 h of a young worker: five days off two is fine, six is not', () => {
      const rules = [rule(ukWorkingTimeRegulations, 'uk-wtr.young-weekly-rest')];
      expect(run({ rules, segments: week('d', '2026-11-02', 5) })).to.deep.equal([]);
      const [v] = run({ rules, segments: week('d', '2026-11-02', 6) });
      expect(v!.trace.arithmetic).to.include({ actual: 1860, limit: 2880 });
    });
  });

  describe('48-hour average week (UK reg. 4)', () => {
    const rules = [rule(ukWorkingTimeRegulations, 'uk-wtr.average-week')];

    it('averages over 17 weeks: 16 weeks of 48 h and one of 56 h is 48 h 28 min', () => {
      const segments: WorkSegment[] = [];
      for (let w = 0; w < 17; w++) {
        const monday = new Date(Date.parse('2026-07-13T00:00:00Z') + w * 7 * 86_400_000).toISOString().slice(0, 10);
        for (let d = 0; d < (w === 16 ? 7 : 6); d++) {
          const day = new Date(Date.parse(`${monday}T00:00:00Z`) + d * 86_400_000).toISOString().slice(0, 10);
          segments.push(seg(`w${w}d${d}`, `${day}T09:00:00Z`, `${day}T17:00:00Z`));
        }
      }
      const found = run({ rules, segments, focusIds: new Set(['w16d6']) });
      expect(found).to.have.length(1);
      expect(found[0]!.date).to.equal('2026-11-02');
      expect(found[0]!.trace.arithmetic).to.deep.include({ actual: 2908, limit: 2880, terms: { totalMinutes: 49440, referenceWeeks: 17, firstWeek: '2026-07-13', lastWeek: '2026-11-02' } });
      expect(found[0]!.trace.sentence).to.equal('824 h worked in the 17 weeks 2026-07-13 to week of 2026-11-02: average 48 h 28 min a week > 48 h allowed');
    });

    it('accepts one long week when the weeks before it were light', () => {
      expect(run({ rules, segments: week('d', '2026-11-02') })).to.deep.equal([]);
    });
  });

  describe('breaks (UK reg. 12, EU Art. 4)', () => {
    it('on clock records: 7 h without a break is flagged, 3 h + 30 min off + 4 h is not', () => {
      const rules = [rule(ukWorkingTimeRegulations, 'uk-wtr.rest-break')];
      const [v, ...more] = run({ phase: 'CLOCK', rules, segments: [seg('c1', '2026-11-02T09:00:00Z', '2026-11-02T16:00:00Z', 'CLOCK')] });
      expect(more).to.have.length(0);
      expect(v!.trace.sentence).to.equal('7 h worked from 2026-11-02 09:00 to 2026-11-02 16:00 with a longest break of 0 min < 20 min required over 6 h');
      const ok = [seg('c1', '2026-11-02T09:00:00Z', '2026-11-02T12:00:00Z', 'CLOCK'), seg('c2', '2026-11-02T12:30:00Z', '2026-11-02T16:30:00Z', 'CLOCK')];
      expect(run({ phase: 'CLOCK', rules, segments: ok })).to.deep.equal([]);
    });

    it('is not evaluated on the schedule, which records no breaks', () => {
      const rules = [rule(euWorkingTimeDirective, 'eu-wtd.rest-break')];
      expect(run({ rules, segments: [seg('s', '2026-11-02T09:00:00Z', '2026-11-02T17:00:00Z')] })).to.deep.equal([]);
    });

    it('asks a young worker for 30 min over 4 h 30 min: a 15 min break after 5 h is short', () => {
      const rules = [rule(ukWorkingTimeRegulations, 'uk-wtr.young-rest-break')];
      const segments = [seg('c1', '2026-11-02T09:00:00Z', '2026-11-02T12:00:00Z', 'CLOCK'), seg('c2', '2026-11-02T12:15:00Z', '2026-11-02T14:15:00Z', 'CLOCK')];
      const [v] = run({ phase: 'CLOCK', rules, segments });
      expect(v!.trace.arithmetic).to.deep.include({ actual: 15, limit: 30, terms: { workedMinutes: 300, workOverMinutes: 270 } });
    });
  });

  describe('young workers (UK reg. 5A, 10(2))', () => {
    it('flags 8 h 30 min in a day and 42 h 30 min in a week', () => {
      const segments = [...week('d', '2026-11-02', 4), seg('long', '2026-11-06T09:00:00Z', '2026-11-06T17:30:00Z'), seg('sat', '2026-11-07T09:00:00Z', '2026-11-07T11:00:00Z')];
      const daily = run({ rules: [rule(ukWorkingTimeRegulations, 'uk-wtr.young-daily-limit')], segments });
      expect(daily.map((v) => [v.date, v.trace.sentence])).to.deep.equal([['2026-11-06', '2026-11-06: 8 h 30 min worked > 8 h allowed']]);
      const weekly = run({ rules: [rule(ukWorkingTimeRegulations, 'uk-wtr.young-weekly-limit')], segments });
      expect(weekly.map((v) => v.trace.sentence)).to.deep.equal(['week of 2026-11-02: 42 h 30 min worked > 40 h']);
    });

    it('asks 12 h of daily rest: 11 h 30 min is short', () => {
      const rules = [rule(ukWorkingTimeRegulations, 'uk-wtr.young-daily-rest')];
      const [v] = run({ rules, segments: [seg('a', '2026-11-02T12:00:00Z', '2026-11-02T19:30:00Z'), seg('b', '2026-11-03T07:00:00Z', '2026-11-03T12:00:00Z')] });
      expect(v!.trace.arithmetic).to.include({ actual: 690, limit: 720 });
    });
  });

  describe('California (Labor Code §510, §512, §226.7)', () => {
    it('daily overtime and double time on a 13 h 30 min day: 5 h 30 min at 1.5×, 1 h 30 min at 2×', () => {
      const segments = [seg('a', '2026-11-02T14:00:00Z', '2026-11-03T03:30:00Z')];
      const rules = [rule(california, 'us-ca.daily-overtime'), rule(california, 'us-ca.double-time')];
      const found = run({ timezone: LA, rules, segments });
      expect(found.map((v) => [v.ruleId, v.date, v.trace.arithmetic.terms])).to.deep.equal([
        ['us-ca.daily-overtime', '2026-11-02', { excessMinutes: 330, multiplier: 1.5 }],
        ['us-ca.double-time', '2026-11-02', { excessMinutes: 90, multiplier: 2 }],
      ]);
      expect(found[0]!.trace.sentence).to.equal('2026-11-02: 13 h 30 min worked > 8 h: 5 h 30 min at 1.5×');
    });

    it('splits a shift across local midnight into its two workdays', () => {
      // 18:00–06:00 in Los Angeles: 6 h on each day, no daily overtime.
      const segments = [seg('night', '2026-11-03T02:00:00Z', '2026-11-03T14:00:00Z')];
      expect(run({ timezone: LA, rules: [rule(california, 'us-ca.daily-overtime')], segments })).to.deep.equal([]);
    });

    it('weekly overtime over 40 h: five 9 h days is 45 h, 5 h at 1.5×', () => {
      const segments = Array.from({ length: 5 }, (_, i) => seg(`d${i}`, `2026-11-0${2 + i}T16:00:00Z`, `2026-11-03T01:00:00Z`.replace('03T', `0${3 + i}T`)));
      const [v] = run({ timezone: LA, rules: [rule(california, 'us-ca.weekly-overtime')], segments });
      expect(v!.trace.arithmetic).to.deep.include({ actual: 2700, terms: { weekStart: '2026-11-02', excessMinutes: 300, multiplier: 1.5 } });
    });

    it('the seventh consecutive day in the workweek: 9 h on Sunday is 8 h at 1.5× and 1 h at 2×', () => {
      const segments = [...Array.from({ length: 6 }, (_, i) => seg(`d${i}`, `2026-11-0${2 + i}T17:00:00Z`, `2026-11-0${2 + i}T21:00:00Z`)), seg('sun', '2026-11-08T16:00:00Z', '2026-11-09T01:00:00Z')];
      const found = run({ timezone: LA, rules: [rule(california, 'us-ca.seventh-day')], segments });
      expect(found).to.have.length(1);
      expect(found[0]!.trace.arithmetic.terms).to.deep.include({ workedMinutes: 540, firstMinutes: 480, beyondMinutes: 60 });
      expect(found[0]!.trace.sentence).to.equal('2026-11-08 is the 7th consecutive day worked in the workweek of 2026-11-02: 9 h worked, 8 h at 1.5× and 1 h at 2×');
      expect(run({ timezone: LA, rules: [rule(california, 'us-ca.seventh-day')], segments: segments.slice(1) })).to.deep.equal([]);
    });

    it('meal periods: a meal after 5 h 30 min of work is late; 11 h with one meal misses the second', () => {
      const rules = [rule(california, 'us-ca.meal-period')];
      const late = [seg('a', '2026-11-02T16:00:00Z', '2026-11-02T21:30:00Z', 'CLOCK'), seg('b', '2026-11-02T22:00:00Z', '2026-11-03T00:30:00Z', 'CLOCK')];
      const [v] = run({ timezone: LA, phase: 'CLOCK', rules, segments: late });
      expect(v!.trace.arithmetic.terms).to.deep.include({ workedMinutes: 480, mealsTaken: 1, mealsMissed: 1, workBeforeFirstMealMinutes: 330, premiumHoursOfPay: 1 });
      expect(v!.trace.sentence).to.equal('8 h worked from 2026-11-02 08:00 to 2026-11-02 16:30: no 30 min meal period started by the end of hour 5; premium 1 h of pay');
      const onTime = [seg('a', '2026-11-02T16:00:00Z', '2026-11-02T20:30:00Z', 'CLOCK'), seg('b', '2026-11-02T21:00:00Z', '2026-11-03T00:30:00Z', 'CLOCK')];
      expect(run({ timezone: LA, phase: 'CLOCK', rules, segments: onTime })).to.deep.equal([]);
      const long = [seg('a', '2026-11-02T15:00:00Z', '2026-11-02T19:00:00Z', 'CLOCK'), seg('b', '2026-11-02T19:30:00Z', '2026-11-03T02:30:00Z', 'CLOCK')];
      const [second] = run({ timezone: LA, phase: 'CLOCK', rules, segments: long });
      expect(second!.trace.arithmetic.terms).to.deep.include({ workedMinutes: 660, mealsMissed: 1 });
      expect(second!.trace.sentence).to.contain('no second meal period started by the end of hour 10');
    });

    it('rest breaks: 6 h 30 min of work needs two 10 min breaks; one taken is flagged', () => {
      const rules = [rule(california, 'us-ca.rest-break')];
      const segments = [seg('a', '2026-11-02T16:00:00Z', '2026-11-02T19:00:00Z', 'CLOCK'), seg('b', '2026-11-02T19:10:00Z', '2026-11-02T22:40:00Z', 'CLOCK')];
      const [v] = run({ timezone: LA, phase: 'CLOCK', rules, segments });
      expect(v!.trace.arithmetic.terms).to.deep.include({ workedMinutes: 390, breaksRequired: 2, breaksTaken: 1 });
      expect(run({ timezone: LA, phase: 'CLOCK', rules, segments: [seg('short', '2026-11-02T16:00:00Z', '2026-11-02T19:20:00Z', 'CLOCK')] })).to.deep.equal([]);
    });
  });

  describe('New York City Fair Workweek (§20-1221, §20-1222, §20-1231)', () => {
    it('advance notice: a shift added 3 days ahead falls in the ≥ 24 h tier ($15 added, $45 reduced)', () => {
      const rules = [rule(newYorkCityFairWorkweek, 'nyc-fww.advance-notice')];
      const segments = [seg('new', '2026-11-05T14:00:00Z', '2026-11-05T22:00:00Z'), seg('old', '2026-11-04T14:00:00Z', '2026-11-04T22:00:00Z')];
      const found = run({ timezone: NY, rules, segments, focusIds: new Set(['new']), now: new Date('2026-11-02T14:00:00Z') });
      expect(found).to.have.length(1);
      expect(found[0]!.trace.arithmetic).to.deep.include({ actual: 4320, limit: 20160, terms: { scheduledAt: '2026-11-02T14:00:00.000Z', tierMinNoticeMinutes: 1440, addedOrMovedMinor: 1500, reducedMinor: 4500, currency: 'USD' } });
      expect(found[0]!.trace.sentence).to.equal('shift new starting 2026-11-05 09:00 scheduled at 2026-11-02 09:00 with 72 h notice < 14 days required; change premium 15.00 USD');
    });

    it('advance notice: 10 days is the $10 tier, 20 hours the last tier, 14 days none', () => {
      const rules = [rule(newYorkCityFairWorkweek, 'nyc-fww.advance-notice')];
      const now = new Date('2026-11-02T14:00:00Z');
      const tierOf = (start: string) => run({ timezone: NY, rules, segments: [seg('x', start, '2026-12-30T00:00:00Z')], focusIds: new Set(['x']), now }).map((v) => v.trace.arithmetic.terms.addedOrMovedMinor);
      expect(tierOf('2026-11-12T14:00:00Z')).to.deep.equal([1000]);
      expect(tierOf('2026-11-03T10:00:00Z')).to.deep.equal([1500]);
      expect(tierOf('2026-11-16T14:00:00Z')).to.deep.equal([]);
    });

    it('hours taken away: a shift 3 days ahead cancelled pays the ≥ 24 h tier’s reduced premium ($45), keyed by the change', () => {
      const rules = [rule(newYorkCityFairWorkweek, 'nyc-fww.advance-notice'), rule(newYorkCityFairWorkweek, 'nyc-fww.clopening')];
      const shift = seg('cancelled-shift', '2026-11-05T14:00:00Z', '2026-11-05T22:00:00Z');
      const now = new Date('2026-11-02T14:00:00Z');
      const [v, ...more] = evaluateReduction({ timezone: NY, rules, shift, change: 'CANCELLED', lostMinutes: 480, now });
      expect(more).to.have.length(0);
      expect(v!).to.deep.include({ ruleId: 'nyc-fww.advance-notice', key: 'nyc-fww.advance-notice:cancelled-shift:reduced:2026-11-02T14:00:00.000Z', date: '2026-11-05', segmentIds: ['cancelled-shift'] });
      expect(v!.trace.arithmetic).to.deep.include({ actual: 4320, limit: 20160, terms: { changedAt: '2026-11-02T14:00:00.000Z', change: 'CANCELLED', lostMinutes: 480, tierMinNoticeMinutes: 1440, reducedMinor: 4500, currency: 'USD' } });
      expect(v!.trace.sentence).to.equal('shift cancelle starting 2026-11-05 09:00 cancelled at 2026-11-02 09:00 with 72 h notice < 14 days required; change premium 45.00 USD');
    });

    it('hours taken away: a cut 10 days ahead is the $20 tier, under a day the $75 one; none with 14 days’ notice, none once started, none without a loss', () => {
      const rules = [rule(newYorkCityFairWorkweek, 'nyc-fww.advance-notice')];
      const now = new Date('2026-11-02T14:00:00Z');
      const reduced = (start: string, lostMinutes = 120) =>
        evaluateReduction({ timezone: NY, rules, shift: seg('x', start, '2026-12-30T00:00:00Z'), change: 'SHORTENED', lostMinutes, now }).map((v) => v.trace.arithmetic.terms.reducedMinor);
      expect(reduced('2026-11-12T14:00:00Z')).to.deep.equal([2000]);
      expect(reduced('2026-11-03T10:00:00Z')).to.deep.equal([7500]);
      expect(reduced('2026-11-16T14:00:00Z')).to.deep.equal([]);
      expect(reduced('2026-11-02T13:00:00Z')).to.deep.equal([]);
      expect(reduced('2026-11-05T14:00:00Z', 0)).to.deep.equal([]);
      const [cut] = evaluateReduction({ timezone: NY, rules, shift: seg('cut-shift', '2026-11-12T14:00:00Z', '2026-11-12T22:00:00Z'), change: 'SHORTENED', lostMinutes: 150, now });
      expect(cut!.trace.sentence).to.contain('cut by 2 h 30 min at 2026-11-02 09:00 with 240 h notice < 14 days required; change premium 20.00 USD');
    });

    it('hours taken away: without an advance-notice rule nothing is recorded', () => {
      const rules = [rule(euWorkingTimeDirective, 'eu-wtd.daily-rest')];
      expect(evaluateReduction({ timezone: LONDON, rules, shift: seg('x', '2026-11-05T09:00:00Z', '2026-11-05T17:00:00Z'), change: 'REASSIGNED', lostMinutes: 480, now: new Date('2026-11-04T09:00:00Z') })).to.deep.equal([]);
    });

    it('clopening: closing at 23:00 and opening at 07:00 is 8 h apart, needs consent and pays $100', () => {
      const rules = [rule(newYorkCityFairWorkweek, 'nyc-fww.clopening')];
      const segments = [seg('close', '2026-11-02T20:00:00Z', '2026-11-03T04:00:00Z'), seg('open', '2026-11-03T12:00:00Z', '2026-11-03T20:00:00Z')];
      const [v, ...more] = run({ timezone: NY, rules, segments });
      expect(more).to.have.length(0);
      expect(v!.trace.arithmetic).to.deep.include({ actual: 480, limit: 660, terms: { closingAfter: '22:00', premiumMinor: 10000, currency: 'USD' } });
      expect(v!.trace.sentence).to.equal('clopening: shift close ending 2026-11-02 23:00 (after 22:00) and shift open starting 2026-11-03 07:00, 8 h apart < 11 h; needs written consent, premium 100.00 USD');
    });

    it('clopening: a shift ending at 21:00 is not a closing shift', () => {
      const rules = [rule(newYorkCityFairWorkweek, 'nyc-fww.clopening')];
      const segments = [seg('a', '2026-11-02T18:00:00Z', '2026-11-03T02:00:00Z'), seg('b', '2026-11-03T11:00:00Z', '2026-11-03T19:00:00Z')];
      expect(run({ timezone: NY, rules, segments })).to.deep.equal([]);
    });
  });

  describe('tenant limits', () => {
    const pack = customPack({ ...NO_CUSTOM_LIMITS, maxShiftMinutes: 600, maxConsecutiveDays: 5, minWeeklyMinutes: 1200, maxWeeklyMinutes: 2700 });
    const all = pack.rules.map((r) => rule(pack, r.id));

    it('an unset limit is no rule', () => {
      expect(customPack(NO_CUSTOM_LIMITS).rules).to.deep.equal([]);
    });

    it('flags a 10 h 30 min shift, 7 consecutive days, 58 h 30 min in a week', () => {
      const segments = [...week('d', '2026-11-02', 6), seg('long', '2026-11-08T07:00:00Z', '2026-11-08T17:30:00Z')];
      const found = run({ rules: all, segments });
      expect(found.map((v) => v.trace.sentence)).to.deep.equal([
        'shift long from 2026-11-08 07:00 to 2026-11-08 17:30 lasts 10 h 30 min > 10 h allowed',
        '7 consecutive working days from 2026-11-02 to 2026-11-08 > 5 allowed',
        'week of 2026-11-02: 58 h 30 min worked > 45 h',
      ]);
      expect(found[1]!.date).to.equal('2026-11-07');
    });

    it('flags a worked week under the minimum', () => {
      const found = run({ rules: all, segments: week('d', '2026-11-02', 2) });
      expect(found.map((v) => v.trace.sentence)).to.deep.equal(['week of 2026-11-02: 16 h worked < 20 h minimum']);
    });
  });

  it('skips rules whose phase is not being evaluated and returns nothing without rules', () => {
    const segments = week('d', '2026-11-02');
    expect(run({ rules: [], segments })).to.deep.equal([]);
    expect(run({ phase: 'SCHEDULE', rules: [rule(california, 'us-ca.meal-period')], segments })).to.deep.equal([]);
  });
});
