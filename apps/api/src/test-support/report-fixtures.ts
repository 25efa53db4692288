import { uuid } from '@wfm/core/crypto';
import type { DataSource } from '@wfm/db/data-source';
import { sharedTestDatabase, type TestDatabase } from '@wfm/testing/database';
import { createOutlet, createTenant, createUser } from '@wfm/testing/factories';
import { OutletScopeService } from '../modules/organization/user-outlets/outlet-scope.service.js';
import { UserOutletsRepository } from '../modules/organization/user-outlets/user-outlets.repository.js';
import { ReportScopes, type ReportCaller } from '../modules/reports/shared/report-scope.js';
import { ReportsRepository } from '../modules/reports/shared/reports.repository.js';
import { assignOutlets, insertAudit } from './access-fixtures.js';

/**
 * One company in Europe/Paris (UTC+1 in January) with an outlet in the company's zone (Paris, no
 * zone of its own) and one in Europe/London (UTC+0), three people and a week of shifts, clock
 * records, leave and door taps, 2027-01-11 (a Monday) to 2027-01-17. The reports' tests compute
 * their expected figures by hand from what is written here; the comments give the local times.
 */
export const WEEK = { from: '2027-01-11', to: '2027-01-17' };
/** "Now" for the reports' tests: after every shift of the week but Carol's on Saturday the 16th. */
export const REPORT_NOW = '2027-01-15T12:00:00.000Z';

export interface ReportWorld {
  tenantId: string;
  paris: string;
  london: string;
  alice: string;
  bob: string;
  carol: string;
  zones: { front: string; store: string; roof: string };
  shifts: { aliceMon: string; carolMon: string; bobTue: string; aliceWed: string };
}

export async function seedReportWorld(ds: DataSource, tenantOver: Parameters<typeof createTenant>[1] = {}): Promise<ReportWorld> {
  const tenantId = (await createTenant(ds, { timezone: 'Europe/Paris', ...tenantOver })).id;
  const paris = (await createOutlet(ds, tenantId, { name: 'Paris' })).id;
  const london = (await createOutlet(ds, tenantId, { name: 'London' })).id;
  await ds.query(`UPDATE outlets SET timezone = 'Europe/London' WHERE id = $1`, [london]);
  const alice = (await createUser(ds, tenantId, { fullName: 'Alice', password: null })).id;
  const bob = (await createUser(ds, tenantId, { fullName: 'Bob', password: null })).id;
  const carol = (await createUser(ds, tenantId, { fullName: 'Carol', password: null })).id;
  await assignOutlets(ds, tenantId, alice, [paris, london]);
  await assignOutlets(ds, tenantId, bob, [london]);
  await assignOutlets(ds, tenantId, carol, [paris]);

  // Alice: hourly, 12.00 EUR an hour, the standard day of 8 h at 150 %. Bob: 2,080.00 EUR a month
  // (12.00 EUR an hour at 2080 h a year). Carol: no pay setting.
  await ds.query(
    `INSERT INTO pay_settings (tenant_id, user_id, type, rate_minor, currency, overtime_daily_minutes, overtime_multiplier_pct, updated_at)
     VALUES ($1, $2, 'HOURLY', 1200, 'EUR', 480, 150, now()), ($1, $3, 'MONTHLY', 208000, 'EUR', 480, 150, now())`,
    [tenantId, alice, bob],
  );

  const shift = async (userId: string, outletId: string, start: string, end: string, status = 'SCHEDULED') => {
    const id = uuid();
    await ds.query(`INSERT INTO shift_assignments (id, tenant_id, user_id, outlet_id, scheduled_start, scheduled_end, status) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [id, tenantId, userId, outletId, start, end, status]);
    return id;
  };
  const clock = async (userId: string, outletId: string, clockIn: string, clockOut: string | null, status: string, shiftId: string | null = null) => {
    await ds.query(`INSERT INTO attendance_events (id, tenant_id, user_id, outlet_id, shift_assignment_id, clock_in_at, clock_out_at, status) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, [uuid(), tenantId, userId, outletId, shiftId, clockIn, clockOut, status]);
  };

  // Monday 11: Alice's shift at Paris 09:00-17:00 (08:00Z-16:00Z). She clocks in at 09:07 against it
  // until 12:30, then works 12:00-17:00 London time at London (after a 30-minute gap).
  const aliceMon = await shift(alice, paris, '2027-01-11T08:00:00Z', '2027-01-11T16:00:00Z', 'COMPLETED');
  await clock(alice, paris, '2027-01-11T08:07:00Z', '2027-01-11T11:30:00Z', 'VERIFIED', aliceMon);
  await clock(alice, london, '2027-01-11T12:00:00Z', '2027-01-11T17:00:00Z', 'PENDING_REVIEW');
  // Bob works 09:00-19:00 at London, no shift.
  await clock(bob, london, '2027-01-11T09:00:00Z', '2027-01-11T19:00:00Z', 'APPROVED');
  // Carol's shift at Paris 10:00-14:00 (09:00Z-13:00Z): she never clocks in. Her other record is rejected.
  const carolMon = await shift(carol, paris, '2027-01-11T09:00:00Z', '2027-01-11T13:00:00Z');
  await clock(carol, paris, '2027-01-11T14:00:00Z', '2027-01-11T18:00:00Z', 'REJECTED');
  // Tuesday 12: Bob's shift at London 09:00-17:00; he clocks in on time and is still clocked in.
  const bobTue = await shift(bob, london, '2027-01-12T09:00:00Z', '2027-01-12T17:00:00Z', 'IN_PROGRESS');
  await clock(bob, london, '2027-01-12T09:00:00Z', null, 'OPEN', bobTue);
  // Wednesday 13 at 00:30-04:30 Paris time (still Tuesday 23:30Z in UTC): Alice's night shift, closed
  // by the missed clock-out job at its scheduled end and awaiting review.
  const aliceWed = await shift(alice, paris, '2027-01-12T23:30:00Z', '2027-01-13T03:30:00Z', 'COMPLETED');
  await clock(alice, paris, '2027-01-12T23:30:00Z', '2027-01-13T03:30:00Z', 'PENDING_REVIEW', aliceWed);
  // Saturday 16: Carol's shift 10:00-14:00 Paris, after "now".
  await shift(carol, paris, '2027-01-16T09:00:00Z', '2027-01-16T13:00:00Z');
  // Outside the week: a cancelled shift, and Monday 18 at 00:30 Paris time (Sunday 23:30Z).
  await shift(alice, paris, '2027-01-14T08:00:00Z', '2027-01-14T16:00:00Z', 'CANCELLED');
  await clock(alice, paris, '2027-01-17T23:30:00Z', '2027-01-18T01:30:00Z', 'VERIFIED');

  // Leave, stored as the instants of local days in Europe/Paris (as POST /leave-requests does).
  const leave = async (userId: string, type: string, start: string, end: string, halfDay: string | null, status: string, days: number) => {
    const id = uuid();
    await ds.query(
      `INSERT INTO leave_requests (id, tenant_id, user_id, leave_type, start_date, end_date, half_day, days, days_decimal, status, decided_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, CASE WHEN $10 = 'PENDING' THEN NULL ELSE now() END)`,
      [id, tenantId, userId, type, start, end, halfDay, Math.ceil(days), days, status],
    );
    return id;
  };
  // Alice: annual leave Thursday 14 to Monday 18 (4 of its 5 days in the week); a sick half day (AM) on Tuesday 12.
  const aliceAnnual = await leave(alice, 'ANNUAL', '2027-01-13T23:00:00Z', '2027-01-18T22:59:59.999Z', null, 'APPROVED', 5);
  await leave(alice, 'SICK', '2027-01-11T23:00:00Z', '2027-01-12T10:59:59.999Z', 'AM', 'APPROVED', 0.5);
  // Bob: annual leave Friday 8 to Monday 11 (1 day in the week); a pending day on the 15th.
  await leave(bob, 'ANNUAL', '2027-01-07T23:00:00Z', '2027-01-11T22:59:59.999Z', null, 'APPROVED', 4);
  await leave(bob, 'ANNUAL', '2027-01-14T23:00:00Z', '2027-01-15T22:59:59.999Z', null, 'PENDING', 1);
  // Carol: a rejected day.
  await leave(carol, 'UNPAID', '2027-01-12T23:00:00Z', '2027-01-13T22:59:59.999Z', null, 'REJECTED', 1);
  // Alice's ledger: 10 days brought in, her annual leave taken (-5), and January's accrual on the 31st (after the week).
  const contract = uuid();
  await ds.query(
    `INSERT INTO hr_contracts (id, tenant_id, user_id, job_title, employment_type, status, start_date, created_at, updated_at) VALUES ($1, $2, $3, 'Cook', 'FULL_TIME', 'ACTIVE', '2026-01-01', now(), now())`,
    [contract, tenantId, alice],
  );
  await ds.query(
    `INSERT INTO leave_accrual_policies (contract_id, tenant_id, user_id, method, unit, starts_on, leave_year_start_month, on_exceed, created_at, updated_at)
     VALUES ($1, $2, $3, 'MONTHLY', 'DAYS', '2026-01-01', 1, 'WARN', now(), now())`,
    [contract, tenantId, alice],
  );
  const ledger = (kind: string, amount: string, effectiveOn: string, period: string | null, requestId: string | null) =>
    ds.query(
      `INSERT INTO leave_ledger_entries (id, tenant_id, user_id, kind, unit, amount, effective_on, period, leave_request_id, note, created_at) VALUES ($1, $2, $3, $4, 'DAYS', $5, $6, $7, $8, 'fixture', now())`,
      [uuid(), tenantId, alice, kind, amount, effectiveOn, period, requestId],
    );
  await ledger('ADJUSTMENT', '10.00', '2026-12-31', null, null);
  await ledger('TAKEN', '-5.00', '2027-01-14', null, aliceAnnual);
  await ledger('ACCRUAL', '2.33', '2027-01-31', '2027-01', null);

  // Door zones: Front at Paris, Store at London, Roof at no outlet (the company's zone).
  const zone = async (name: string, outletId: string | null) => {
    const id = uuid();
    await ds.query(`INSERT INTO access_zones (id, tenant_id, name, outlet_id) VALUES ($1, $2, $3, $4)`, [id, tenantId, name, outletId]);
    return id;
  };
  const zones = { front: await zone('Front', paris), store: await zone('Store', london), roof: await zone('Roof', null) };
  const tap = (userId: string | null, zoneId: string | null, occurredAt: string, eventType: Parameters<typeof insertAudit>[2]['eventType'] = 'GRANTED') =>
    insertAudit(ds, tenantId, { userId, zoneId, occurredAt, eventType });
  await tap(alice, zones.front, '2027-01-10T23:30:00Z'); // Monday 11 00:30 in Paris: in the week
  await tap(alice, zones.front, '2027-01-11T08:00:00Z');
  await tap(alice, zones.front, '2027-01-12T08:00:00Z');
  await tap(alice, zones.front, '2027-01-11T22:30:00Z', 'DENIED_OUTSIDE_HOURS');
  await tap(alice, zones.front, '2027-01-12T09:00:00Z', 'REVOKED'); // a grant withdrawn, not a tap
  await tap(bob, zones.front, '2027-01-17T23:30:00Z', 'DENIED_NO_GRANT'); // Monday 18 00:30 in Paris: after the week
  await tap(bob, zones.store, '2027-01-17T23:30:00Z'); // Sunday 17 23:30 in London: in the week
  await tap(bob, zones.store, '2027-01-13T10:00:00Z', 'DENIED_EXPIRED');
  await tap(null, zones.roof, '2027-01-12T10:00:00Z', 'UNKNOWN_CREDENTIAL');
  await tap(null, null, '2027-01-12T10:00:00Z', 'UNKNOWN_READER');

  return { tenantId, paris, london, alice, bob, carol, zones, shifts: { aliceMon, carolMon, bobTue, aliceWed } };
}

/** The parts every report is built from, on a test database. */
export function reportParts(ds: DataSource): { repo: ReportsRepository; scopes: ReportScopes } {
  const repo = new ReportsRepository(ds);
  return { repo, scopes: new ReportScopes(repo, new OutletScopeService(new UserOutletsRepository(ds))) };
}

/** An OUTLET_MANAGER of these outlets, as a report's caller. */
export async function outletManager(ds: DataSource, tenantId: string, outletIds: string[]): Promise<ReportCaller> {
  const manager = await createUser(ds, tenantId, { role: 'OUTLET_MANAGER', password: null });
  await assignOutlets(ds, tenantId, manager.id, outletIds);
  return { kind: 'user', actor: { tenantId, userId: manager.id, role: 'OUTLET_MANAGER' } };
}

/**
 * Registers, in the calling `describe`, the shared test database with the seeded world and the
 * report `make` builds on it; read the returned object inside tests only.
 */
export function reportSuite<T>(make: (ds: DataSource, parts: ReturnType<typeof reportParts>) => T): { readonly ds: DataSource; readonly w: ReportWorld; readonly report: T } {
  const s = {} as { ds: DataSource; w: ReportWorld; report: T };
  let db: TestDatabase;
  before(async () => {
    db = await sharedTestDatabase();
    s.ds = db.dataSource;
    s.w = await seedReportWorld(s.ds);
    s.report = make(s.ds, reportParts(s.ds));
  });
  after(async () => db.drop());
  return s;
}
