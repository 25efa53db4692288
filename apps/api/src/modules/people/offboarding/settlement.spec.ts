import { expect } from 'chai';
import { computeSettlement } from './settlement.js';

const contract = { startDate: '2020-03-01', annualLeaveDays: 28, salaryMinor: 2_600_000, currency: 'GBP' };

describe('final settlement', () => {
  it('accrues leave pro rata in the leave year, pays out the balance at the daily rate and deducts unpaid leave', () => {
    // 1 Jan – 30 Jun 2026: 181 of 365 days → 13.88 days, to the half day 14; daily rate 2,600,000 / 260.
    const s = computeSettlement({ lastWorkingDay: '2026-06-30', contract, leaveTakenDays: 10, unpaidLeaveDays: 2 });
    expect(s).to.deep.equal({
      currency: 'GBP',
      annualLeaveEntitlementDays: 28,
      accruedLeaveDays: 14,
      leaveTakenDays: 10,
      leaveBalanceDays: 4,
      unpaidLeaveDays: 2,
      dailyRateMinor: 10_000,
      leavePayMinor: 40_000,
      unpaidDeductionMinor: 20_000,
      netMinor: 20_000,
    });
  });

  it('accrues from the contract start when it began this year, and recovers leave taken beyond the accrual', () => {
    const s = computeSettlement({ lastWorkingDay: '2026-03-31', contract: { ...contract, startDate: '2026-03-01' }, leaveTakenDays: 5, unpaidLeaveDays: 0 });
    expect(s).to.include({ accruedLeaveDays: 2.5, leaveBalanceDays: -2.5, leavePayMinor: -25_000, netMinor: -25_000 });
  });

  it('knows only days without a salary, and nothing to accrue without a contract', () => {
    expect(computeSettlement({ lastWorkingDay: '2026-06-30', contract: { ...contract, salaryMinor: null, currency: null }, leaveTakenDays: 1, unpaidLeaveDays: 0 })).to.include({
      accruedLeaveDays: 14,
      dailyRateMinor: null,
      leavePayMinor: null,
      netMinor: null,
    });
    expect(computeSettlement({ lastWorkingDay: '2026-06-30', contract: null, leaveTakenDays: 0, unpaidLeaveDays: 0 })).to.include({ annualLeaveEntitlementDays: 0, accruedLeaveDays: 0, netMinor: null });
  });

  it('pays out the leave ledger’s balance for a person with an accrual policy, to the hundredth of a day', () => {
    const s = computeSettlement({ lastWorkingDay: '2026-06-30', contract, leaveTakenDays: 3, unpaidLeaveDays: 0, ledgerBalanceDays: 9.33 });
    expect(s).to.include({ accruedLeaveDays: 12.33, leaveTakenDays: 3, leaveBalanceDays: 9.33, leavePayMinor: 93_300, netMinor: 93_300, leaveBalanceSource: 'LEDGER' });
    expect(computeSettlement({ lastWorkingDay: '2026-06-30', contract, leaveTakenDays: 3, unpaidLeaveDays: 0 })).to.not.have.property('leaveBalanceSource');
  });
});
