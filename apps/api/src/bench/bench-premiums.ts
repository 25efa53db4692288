import { california } from '../modules/compliance/packs/us-ca.pack.js';
import type { ApplicableRule } from '../modules/compliance/packs/pack.types.js';
import { premiumPay, type ClockedRecord } from '../modules/payroll/premiums/premium-pay.js';
import type { PaySetting } from '../modules/payroll/runs/payroll-engine.js';

/**
 * `npm run bench:premiums`: the premium pay of a month's run for 300 people
 * under the California pack, every one of them working 36 days in a row (the weeks around
 * November 2026) as two records of 5 h and 5 h 30 min a day — overtime, a seventh day and a late
 * meal every day, so every rule fires and traces. Pure computation, no database; five runs.
 */
const PEOPLE = 300;
const setting: PaySetting = { type: 'HOURLY', rateMinor: 2000, currency: 'USD', overtimeDailyMinutes: 480, overtimeMultiplierPct: 150 };
const rules: ApplicableRule[] = california.rules.map((rule) => ({ packId: california.id, packVersion: california.version, mode: 'WARN', rule }));
const HOUR = 3_600_000;

const people: ClockedRecord[][] = [];
for (let p = 0; p < PEOPLE; p++) {
  const records: ClockedRecord[] = [];
  for (let d = 26; d <= 61; d++) {
    const start = Date.UTC(2026, 9, d, 14, 0);
    records.push({ id: `${p}-${d}-a`, start: new Date(start), end: new Date(start + 5 * HOUR) });
    records.push({ id: `${p}-${d}-b`, start: new Date(start + 5.5 * HOUR), end: new Date(start + 11 * HOUR) });
  }
  people.push(records);
}

for (let run = 1; run <= 5; run++) {
  const t0 = performance.now();
  let lines = 0;
  for (const records of people) lines += premiumPay({ setting, yearMonth: '2026-11', timeZone: 'America/Los_Angeles', rules, records, notices: [] }).lines.length;
  console.log(`run ${run}: ${PEOPLE} people, ${lines} premium lines in ${Math.round(performance.now() - t0)} ms`);
}
