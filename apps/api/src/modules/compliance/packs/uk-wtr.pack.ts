import type { RulePack } from './pack.types.js';

const REGULATIONS = 'Working Time Regulations 1998 (SI 1998/1833)';

export const ukWorkingTimeRegulations: RulePack = {
  id: 'uk-wtr',
  version: 1,
  name: 'UK Working Time Regulations',
  jurisdiction: 'GB',
  effectiveFrom: '2026-11-01',
  description:
    'Great Britain: rest, breaks and the 48-hour average week for adult workers, and the stricter limits for young workers (over compulsory school age, under 18), which apply to a contract marked young worker.',
  rules: [
    {
      id: 'uk-wtr.daily-rest',
      title: '11 hours of daily rest',
      source: `${REGULATIONS}, reg. 10(1): a rest period of not less than 11 consecutive hours in each 24-hour period`,
      subject: 'ADULT',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MIN_DAILY_REST', minRestMinutes: 660 },
    },
    {
      id: 'uk-wtr.weekly-rest',
      title: '24 hours of uninterrupted weekly rest',
      source: `${REGULATIONS}, reg. 11(1): an uninterrupted rest period of not less than 24 hours in each seven-day period`,
      subject: 'ADULT',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MIN_WEEKLY_REST', minRestMinutes: 1440 },
    },
    {
      id: 'uk-wtr.average-week',
      title: '48-hour average working week over 17 weeks',
      source: `${REGULATIONS}, reg. 4(1) and 4(3)(b): working time, including overtime, not exceeding an average of 48 hours for each seven days over a 17-week reference period (unless the worker opted out in writing)`,
      subject: 'ADULT',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MAX_AVERAGE_WEEKLY_WORK', maxAverageMinutes: 2880, referenceWeeks: 17 },
    },
    {
      id: 'uk-wtr.rest-break',
      title: '20-minute break over 6 hours',
      source: `${REGULATIONS}, reg. 12(1) and 12(3): an uninterrupted rest break of not less than 20 minutes where daily working time is more than six hours`,
      subject: 'ADULT',
      phases: ['CLOCK'],
      check: { kind: 'BREAK_AFTER', workOverMinutes: 360, minBreakMinutes: 20 },
    },
    {
      id: 'uk-wtr.young-daily-limit',
      title: 'Young workers: at most 8 hours a day',
      source: `${REGULATIONS}, reg. 5A(1)(a): a young worker's working time shall not exceed eight hours a day`,
      subject: 'YOUNG_WORKER',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MAX_DAILY_WORK', maxMinutes: 480 },
    },
    {
      id: 'uk-wtr.young-weekly-limit',
      title: 'Young workers: at most 40 hours a week',
      source: `${REGULATIONS}, reg. 5A(1)(b): a young worker's working time shall not exceed 40 hours a week`,
      subject: 'YOUNG_WORKER',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MAX_WEEKLY_WORK', maxMinutes: 2400 },
    },
    {
      id: 'uk-wtr.young-daily-rest',
      title: 'Young workers: 12 hours of daily rest',
      source: `${REGULATIONS}, reg. 10(2): a young worker is entitled to a rest period of not less than 12 consecutive hours in each 24-hour period`,
      subject: 'YOUNG_WORKER',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MIN_DAILY_REST', minRestMinutes: 720 },
    },
    {
      id: 'uk-wtr.young-weekly-rest',
      title: 'Young workers: 48 hours of weekly rest',
      source: `${REGULATIONS}, reg. 11(3): a young worker is entitled to a rest period of not less than 48 hours in each seven-day period`,
      subject: 'YOUNG_WORKER',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MIN_WEEKLY_REST', minRestMinutes: 2880 },
    },
    {
      id: 'uk-wtr.young-rest-break',
      title: 'Young workers: 30-minute break over 4.5 hours',
      source: `${REGULATIONS}, reg. 12(4): a young worker whose daily working time is more than four and a half hours is entitled to a rest break of at least 30 minutes`,
      subject: 'YOUNG_WORKER',
      phases: ['CLOCK'],
      check: { kind: 'BREAK_AFTER', workOverMinutes: 270, minBreakMinutes: 30 },
    },
  ],
};
