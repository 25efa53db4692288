import type { RulePack } from './pack.types.js';

const DIRECTIVE = 'Directive 2003/88/EC (Working Time Directive)';

export const euWorkingTimeDirective: RulePack = {
  id: 'eu-wtd',
  version: 1,
  name: 'EU Working Time Directive',
  jurisdiction: 'EU',
  effectiveFrom: '2026-11-01',
  description:
    'The minimum requirements every member state transposes: daily and weekly rest, breaks, and the 48-hour average week. National law may be stricter; assign the national pack where one exists.',
  rules: [
    {
      id: 'eu-wtd.daily-rest',
      title: '11 hours of daily rest',
      source: `${DIRECTIVE}, Art. 3: a minimum daily rest period of 11 consecutive hours per 24-hour period`,
      subject: 'ALL',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MIN_DAILY_REST', minRestMinutes: 660 },
    },
    {
      id: 'eu-wtd.weekly-rest',
      title: '24 hours of uninterrupted weekly rest',
      source: `${DIRECTIVE}, Art. 5: per each seven-day period, a minimum uninterrupted rest period of 24 hours (plus the Art. 3 daily rest)`,
      subject: 'ALL',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MIN_WEEKLY_REST', minRestMinutes: 1440 },
    },
    {
      id: 'eu-wtd.average-week',
      title: '48-hour average working week over 17 weeks',
      source: `${DIRECTIVE}, Art. 6(b): average working time for each seven-day period, including overtime, not exceeding 48 hours; Art. 16(b): reference period not exceeding four months`,
      subject: 'ALL',
      phases: ['SCHEDULE', 'CLOCK'],
      check: { kind: 'MAX_AVERAGE_WEEKLY_WORK', maxAverageMinutes: 2880, referenceWeeks: 17 },
    },
    {
      id: 'eu-wtd.rest-break',
      title: 'A break when the working day exceeds 6 hours',
      source: `${DIRECTIVE}, Art. 4: a rest break where the working day is longer than six hours (duration set by national law or collective agreement; 20 minutes here)`,
      subject: 'ALL',
      phases: ['CLOCK'],
      check: { kind: 'BREAK_AFTER', workOverMinutes: 360, minBreakMinutes: 20 },
    },
  ],
};
