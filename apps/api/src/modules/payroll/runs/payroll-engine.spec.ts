import { expect } from 'chai';
import { buildJournal, computePayslip, journalCsv, leaveDaysIn, mulDivRound, workingDays, type DeductionRule, type PaySetting } from './payroll-engine.js';

const TZ = 'Europe/London';
const hourly: PaySetting = { type: 'HOURLY', rateMinor: 1250, currency: 'GBP', overtimeDailyMinutes: 480, overtimeMultiplierPct: 150 };
const monthly: PaySetting = { type: 'MONTHLY', rateMinor: 260_000, currency: 'GBP', overtimeDailyMinutes: 480, overtimeMultiplierPct: 150 };
const tax: DeductionRule = { id: 'r1', name: 'Tax withholding', kind: 'PERCENT', basisPoints: 2000, amountMinor: null, accountCode: '825' };
const pension: DeductionRule = { id: 'r2', name: 'Pension', kind: 'FIXED', amountMinor: 5_000, basisPoints: null, accountCode: '826' };
const at = (iso: string) => new Date(iso);

describe('payroll engine', () => {
  it('rounds half away from zero in exact integers', () => {
    expect(mulDivRound([5], 2)).to.equal(3);
    expect(mulDivRound([-5], 2)).to.equal(-3);
    expect(mulDivRound([4], 3)).to.equal(1);
    expect(mulDivRound([1e12, 12, 10_000, 150], 2080n * 6000n)).to.equal(Math.round((1e12 * 12 * 10_000 * 150) / (2080 * 6000)));
  });

  it('counts working days and the leave days of a month, half days as a half', () => {
    expect(workingDays('2026-03')).to.equal(22);
    expect(workingDays('2026-02')).to.equal(20);
    const spanning = { type: 'ANNUAL', start: at('2026-03-30T23:00:00Z'), end: at('2026-04-02T22:59:59.999Z'), halfDay: null };
    // Europe/London is BST from 29 March: the leave runs 31 March – 2 April locally.
    expect(leaveDaysIn(spanning, '2026-03', TZ)).to.equal(1);
    expect(leaveDaysIn(spanning, '2026-04', TZ)).to.equal(2);
    expect(leaveDaysIn({ type: 'ANNUAL', start: at('2026-03-10T00:00:00Z'), end: at('2026-03-10T11:59:59.999Z'), halfDay: 'AM' }, '2026-03', TZ)).to.equal(0.5);
  });

  it('pays hourly work, overtime beyond the standard day, and paid leave; an overnight shift belongs to the month it started in', () => {
    const slip = computePayslip({
      setting: hourly,
      yearMonth: '2026-01',
      timeZone: TZ,
      worked: [
        { start: at('2026-01-05T09:00:00Z'), end: at('2026-01-05T17:00:00Z') },
        // 10 hours on the 6th: 2 of them overtime.
        { start: at('2026-01-06T08:00:00Z'), end: at('2026-01-06T18:00:00Z') },
        // Overnight into February: 8 hours, all in January.
        { start: at('2026-01-31T22:00:00Z'), end: at('2026-02-01T06:00:00Z') },
        // Started in December: not this month's.
        { start: at('2025-12-31T22:00:00Z'), end: at('2026-01-01T06:00:00Z') },
      ],
      leave: [
        { type: 'ANNUAL', start: at('2026-01-20T00:00:00Z'), end: at('2026-01-21T23:59:59.999Z'), halfDay: null },
        { type: 'UNPAID', start: at('2026-01-22T00:00:00Z'), end: at('2026-01-22T23:59:59.999Z'), halfDay: null },
      ],
      rules: [tax, pension],
    });
    // Regular 8 + 8 + 8 h = 1,440 min × 12.50/h = 30,000; overtime 120 min × 12.50 × 1.5 = 3,750; leave 2 days × 8 h = 20,000.
    expect(slip.lines.map((l) => [l.code, l.quantity, l.amountMinor])).to.deep.equal([
      ['REGULAR', 1440, 30_000],
      ['OVERTIME', 120, 3_750],
      ['PAID_LEAVE', 2, 20_000],
      ['DEDUCTION', 1, -10_750],
      ['DEDUCTION', 1, -5_000],
    ]);
    expect([slip.grossMinor, slip.deductionsMinor, slip.netMinor]).to.deep.equal([53_750, 15_750, 38_000]);
  });

  it('pays a monthly salary less unpaid leave days at the working-day rate, plus overtime at the hourly equivalent', () => {
    const slip = computePayslip({
      setting: monthly,
      yearMonth: '2026-03',
      timeZone: TZ,
      worked: [{ start: at('2026-03-02T08:00:00Z'), end: at('2026-03-02T17:00:00Z') }],
      leave: [{ type: 'UNPAID', start: at('2026-03-03T00:00:00Z'), end: at('2026-03-03T11:59:59.999Z'), halfDay: 'AM' }],
      rules: [],
    });
    // Overtime 60 min at 2,600.00 × 12 / 2,080 h × 1.5 = 22.50 → 2,250; unpaid half day = 2,600.00 / 22 / 2 = 59.09 → 5,909.
    expect(slip.lines.map((l) => [l.code, l.amountMinor])).to.deep.equal([
      ['SALARY', 260_000],
      ['OVERTIME', 2_250],
      ['UNPAID_LEAVE', -5_909],
    ]);
    expect(slip.netMinor).to.equal(256_341);
  });

  it('never deducts past the gross', () => {
    const slip = computePayslip({ setting: { ...hourly, rateMinor: 100 }, yearMonth: '2026-01', timeZone: TZ, worked: [{ start: at('2026-01-05T09:00:00Z'), end: at('2026-01-05T10:00:00Z') }], leave: [], rules: [pension, tax] });
    expect([slip.grossMinor, slip.deductionsMinor, slip.netMinor]).to.deep.equal([100, 100, 0]);
  });

  it('builds a balanced journal and its CSV', () => {
    const a = computePayslip({ setting: monthly, yearMonth: '2026-03', timeZone: TZ, worked: [], leave: [], rules: [tax, pension] });
    const b = computePayslip({ setting: { ...monthly, rateMinor: 199_999 }, yearMonth: '2026-03', timeZone: TZ, worked: [], leave: [], rules: [tax, pension] });
    const j = buildJournal('2026-03', 'GBP', [a, b]);
    expect(j.totalDebitMinor).to.equal(j.totalCreditMinor);
    expect(j.lines.map((l) => [l.accountCode, l.debitMinor, l.creditMinor])).to.deep.equal([
      ['477', 459_999, 0],
      ['825', 0, 52_000 + 40_000],
      ['826', 0, 10_000],
      ['814', 0, 459_999 - 92_000 - 10_000],
    ]);
    expect(journalCsv(j).split('\r\n')[0]).to.equal('period,currency,account_code,account_name,description,debit_minor,credit_minor');
    expect(journalCsv({ ...j, lines: [{ ...j.lines[0]!, description: 'Pay, "March"' }] })).to.contain('"Pay, ""March"""');
  });
});
