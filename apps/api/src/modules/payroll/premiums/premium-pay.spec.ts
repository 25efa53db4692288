import { expect } from 'chai';
import { evaluate } from '../../compliance/engine/engine.js';
import { california } from '../../compliance/packs/us-ca.pack.js';
import { newYorkCityFairWorkweek } from '../../compliance/packs/nyc-fww.pack.js';
import type { ApplicableRule, RulePack } from '../../compliance/packs/pack.types.js';
import { buildJournal, computePayslip, journalCsv, type PaySetting } from '../runs/payroll-engine.js';
import { hasPremiumRules, premiumPay, type ClockedRecord, type RecordedNotice } from './premium-pay.js';

/**
 * Worked examples of premium pay. Rounding in every example: a line is minutes × hourly rate ×
 * multiplier ÷ 60 computed exactly, then rounded once, half up, to the cent.
 */

const LA = 'America/Los_Angeles';
const NY = 'America/New_York';
/** Pacific Standard Time from 1 November 2026: local = UTC − 8 h. */
const la = (local: string) => new Date(`${local.replace(' ', 'T')}:00-08:00`);
/** Eastern Standard Time from 1 November 2026: local = UTC − 5 h. */
const ny = (local: string) => new Date(`${local.replace(' ', 'T')}:00-05:00`);

const rulesOf = (pack: RulePack, only?: string[]): ApplicableRule[] =>
  pack.rules.filter((r) => !only || only.includes(r.id)).map((rule) => ({ packId: pack.id, packVersion: pack.version, mode: 'WARN', rule }));
const HOURS = ['us-ca.daily-overtime', 'us-ca.double-time', 'us-ca.weekly-overtime', 'us-ca.seventh-day'];
const hourly: PaySetting = { type: 'HOURLY', rateMinor: 2000, currency: 'USD', overtimeDailyMinutes: 480, overtimeMultiplierPct: 150 };

let n = 0;
const rec = (start: Date, end: Date): ClockedRecord => ({ id: `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`, start, end });

function payslip(opts: { records: ClockedRecord[]; rules: ApplicableRule[]; yearMonth?: string; setting?: PaySetting; timeZone?: string; notices?: RecordedNotice[] }) {
  const setting = opts.setting ?? hourly;
  const yearMonth = opts.yearMonth ?? '2026-11';
  const timeZone = opts.timeZone ?? LA;
  const premiums = premiumPay({ setting, yearMonth, timeZone, rules: opts.rules, records: opts.records, notices: opts.notices ?? [] });
  return computePayslip({ setting, yearMonth, timeZone, worked: opts.records, leave: [], rules: [], premiums });
}
const summary = (lines: ReturnType<typeof payslip>['lines']) => lines.map((l) => [l.code, l.quantity, l.amountMinor]);

describe('premium pay: worked examples', () => {
  it('a 13 h Californian day at $20.00/h: 8 h regular, 4 h at 1.5× = $120.00, 1 h at 2× = $40.00, never both on one minute', () => {
    const slip = payslip({ records: [rec(la('2026-11-10 06:00'), la('2026-11-10 19:00'))], rules: rulesOf(california, HOURS) });
    // 480 × 2000 ÷ 60 = 16,000; 240 × 2000 × 1.5 ÷ 60 = 12,000; 60 × 2000 × 2 ÷ 60 = 4,000 (all exact).
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 480, 16_000],
      ['PREMIUM_DAILY_OVERTIME', 240, 12_000],
      ['PREMIUM_DOUBLE_TIME', 60, 4_000],
    ]);
    expect(slip.grossMinor).to.equal(32_000);
    const [, ot, dt] = slip.lines;
    expect(ot!.premium).to.deep.include({
      ruleId: 'us-ca.daily-overtime',
      packId: 'us-ca',
      packVersion: 1,
      violationKey: 'us-ca.daily-overtime:2026-11-10',
      violationId: null,
      date: '2026-11-10',
      explanation: '2026-11-10: 13 h worked > 8 h: 5 h at 1.5×',
      arithmetic: '4 h × 20.00 USD/h × 1.5 = 120.00 USD',
    });
    expect(dt!.premium).to.deep.include({ ruleId: 'us-ca.double-time', explanation: '2026-11-10: 13 h worked > 12 h: 1 h at 2×', arithmetic: '1 h × 20.00 USD/h × 2 = 40.00 USD' });
    expect(ot!.description).to.equal('Daily overtime at 1.5× (2026-11-10)');
  });

  it('the same day with the whole pack: one meal premium and one rest premium for the day, $20.00 each', () => {
    const slip = payslip({ records: [rec(la('2026-11-10 06:00'), la('2026-11-10 19:00'))], rules: rulesOf(california) });
    // Both meals and all three rest breaks were missed: still one hour of pay each (60 × 2000 ÷ 60 = 2,000).
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 480, 16_000],
      ['PREMIUM_DAILY_OVERTIME', 240, 12_000],
      ['PREMIUM_DOUBLE_TIME', 60, 4_000],
      ['PREMIUM_MEAL_PERIOD', 60, 2_000],
      ['PREMIUM_REST_BREAK', 60, 2_000],
    ]);
    expect(slip.lines[3]!.premium!.explanation).to.equal(
      '13 h worked from 2026-11-10 06:00 to 2026-11-10 19:00: no 30 min meal period started by the end of hour 5; no second meal period started by the end of hour 10; premium 1 h of pay',
    );
    expect(slip.lines[3]!.premium!.arithmetic).to.equal('1 h × 20.00 USD/h = 20.00 USD');
  });

  it('a missed meal on a 7 h day with its rest breaks taken: $20.00', () => {
    const slip = payslip({
      records: [rec(la('2026-11-10 09:00'), la('2026-11-10 12:00')), rec(la('2026-11-10 12:10'), la('2026-11-10 14:10')), rec(la('2026-11-10 14:20'), la('2026-11-10 16:20'))],
      rules: rulesOf(california),
    });
    // 420 × 2000 ÷ 60 = 14,000; the meal premium 1 h × 2000 = 2,000; two 10-minute breaks for 7 h: no rest premium.
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 420, 14_000],
      ['PREMIUM_MEAL_PERIOD', 60, 2_000],
    ]);
  });

  it('6 days × 9 h: daily overtime each day, and weekly overtime only on the regular hours beyond 40', () => {
    const days = ['09', '10', '11', '12', '13', '14'];
    const slip = payslip({ records: days.map((d) => rec(la(`2026-11-${d} 08:00`), la(`2026-11-${d} 17:00`))), rules: rulesOf(california, HOURS) });
    // 54 h = 40 h regular (2400 × 2000 ÷ 60 = 80,000) + 6 × 1 h daily (3,000 each) + the 6th day's 8 regular hours as weekly overtime (480 × 2000 × 1.5 ÷ 60 = 24,000).
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 2400, 80_000],
      ...days.map(() => ['PREMIUM_DAILY_OVERTIME', 60, 3_000]),
      ['PREMIUM_WEEKLY_OVERTIME', 480, 24_000],
    ]);
    expect(slip.grossMinor).to.equal(80_000 + 18_000 + 24_000);
    const weekly = slip.lines.at(-1)!;
    expect(weekly.description).to.equal('Weekly overtime at 1.5× (week of 2026-11-09)');
    expect(weekly.premium).to.deep.include({ violationKey: 'us-ca.weekly-overtime:2026-11-09', date: '2026-11-09', explanation: 'week of 2026-11-09: 54 h worked > 40 h: 14 h at 1.5×' });
  });

  it('a 7th consecutive day of 10 h: its first 8 h at 1.5× ($240.00), the 2 h beyond at 2× ($80.00), none of it regular', () => {
    const six = ['09', '10', '11', '12', '13', '14'].map((d) => rec(la(`2026-11-${d} 09:00`), la(`2026-11-${d} 15:00`)));
    const slip = payslip({ records: [...six, rec(la('2026-11-15 08:00'), la('2026-11-15 18:00'))], rules: rulesOf(california, HOURS) });
    // 36 h regular = 72,000; 480 × 2000 × 1.5 ÷ 60 = 24,000; 120 × 2000 × 2 ÷ 60 = 8,000.
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 2160, 72_000],
      ['PREMIUM_SEVENTH_DAY', 480, 24_000],
      ['PREMIUM_SEVENTH_DAY_DOUBLE_TIME', 120, 8_000],
    ]);
    expect(slip.lines[1]!.premium).to.deep.include({ ruleId: 'us-ca.seventh-day', violationKey: 'us-ca.seventh-day:2026-11-15' });
  });

  it('a workweek across two months: each month pays the minutes clocked in it, banded over the whole week', () => {
    // Monday 30 November 10 h, Tuesday to Friday 9 h, Saturday 5 December 8 h.
    const records = [rec(la('2026-11-30 08:00'), la('2026-11-30 18:00')), ...['01', '02', '03', '04'].map((d) => rec(la(`2026-12-${d} 08:00`), la(`2026-12-${d} 17:00`))), rec(la('2026-12-05 08:00'), la('2026-12-05 16:00'))];
    const rules = rulesOf(california, HOURS);
    expect(summary(payslip({ records, rules, yearMonth: '2026-11' }).lines)).to.deep.equal([
      ['REGULAR', 480, 16_000],
      ['PREMIUM_DAILY_OVERTIME', 120, 6_000],
    ]);
    // Monday's 8 regular hours count towards December's 40: by Friday the week has 40, so Saturday is all weekly overtime.
    expect(summary(payslip({ records, rules, yearMonth: '2026-12' }).lines)).to.deep.equal([
      ['REGULAR', 1920, 64_000],
      ...['01', '02', '03', '04'].map(() => ['PREMIUM_DAILY_OVERTIME', 60, 3_000]),
      ['PREMIUM_WEEKLY_OVERTIME', 480, 24_000],
    ]);
  });

  it('a salaried person: the regular rate is the salary × 12 ÷ 2,080 h, and the salary is not reduced', () => {
    const monthly: PaySetting = { ...hourly, type: 'MONTHLY', rateMinor: 416_000 };
    const slip = payslip({ setting: monthly, records: [rec(la('2026-11-10 06:00'), la('2026-11-10 19:00'))], rules: rulesOf(california, HOURS) });
    // 416,000 × 12 ÷ 2,080 = 2,400 an hour: 240 × 2,400 × 1.5 ÷ 60 = 14,400; 60 × 2,400 × 2 ÷ 60 = 4,800.
    expect(summary(slip.lines)).to.deep.equal([
      ['SALARY', 1, 416_000],
      ['PREMIUM_DAILY_OVERTIME', 240, 14_400],
      ['PREMIUM_DOUBLE_TIME', 60, 4_800],
    ]);
    expect(slip.lines[1]!.premium!.arithmetic).to.equal('4 h × (4160.00 USD × 12 ÷ 2080 h) × 1.5 = 144.00 USD');
  });

  it('rounds each line once, half up, from the exact product', () => {
    // 8 h 30 min at 10.01/h: 30 × 1001 × 1.5 ÷ 60 = 750.75 → 751.
    const slip = payslip({ setting: { ...hourly, rateMinor: 1001 }, records: [rec(la('2026-11-10 08:00'), la('2026-11-10 16:30'))], rules: rulesOf(california, HOURS) });
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 480, 8_008],
      ['PREMIUM_DAILY_OVERTIME', 30, 751],
    ]);
  });

  it('a NYC shift added 3 days ahead pays the 24-hour tier, $15.00, from the breach compliance recorded', () => {
    const shift = { id: '00000000-0000-4000-8000-0000000000aa', kind: 'SHIFT' as const, start: ny('2026-11-13 09:00'), end: ny('2026-11-13 17:00') };
    const [breach] = evaluate({ timezone: NY, phase: 'SCHEDULE', segments: [shift], rules: rulesOf(newYorkCityFairWorkweek), focusIds: new Set([shift.id]), now: ny('2026-11-10 09:00') });
    const terms = breach!.trace.arithmetic.terms;
    const notice: RecordedNotice = {
      violationId: '00000000-0000-4000-8000-0000000000bb',
      ruleId: breach!.ruleId,
      packId: breach!.packId,
      packVersion: breach!.packVersion,
      violationKey: breach!.key,
      date: breach!.date,
      sentence: breach!.trace.sentence,
      premiumMinor: Number(terms['addedOrMovedMinor']),
      currency: String(terms['currency']),
    };
    const slip = payslip({ timeZone: NY, records: [], rules: rulesOf(newYorkCityFairWorkweek), notices: [notice] });
    expect(summary(slip.lines)).to.deep.equal([['PREMIUM_SCHEDULE_CHANGE', 1, 1_500]]);
    expect(slip.lines[0]!.premium).to.deep.include({ violationId: notice.violationId, date: '2026-11-13', explanation: notice.sentence });
    expect(notice.sentence).to.contain('with 72 h notice < 14 days required; change premium 15.00 USD');
  });

  it('a clopening worked in NYC pays $100.00', () => {
    const slip = payslip({ timeZone: NY, records: [rec(ny('2026-11-10 16:00'), ny('2026-11-10 23:30')), rec(ny('2026-11-11 07:00'), ny('2026-11-11 15:00'))], rules: rulesOf(newYorkCityFairWorkweek) });
    // 930 min × 2000 ÷ 60 = 31,000 regular (no overtime rule in the pack: the pay setting's daily 8 h does not apply to 7 h 30 min or 8 h); 10,000 flat.
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 930, 31_000],
      ['PREMIUM_CLOPENING', 1, 10_000],
    ]);
    expect(slip.lines[1]!.premium!.explanation).to.match(/^clopening: clock record .* ending 2026-11-10 23:30 \(after 22:00\) and clock record .* starting 2026-11-11 07:00, 7 h 30 min apart < 11 h/);
  });

  it('a flat premium in another currency than the pay is not paid', () => {
    const slip = payslip({ timeZone: NY, setting: { ...hourly, currency: 'EUR' }, records: [rec(ny('2026-11-10 16:00'), ny('2026-11-10 23:30')), rec(ny('2026-11-11 07:00'), ny('2026-11-11 15:00'))], rules: rulesOf(newYorkCityFairWorkweek) });
    expect(summary(slip.lines)).to.deep.equal([['REGULAR', 930, 31_000]]);
  });

  it('rules without premiums change nothing; the pay setting’s overtime stays when no hours rule applies', () => {
    expect(hasPremiumRules(rulesOf(california, ['us-ca.meal-period']))).to.equal(true);
    expect(hasPremiumRules([])).to.equal(false);
    const slip = payslip({ records: [rec(la('2026-11-10 08:00'), la('2026-11-10 18:00'))], rules: [] });
    expect(summary(slip.lines)).to.deep.equal([
      ['REGULAR', 480, 16_000],
      ['OVERTIME', 120, 6_000],
    ]);
  });

  it('the journal debits premiums to the wages account on a line per kind, and still balances', () => {
    const slip = payslip({ records: [rec(la('2026-11-10 06:00'), la('2026-11-10 19:00'))], rules: rulesOf(california) });
    const journal = buildJournal('2026-11', 'USD', [slip]);
    expect(journal.lines.map((l) => [l.accountCode, l.description, l.debitMinor, l.creditMinor])).to.deep.equal([
      ['477', 'Gross pay 2026-11 excluding premiums', 16_000, 0],
      ['477', 'Premium pay: daily overtime 2026-11', 12_000, 0],
      ['477', 'Premium pay: double time 2026-11', 4_000, 0],
      ['477', 'Premium pay: meal periods 2026-11', 2_000, 0],
      ['477', 'Premium pay: rest breaks 2026-11', 2_000, 0],
      ['814', 'Net pay 2026-11', 0, 36_000],
    ]);
    expect(journal.totalDebitMinor).to.equal(journal.totalCreditMinor);
    expect(journalCsv(journal)).to.contain('2026-11,USD,477,Wages and Salaries,Premium pay: double time 2026-11,4000,0\r\n');
  });
});
