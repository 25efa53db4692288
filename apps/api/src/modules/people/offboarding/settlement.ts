/** Working days a year, for the daily rate of a yearly salary (52 weeks of 5 days). */
export const WORKING_DAYS_PER_YEAR = 260;

export interface SettlementInput {
  /** YYYY-MM-DD. */
  lastWorkingDay: string;
  contract: { startDate: string; annualLeaveDays: number; salaryMinor: number | null; currency: string | null } | null;
  /** Approved annual leave taken in the leave year (the calendar year of the last day), in days. */
  leaveTakenDays: number;
  /** Approved unpaid leave in the final month, in days. */
  unpaidLeaveDays: number;
  /** The leave ledger's balance in days, when the person's contract has an accrual policy (issue 31). */
  ledgerBalanceDays?: number;
}

export interface Settlement {
  currency: string | null;
  annualLeaveEntitlementDays: number;
  accruedLeaveDays: number;
  leaveTakenDays: number;
  leaveBalanceDays: number;
  unpaidLeaveDays: number;
  dailyRateMinor: number | null;
  leavePayMinor: number | null;
  unpaidDeductionMinor: number | null;
  netMinor: number | null;
  /** Present when the balance is the leave ledger's rather than the pro-rata computation. */
  leaveBalanceSource?: 'LEDGER';
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const halfDays = (days: number) => Math.round(days * 2) / 2;

/**
 * The final settlement from what the platform knows: annual leave accrued in the leave year up to
 * the last working day (pro rata from the later of 1 January and the contract's start), less what
 * was taken, paid out (or, if negative, recovered) at the daily rate of the salary; approved unpaid
 * leave in the final month deducted. Days to the half day; amounts in integer minor units; without
 * a salary only the days are known. A person with an accrual policy has a ledger instead: its
 * balance is paid out as it stands (to the hundredth of a day), and accrued is that balance plus what
 * was taken in the year.
 */
export function computeSettlement(input: SettlementInput): Settlement {
  const year = input.lastWorkingDay.slice(0, 4);
  const entitlement = input.contract?.annualLeaveDays ?? 0;
  const from = Math.max(dayNumber(`${year}-01-01`), input.contract ? dayNumber(input.contract.startDate) : dayNumber(`${year}-01-01`));
  const employed = Math.max(0, dayNumber(input.lastWorkingDay) - from + 1);
  const daysInYear = dayNumber(`${Number(year) + 1}-01-01`) - dayNumber(`${year}-01-01`);
  const ledger = input.ledgerBalanceDays;
  const accrued = ledger === undefined ? halfDays((entitlement * employed) / daysInYear) : Math.round((ledger + input.leaveTakenDays) * 100) / 100;
  const balance = ledger ?? accrued - input.leaveTakenDays;
  const salary = input.contract?.salaryMinor ?? null;
  const dailyRate = salary === null ? null : Math.round(salary / WORKING_DAYS_PER_YEAR);
  const leavePay = dailyRate === null ? null : Math.round(balance * dailyRate);
  const deduction = dailyRate === null ? null : Math.round(input.unpaidLeaveDays * dailyRate);
  return {
    currency: input.contract?.currency ?? null,
    annualLeaveEntitlementDays: entitlement,
    accruedLeaveDays: accrued,
    leaveTakenDays: input.leaveTakenDays,
    leaveBalanceDays: balance,
    unpaidLeaveDays: input.unpaidLeaveDays,
    dailyRateMinor: dailyRate,
    leavePayMinor: leavePay,
    unpaidDeductionMinor: deduction,
    netMinor: leavePay === null || deduction === null ? null : leavePay - deduction,
    ...(ledger === undefined ? {} : { leaveBalanceSource: 'LEDGER' as const }),
  };
}
