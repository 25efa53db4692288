import type { RulePack } from './pack.types.js';

const CODE = 'NYC Administrative Code, Title 20, Chapter 12 (Fair Workweek, fast food)';

export const newYorkCityFairWorkweek: RulePack = {
  id: 'nyc-fww',
  version: 1,
  name: 'New York City Fair Workweek',
  jurisdiction: 'US-NY-NYC',
  effectiveFrom: '2026-11-01',
  description:
    'Fast food employers in New York City: schedules posted 14 days ahead, premiums for changes made inside those 14 days, and consent plus a premium for clopening shifts. Amounts are in US cents.',
  rules: [
    {
      id: 'nyc-fww.advance-notice',
      title: 'Schedule posted 14 days in advance; later changes pay a premium',
      source: `${CODE}, §20-1221: a written work schedule at least 14 days before the first day it covers; §20-1222: a premium for each change made with less than 14 days' notice ($10/$20 with at least 7 days, $15/$45 with at least 24 hours, $15/$75 with less, for added/reduced hours)`,
      subject: 'ALL',
      phases: ['SCHEDULE'],
      check: {
        kind: 'ADVANCE_NOTICE',
        noticeDays: 14,
        currency: 'USD',
        tiers: [
          { minNoticeMinutes: 10080, addedOrMovedMinor: 1000, reducedMinor: 2000 },
          { minNoticeMinutes: 1440, addedOrMovedMinor: 1500, reducedMinor: 4500 },
          { minNoticeMinutes: 0, addedOrMovedMinor: 1500, reducedMinor: 7500 },
        ],
      },
    },
    {
      id: 'nyc-fww.clopening',
      title: 'Clopening needs written consent and pays $100',
      source: `${CODE}, §20-1231: no clopening shift (a shift ending after 10:00 p.m. followed, the next day, by one starting less than 11 hours later) without the worker's written consent, and a $100 premium for each`,
      subject: 'ALL',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'CLOPENING', closingAfter: '22:00', minRestMinutes: 660, currency: 'USD', premiumMinor: 10000 },
    },
  ],
};
