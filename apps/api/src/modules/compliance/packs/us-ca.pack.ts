import type { RulePack } from './pack.types.js';

const LABOR_CODE = 'California Labor Code';
const WAGE_ORDER = 'IWC Wage Order 5-2001 (public housekeeping)';

export const california: RulePack = {
  id: 'us-ca',
  version: 1,
  name: 'California',
  jurisdiction: 'US-CA',
  effectiveFrom: '2026-11-01',
  description:
    'Daily and weekly overtime, double time, the seventh-day rule, and meal and rest periods with their premium pay. The workday is the local calendar day and the workweek starts on Monday.',
  rules: [
    {
      id: 'us-ca.daily-overtime',
      title: 'Daily overtime over 8 hours',
      source: `${LABOR_CODE} §510(a): work in excess of eight hours in one workday is compensated at one and one-half times the regular rate`,
      subject: 'ALL',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'DAILY_OVERTIME', thresholdMinutes: 480, multiplier: 1.5 },
    },
    {
      id: 'us-ca.double-time',
      title: 'Double time over 12 hours',
      source: `${LABOR_CODE} §510(a): work in excess of 12 hours in one day is compensated at no less than twice the regular rate`,
      subject: 'ALL',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'DAILY_OVERTIME', thresholdMinutes: 720, multiplier: 2 },
    },
    {
      id: 'us-ca.weekly-overtime',
      title: 'Weekly overtime over 40 hours',
      source: `${LABOR_CODE} §510(a): work in excess of 40 hours in any one workweek is compensated at one and one-half times the regular rate`,
      subject: 'ALL',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'WEEKLY_OVERTIME', thresholdMinutes: 2400, multiplier: 1.5 },
    },
    {
      id: 'us-ca.seventh-day',
      title: 'Seventh consecutive day of work in a workweek',
      source: `${LABOR_CODE} §510(a): the first eight hours worked on the seventh day of work in any one workweek at one and one-half times the regular rate, work in excess of eight hours on that day at twice the regular rate`,
      subject: 'ALL',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'SEVENTH_DAY', firstMinutes: 480, firstMultiplier: 1.5, beyondMultiplier: 2 },
    },
    {
      id: 'us-ca.meal-period',
      title: 'Meal period before the 5th hour, a second after 10 hours',
      source: `${LABOR_CODE} §512(a) and ${WAGE_ORDER} §11: a meal period of not less than 30 minutes for a work period of more than five hours, a second for more than ten hours; §226.7(c): one additional hour of pay at the regular rate for each workday a meal period is not provided`,
      subject: 'ALL',
      phases: ['CLOCK'],
      check: { kind: 'MEAL_PERIODS', mealMinutes: 30, firstAfterMinutes: 300, secondAfterMinutes: 600, premiumHoursOfPay: 1 },
    },
    {
      id: 'us-ca.rest-break',
      title: '10-minute rest break per 4 hours',
      source: `${WAGE_ORDER} §12(A): ten minutes net rest time per four hours or major fraction thereof, not required when total daily work is less than three and one-half hours; ${LABOR_CODE} §226.7(c): one additional hour of pay for each workday a rest period is not provided`,
      subject: 'ALL',
      phases: ['CLOCK'],
      check: { kind: 'REST_BREAKS', breakMinutes: 10, perMinutes: 240, minWorkMinutes: 210, premiumHoursOfPay: 1 },
    },
  ],
};
