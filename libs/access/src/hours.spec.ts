import { expect } from 'chai';
import { DAY_KEYS, evaluateHours, localTime, validateHoursJson, type HoursJson } from './hours.js';

const LONDON = 'Europe/London';
const at = (iso: string) => new Date(iso);

describe('zone hours (spec 02, hoursJson)', () => {
  describe('evaluateHours', () => {
    const office: HoursJson = { MON: [['09:00', '17:00']] };
    // 2026-01-05 is a Monday; in January London is on UTC.
    const cases: Array<[string, HoursJson | null, string, string, string]> = [
      ['no hoursJson is 24/7', null, LONDON, '2026-01-06T03:00:00Z', 'OPEN'],
      ['inside a window', office, LONDON, '2026-01-05T10:00:00Z', 'OPEN'],
      ['at the start minute', office, LONDON, '2026-01-05T09:00:00Z', 'OPEN'],
      ['at the end minute (end is exclusive)', office, LONDON, '2026-01-05T17:00:00Z', 'OUTSIDE_HOURS'],
      ['before the first window', office, LONDON, '2026-01-05T08:59:00Z', 'OUTSIDE_HOURS'],
      ['a day left out is closed', office, LONDON, '2026-01-06T10:00:00Z', 'CLOSED_TODAY'],
      ['a day with an empty list is closed', { ...office, TUE: [] }, LONDON, '2026-01-06T10:00:00Z', 'CLOSED_TODAY'],
      ['between two windows', { MON: [['08:00', '12:00'], ['13:00', '17:00']] }, LONDON, '2026-01-05T12:30:00Z', 'OUTSIDE_HOURS'],
      ['in the second window', { MON: [['08:00', '12:00'], ['13:00', '17:00']] }, LONDON, '2026-01-05T13:30:00Z', 'OPEN'],
      ['an overnight window before midnight', { FRI: [['22:00', '02:00']] }, LONDON, '2026-01-09T23:00:00Z', 'OPEN'],
      ['an overnight window after midnight, next day not listed', { FRI: [['22:00', '02:00']] }, LONDON, '2026-01-10T01:00:00Z', 'OPEN'],
      ['after an overnight window ends, next day not listed', { FRI: [['22:00', '02:00']] }, LONDON, '2026-01-10T02:00:00Z', 'CLOSED_TODAY'],
      ['before an overnight window starts', { FRI: [['22:00', '02:00']] }, LONDON, '2026-01-09T21:00:00Z', 'OUTSIDE_HOURS'],
      ['an overnight window from Sunday into Monday', { SUN: [['22:00', '02:00']] }, LONDON, '2026-01-05T01:30:00Z', 'OPEN'],
      ['an overnight window into a day that has its own windows', { MON: [['22:00', '06:00']], TUE: [['09:00', '17:00']] }, LONDON, '2026-01-06T05:59:00Z', 'OPEN'],
      ['a window to 24:00', { MON: [['20:00', '24:00']] }, LONDON, '2026-01-05T23:59:00Z', 'OPEN'],
      ['another timezone: 09:30 in New York', office, 'America/New_York', '2026-01-05T14:30:00Z', 'OPEN'],
      ['another timezone: 08:30 in New York', office, 'America/New_York', '2026-01-05T13:30:00Z', 'OUTSIDE_HOURS'],
      ['another timezone: still Monday evening in New York when it is Tuesday in UTC', office, 'America/New_York', '2026-01-06T03:00:00Z', 'OUTSIDE_HOURS'],
      ['summer time: 08:30 UTC is 09:30 in London', office, LONDON, '2026-07-06T08:30:00Z', 'OPEN'],
      ['winter time: 08:30 UTC is 08:30 in London', office, LONDON, '2026-01-05T08:30:00Z', 'OUTSIDE_HOURS'],
      // 2026-03-29: London clocks go from 01:00 GMT to 02:00 BST; 01:00–01:59 local never happens.
      ['spring forward: just before the gap', { SUN: [['01:30', '03:00']] }, LONDON, '2026-03-29T00:59:00Z', 'OUTSIDE_HOURS'],
      ['spring forward: the first instant after the gap is 02:00 local', { SUN: [['01:30', '03:00']] }, LONDON, '2026-03-29T01:00:00Z', 'OPEN'],
      ['spring forward: 03:00 BST is past the window', { SUN: [['01:30', '03:00']] }, LONDON, '2026-03-29T02:00:00Z', 'OUTSIDE_HOURS'],
      // 2026-10-25: London clocks go from 02:00 BST back to 01:00 GMT; 01:00–01:59 local happens twice.
      ['fall back: 01:30 BST (first time)', { SUN: [['01:00', '02:00']] }, LONDON, '2026-10-25T00:30:00Z', 'OPEN'],
      ['fall back: 01:30 GMT (second time)', { SUN: [['01:00', '02:00']] }, LONDON, '2026-10-25T01:30:00Z', 'OPEN'],
      ['fall back: 02:00 GMT is past the window', { SUN: [['01:00', '02:00']] }, LONDON, '2026-10-25T02:00:00Z', 'OUTSIDE_HOURS'],
    ];
    for (const [name, hours, tz, instant, verdict] of cases) {
      it(`${name} → ${verdict}`, () => {
        expect(evaluateHours(hours, at(instant), tz)).to.equal(verdict);
      });
    }

    DAY_KEYS.forEach((day, i) => {
      it(`opens on ${day} only when ${day} has the window`, () => {
        const hours: HoursJson = { [day]: [['00:00', '24:00']] };
        const onDay = new Date(Date.UTC(2026, 0, 5 + i, 12));
        const nextDay = new Date(Date.UTC(2026, 0, 6 + i, 12));
        expect(evaluateHours(hours, onDay, LONDON)).to.equal('OPEN');
        expect(evaluateHours(hours, nextDay, LONDON)).to.equal('CLOSED_TODAY');
      });
    });
  });

  describe('localTime', () => {
    it('gives the wall-clock day, previous day and minute in the timezone', () => {
      expect(localTime(at('2026-01-05T00:30:00Z'), 'Asia/Tokyo')).to.deep.equal({ day: 'MON', previousDay: 'SUN', minuteOfDay: 9 * 60 + 30 });
      expect(localTime(at('2026-01-05T00:30:00Z'), 'America/Los_Angeles')).to.deep.equal({ day: 'SUN', previousDay: 'SAT', minuteOfDay: 16 * 60 + 30 });
    });
  });

  describe('validateHoursJson', () => {
    it('accepts every day key with windows, empty days and overnight windows', () => {
      expect(validateHoursJson({ MON: [['09:00', '17:00']], TUE: [], WED: [['22:00', '02:00']], THU: [['00:00', '24:00']], FRI: [], SAT: [], SUN: [] })).to.deep.equal([]);
    });
    const bad: Array<[string, unknown, string[]]> = [
      ['not an object', [], ['hoursJson must be an object']],
      ['an unknown day key', { MONDAY: [] }, ['hoursJson.MONDAY is not a day key (use MON, TUE, WED, THU, FRI, SAT, SUN)']],
      ['a lower-case day key', { mon: [] }, ['hoursJson.mon is not a day key (use MON, TUE, WED, THU, FRI, SAT, SUN)']],
      ['a day that is not a list', { MON: '09:00-17:00' }, ['hoursJson.MON must be an array of [start, end] windows']],
      ['a window that is not a pair', { MON: [['09:00']] }, ['hoursJson.MON.0 must be a [start, end] pair of HH:MM strings']],
      ['a time without a leading zero', { MON: [['9:00', '17:00']] }, ['hoursJson.MON.0.0 must be a 24-hour HH:MM time']],
      ['an hour past 23', { MON: [['09:00', '25:00']] }, ['hoursJson.MON.0.1 must be a 24-hour HH:MM time']],
      ['24:00 as a start', { MON: [['24:00', '02:00']] }, ['hoursJson.MON.0.0 must be a 24-hour HH:MM time']],
      ['a window that starts and ends at once', { MON: [['09:00', '09:00']] }, ['hoursJson.MON.0 must not start and end at the same time']],
    ];
    for (const [name, value, messages] of bad) {
      it(`rejects ${name}`, () => {
        expect(validateHoursJson(value)).to.deep.equal(messages);
      });
    }
  });
});
